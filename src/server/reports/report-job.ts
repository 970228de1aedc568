/**
 * The report job (docs/REPORTS.md): every minute it asks which sends are due on the server's clock
 * (`dueRuns`) and e-mails each report at that frequency to those of its recipients not yet sent it
 * for that period, the figures computed once per report from the market's current frame (the
 * market is read only then, so a server with nothing to send never builds it). Each recipient's
 * send is claimed in `report_sends` before it goes out, so two checks (or two servers) never send
 * one twice; a failed send gives its claim back and is tried again at the next check, as long as
 * the period's window is open. A send missed while the server was down is not made up once its
 * window passed.
 */
import { type Kysely, sql } from 'kysely';
import {
  REPORT_IDS,
  REPORTS,
  type ReportFrequency,
  type ReportId,
} from '#domain/reports/report-catalogue.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { type JobLog, type RunningJob, startPeriodicJob } from '../jobs/periodic-job.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MarketProvider } from '../market/provider.ts';
import type { SignedInUser } from '../users/users.ts';
import { reportLines } from './report-content.ts';
import { reportEmail } from './report-email.ts';
import { dueRuns } from './report-schedule.ts';
import { recipientsOf } from './report-store.ts';

export interface ReportJobDeps {
  readonly db: Kysely<Database>;
  /** The schedule's time. */
  readonly clock: Pick<Clock, 'now'>;
  /** Read only when there is a report to send: a server that sends none need not build it. */
  readonly market: MarketProvider;
  readonly mailer: Mailer;
  readonly appUrl: string;
}

const CHECK_MS = 60_000;
/** Sends are remembered this long: longer than any period's window (a long weekend's). */
const SENDS_KEPT = sql<Date>`now() - interval '30 days'`;

/** Those of `recipients` who were not sent `report` for `period` yet. */
async function notYetSent(
  db: Kysely<Database>,
  report: ReportId,
  period: string,
  recipients: readonly SignedInUser[],
): Promise<SignedInUser[]> {
  if (recipients.length === 0) return [];
  const sent = await db
    .selectFrom('report_sends')
    .select('user_id')
    .where('report', '=', report)
    .where('period', '=', period)
    .execute();
  const done = new Set(sent.map((r) => r.user_id));
  return recipients.filter((u) => !done.has(u.id));
}

/** Claims one recipient's send; false when another check claimed it first. */
async function claim(
  db: Kysely<Database>,
  userId: number,
  report: ReportId,
  period: string,
): Promise<boolean> {
  const claimed = await db
    .insertInto('report_sends')
    .values({ user_id: userId, report, period })
    .onConflict((oc) => oc.columns(['user_id', 'report', 'period']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/**
 * Sends every report offered at `frequency` to its recipients now; answers how many e-mails.
 * With a `period`, only to those not sent it for that period, each recorded as sent; without (the
 * operator's send), to all. A failed send does not stop the others: they go out, then the run
 * fails with the failures (a period's failed sends are tried again at the next check).
 */
export async function sendReports(
  deps: ReportJobDeps,
  frequency: ReportFrequency,
  period: string | null = null,
): Promise<number> {
  const now = deps.clock.now();
  let sent = 0;
  const failures: unknown[] = [];
  for (const report of REPORT_IDS.filter((id) => REPORTS[id].frequencies.includes(frequency))) {
    const recipients = await recipientsOf(deps.db, report, frequency, now);
    const pending = period === null ? recipients : await notYetSent(deps.db, report, period, recipients);
    if (pending.length === 0) continue;
    const asOfMs = deps.market.now();
    const snapshot = deps.market.snapshot();
    const frame = snapshot.pin();
    let lines: ReturnType<typeof reportLines>;
    try {
      lines = reportLines(report, frame, snapshot.symbols);
    } finally {
      snapshot.unpin(frame);
    }
    for (const user of pending) {
      if (period !== null && !(await claim(deps.db, user.id, report, period))) continue;
      try {
        await deps.mailer.send(
          reportEmail({ to: user.email, report, frequency, lines, asOfMs, appUrl: deps.appUrl }),
        );
        sent++;
      } catch (err) {
        failures.push(err);
        if (period !== null)
          await deps.db
            .deleteFrom('report_sends')
            .where('user_id', '=', user.id)
            .where('report', '=', report)
            .where('period', '=', period)
            .execute();
      }
    }
  }
  if (failures.length > 0)
    throw new AggregateError(failures, `${failures.length} report e-mails failed (${sent} sent)`);
  return sent;
}

/**
 * Sends what is due and not yet sent; null when nothing was sent. A frequency whose sends failed
 * does not hold up the others; the run then fails with the failures, for the log.
 */
export async function runDueReports(
  deps: ReportJobDeps,
): Promise<{ period: string; emails: number }[] | null> {
  const done: { period: string; emails: number }[] = [];
  const failures: unknown[] = [];
  for (const run of dueRuns(deps.clock.now())) {
    try {
      const emails = await sendReports(deps, run.frequency, run.period);
      if (emails > 0) done.push({ period: run.period, emails });
    } catch (err) {
      failures.push(err);
    }
  }
  if (done.length > 0) await deps.db.deleteFrom('report_sends').where('sent_at', '<', SENDS_KEPT).execute();
  if (failures.length > 0) throw new AggregateError(failures, 'report sends failed');
  return done.length > 0 ? done : null;
}

export function startReportJob(deps: ReportJobDeps, log: JobLog): RunningJob {
  return startPeriodicJob({
    name: 'reports sent',
    intervalMs: CHECK_MS,
    log,
    work: () => runDueReports(deps),
    // The first check a minute after start, like each one after it.
    waitFirst: true,
  });
}
