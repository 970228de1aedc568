/**
 * The watch job (docs/WATCHING.md): while the market is open, every WATCH_INTERVAL_MS, each
 * watched scan is run again and its top trades compared with what its owner last heard of
 * (`watchOutcome`). New ones are sent as one alert: a push message to each browser the owner
 * enabled alerts on, and an e-mail. Scans run one at a time, so a check never takes more than one
 * scan's share of the engine.
 */
import type { Kysely } from 'kysely';
import type { ScanTradeRow } from '#api/scans.ts';
import { DomainError } from '#domain/errors.ts';
import { effectiveLimits } from '#domain/plans/plan-limits.ts';
import { watchOutcome } from '#domain/watching/new-trades.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import type { ScanEngine } from '../engine/scan-engine.ts';
import { type JobLog, type RunningJob, startPeriodicJob } from '../jobs/periodic-job.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MarketProvider } from '../market/provider.ts';
import { signedInUser } from '../users/users.ts';
import type { PushSend } from './push-sender.ts';
import { alertEmail, alertPushPayload } from './watch-alerts.ts';
import { runWatchedScan } from './watch-check.ts';

export interface WatchJobDeps {
  readonly db: Kysely<Database>;
  readonly engine: ScanEngine;
  readonly market: MarketProvider;
  readonly clock: Clock;
  readonly mailer: Mailer;
  readonly push: PushSend;
  readonly appUrl: string;
  readonly budgetMs: number;
  /** Where a watch whose check failed is reported. */
  readonly log: Pick<JobLog, 'error'>;
}

export interface WatchCheckReport {
  readonly checked: number;
  readonly alerts: number;
  readonly tooExpensive: number;
}

/** Sends one alert to the owner's browsers and mailbox; a browser whose subscription is gone is forgotten. */
async function deliver(
  deps: WatchJobDeps,
  owner: { readonly id: number; readonly email: string },
  scan: { readonly id: number; readonly title: string },
  trades: readonly ScanTradeRow[],
): Promise<void> {
  const input = { scan, trades, appUrl: deps.appUrl };
  const subscriptions = await deps.db
    .selectFrom('push_subscriptions')
    .select(['endpoint', 'p256dh', 'auth'])
    .where('user_id', '=', owner.id)
    .execute();
  const payload = alertPushPayload(input);
  for (const subscription of subscriptions) {
    if ((await deps.push(subscription, payload)) === 'gone')
      await deps.db.deleteFrom('push_subscriptions').where('endpoint', '=', subscription.endpoint).execute();
  }
  await deps.mailer.send(alertEmail({ ...input, to: owner.email }));
}

type WatchRow = Awaited<ReturnType<typeof watchesToCheck>>[number];

/** The watches to check, the longest unchecked first. */
function watchesToCheck(db: Kysely<Database>) {
  return db
    .selectFrom('scan_watches as w')
    .innerJoin('scans as s', 's.id', 'w.scan_id')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .selectAll('u')
    .select(['w.scan_id', 'w.seen', 'w.alerted_at'])
    .where('w.error', 'is', null)
    .orderBy('w.checked_at', (ob) => ob.asc().nullsFirst())
    .execute();
}

const watchKey = (db: Kysely<Database>, userId: number, scanId: number) =>
  db.updateTable('scan_watches').where('user_id', '=', userId).where('scan_id', '=', scanId);

/** What one watch's check did: skipped (not run), or run and found too expensive, quiet or news. */
type WatchCheck = 'skipped' | 'tooExpensive' | 'quiet' | 'alerted';

async function checkWatch(deps: WatchJobDeps, watch: WatchRow, now: number): Promise<WatchCheck> {
  const owner = signedInUser(watch, now);
  // A plan without watching (an ended subscription) keeps the watch for when it has it again.
  if (effectiveLimits(owner.subscription).maxWatchingScans === 0) return 'skipped';
  const scan = await deps.db
    .selectFrom('scans')
    .selectAll()
    .where('id', '=', watch.scan_id)
    .executeTakeFirst();
  if (!scan) return 'skipped';
  const run = await runWatchedScan(deps, owner, scan).catch((err: unknown) => {
    // The plan no longer runs this scan (more custom legs than it allows): skip, keep the watch.
    if (err instanceof DomainError && err.code === 'PLAN_LIMIT_REACHED') return null;
    throw err;
  });
  if (run === null) return 'skipped';
  if (run.kind === 'tooExpensive') {
    await watchKey(deps.db, owner.id, scan.id)
      .set({ error: 'WATCHING_TOO_EXPENSIVE', checked_at: new Date(now) })
      .execute();
    return 'tooExpensive';
  }
  const { announce, next } = watchOutcome(
    { seen: watch.seen, alertedAt: watch.alerted_at?.getTime() ?? null },
    run.top,
    now,
  );
  // Saved before the alert goes out: a delivery that fails halfway is not sent again next time.
  await watchKey(deps.db, owner.id, scan.id)
    .set({
      seen: JSON.stringify(next.seen),
      alerted_at: next.alertedAt === null ? null : new Date(next.alertedAt),
      checked_at: new Date(now),
    })
    .execute();
  if (announce.length === 0) return 'quiet';
  await deliver(deps, owner, { id: scan.id, title: scan.title }, announce);
  return 'alerted';
}

/**
 * Checks every watched scan once; nothing while the market is closed (its results cannot change).
 * A watch whose check fails (the engine, the mail server) is logged and goes to the back of the
 * queue: one watch never stops the others.
 */
async function checkWatchedScans(deps: WatchJobDeps): Promise<WatchCheckReport | null> {
  // Without watches the market is not read, so a server nobody watches on never builds it.
  const any = await deps.db
    .selectFrom('scan_watches')
    .select('scan_id')
    .where('error', 'is', null)
    .limit(1)
    .executeTakeFirst();
  if (!any) return { checked: 0, alerts: 0, tooExpensive: 0 };
  if (!deps.market.isOpen()) return null;
  let checked = 0;
  let alerts = 0;
  let tooExpensive = 0;
  for (const watch of await watchesToCheck(deps.db)) {
    const now = deps.clock.now();
    let outcome: WatchCheck;
    try {
      outcome = await checkWatch(deps, watch, now);
    } catch (err) {
      deps.log.error({ err, userId: watch.id, scanId: watch.scan_id }, 'watched scan check failed');
      await watchKey(deps.db, watch.id, watch.scan_id)
        .set({ checked_at: new Date(now) })
        .execute();
      continue;
    }
    if (outcome === 'skipped') continue;
    checked++;
    if (outcome === 'alerted') alerts++;
    if (outcome === 'tooExpensive') tooExpensive++;
  }
  return { checked, alerts, tooExpensive };
}

export function startWatchJob(
  deps: WatchJobDeps,
  options: { intervalMs: number; log: JobLog },
): RunningJob<WatchCheckReport> {
  return startPeriodicJob({
    name: 'watched scans checked',
    intervalMs: options.intervalMs,
    log: options.log,
    work: () => checkWatchedScans(deps),
    // Not at start: the market need not be built for it, and a restart does not add a check.
    waitFirst: true,
  });
}
