/**
 * The report job on a database and market of the test's own, at a moment the end-of-day send is
 * due (Wednesday 2026-03-04, 5 pm New York): a mailer that fails once for one recipient does not
 * lose the period for the others, the next check sends what failed, and nobody gets a report
 * twice. The market (built on first use, which takes seconds) is built only when there is a report
 * to send; the watch job, with no watches, does not build it either.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SubscriptionStatus } from '#domain/plans/subscription-status.ts';
import type { Clock } from '#server/clock.ts';
import { loadConfig } from '#server/config.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '#server/db/database.ts';
import { ScanEngine } from '#server/engine/scan-engine.ts';
import type { Mailer, MailMessage } from '#server/mail/mailer.ts';
import { LazyMarket } from '#server/market/lazy-market.ts';
import { createSimulatedMarket, type SimulatedMarket } from '#server/market/simulator.ts';
import { runDueReports } from '#server/reports/report-job.ts';
import { startWatchJob } from '#server/watching/watch-job.ts';
import { TEST_MARKET } from '../support/trades.ts';

const DUE = Date.parse('2026-03-04T22:00:00Z');
const DAY = 86_400_000;

let dataDir: string;
let database: DatabaseHandle;
let market: SimulatedMarket;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'report-job-'));
  database = await openDatabase({ ...loadConfig({ NODE_ENV: 'test' }), dataDir });
  await migrateToLatest(database.db);
  market = createSimulatedMarket(TEST_MARKET, { clock: () => DUE });
});
afterAll(async () => {
  market?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A user on Advanced yearly who chose `reports` at end of day. */
async function subscriber(email: string, reports: readonly string[]): Promise<void> {
  const user = await database.db
    .insertInto('users')
    .values({
      issuer: 'test',
      sub: email,
      email,
      status: SubscriptionStatus.Premium,
      plan_id: 112,
      trial_ends_at: new Date(DUE - 30 * DAY),
      period_start: new Date(DUE - DAY),
      period_end: new Date(DUE + 300 * DAY),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const report of reports)
    await database.db
      .insertInto('report_subscriptions')
      .values({ user_id: user.id, report, frequencies: JSON.stringify(['d_eod']) })
      .execute();
}

/** Records what it sends; the first send to `failFor` throws. */
function mailerFailingOnceFor(failFor: string): Mailer & { readonly sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  let failed = false;
  return {
    kind: 'outbox',
    sent,
    async send(message) {
      if (message.to === failFor && !failed) {
        failed = true;
        throw new Error('421 try again later');
      }
      sent.push(message);
    },
    close: async () => {},
  };
}

test('a send that failed for one recipient goes out at the next check; the others once each', async () => {
  await subscriber('ada@example.com', ['vwks', 'oiwks']);
  await subscriber('bo@example.com', ['vwks', 'oiwks']);
  await subscriber('cy@example.com', ['vwks']);
  const mailer = mailerFailingOnceFor('bo@example.com');
  const deps = {
    db: database.db,
    clock: { now: () => DUE },
    market,
    mailer,
    appUrl: 'https://app.example.com',
  };

  await expect(runDueReports(deps)).rejects.toThrow();
  const first = mailer.sent.map((m) => m.to).sort();
  // Bo's first report failed; everything after it still went out.
  expect(first).toEqual(['ada@example.com', 'ada@example.com', 'bo@example.com', 'cy@example.com']);

  expect(await runDueReports(deps)).toEqual([{ period: '2026-03-04', emails: 1 }]);
  expect(await runDueReports(deps)).toBeNull();
  const got = mailer.sent.map((m) => `${m.to} ${m.subject.split(':')[0]}`).sort();
  expect(got).toEqual([
    'ada@example.com Center of Mass',
    'ada@example.com Open Interest',
    'bo@example.com Center of Mass',
    'bo@example.com Open Interest',
    'cy@example.com Center of Mass',
  ]);
});

test('the report and watch jobs build the market only when they have something to send', async () => {
  let now = Date.parse('2026-03-04T15:00:00Z');
  const clock: Clock = { now: () => now, offsetMs: () => 0, movable: false, setOffsetMs: async () => {} };
  const lazy = new LazyMarket(
    'simulator',
    () => createSimulatedMarket(TEST_MARKET, { clock: clock.now }),
    clock.now,
  );
  const mailer = mailerFailingOnceFor('nobody@example.com');
  const deps = { db: database.db, clock, market: lazy, mailer, appUrl: 'https://app.example.com' };
  try {
    // Mid-session: nothing is due.
    expect(await runDueReports(deps)).toBeNull();
    // Due, but every recipient has had this period.
    now = DUE;
    expect(await runDueReports(deps)).toBeNull();
    const engine = new ScanEngine({
      market: () => {
        throw new Error('no scan without a watch');
      },
      workers: 0,
      timeBudgetMs: 1_000,
    });
    const watchDeps = {
      ...deps,
      engine,
      push: () => Promise.reject(new Error('no push without a watch')),
      budgetMs: 1_000,
      log: { error: () => {} },
    };
    const watching = startWatchJob(watchDeps, {
      intervalMs: 3_600_000,
      log: { info: () => {}, error: () => {} },
    });
    expect(await watching.runNow()).toEqual({ checked: 0, alerts: 0, tooExpensive: 0 });
    await watching.stop();
    expect(lazy.built).toBe(false);

    await subscriber('dee@example.com', ['oiwks']);
    expect(await runDueReports(deps)).toEqual([{ period: '2026-03-04', emails: 1 }]);
    expect(lazy.built).toBe(true);
  } finally {
    lazy.close();
  }
});
