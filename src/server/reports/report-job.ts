/**
 * The report job (docs/REPORTS.md): every minute it asks which sends are due (`dueRuns`), claims
 * each new period in `report_runs` (a period already there was sent), and e-mails each report at
 * that frequency to its recipients, the figures computed once per report from the market's
 * current frame. A send missed while the server was down is not made up once its window passed.
 */
import type { Kysely } from 'kysely';
import { REPORT_IDS, REPORTS, type ReportFrequency } from '#domain/reports/report-catalogue.ts';
import type { Database } from '../db/schema.ts';
import { type JobLog, type RunningJob, startPeriodicJob } from '../jobs/periodic-job.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MarketProvider } from '../market/provider.ts';
import { reportLines } from './report-content.ts';
import { reportEmail } from './report-email.ts';
import { dueRuns } from './report-schedule.ts';
import { recipientsOf } from './report-store.ts';

export interface ReportJobDeps {
  readonly db: Kysely<Database>;
  readonly market: MarketProvider;
  readonly mailer: Mailer;
  readonly appUrl: string;
}

const CHECK_MS = 60_000;

/** Sends every report offered at `frequency` to its recipients now; answers how many e-mails. */
export async function sendReports(deps: ReportJobDeps, frequency: ReportFrequency): Promise<number> {
  const now = deps.market.now();
  const snapshot = deps.market.snapshot();
  let sent = 0;
  for (const report of REPORT_IDS.filter((id) => REPORTS[id].frequencies.includes(frequency))) {
    const recipients = await recipientsOf(deps.db, report, frequency, now);
    if (recipients.length === 0) continue;
    const frame = snapshot.pin();
    let lines: ReturnType<typeof reportLines>;
    try {
      lines = reportLines(report, frame, snapshot.symbols);
    } finally {
      snapshot.unpin(frame);
    }
    for (const user of recipients) {
      await deps.mailer.send(
        reportEmail({ to: user.email, report, frequency, lines, asOfMs: now, appUrl: deps.appUrl }),
      );
      sent++;
    }
  }
  return sent;
}

/** Sends what is due and not yet sent; null when nothing was due. */
export async function runDueReports(
  deps: ReportJobDeps,
): Promise<{ period: string; emails: number }[] | null> {
  const done: { period: string; emails: number }[] = [];
  for (const run of dueRuns(deps.market.now())) {
    const claimed = await deps.db
      .insertInto('report_runs')
      .values({ frequency: run.frequency, period: run.period })
      .onConflict((oc) => oc.columns(['frequency', 'period']).doNothing())
      .returning('period')
      .executeTakeFirst();
    if (claimed) done.push({ period: run.period, emails: await sendReports(deps, run.frequency) });
  }
  return done.length > 0 ? done : null;
}

export function startReportJob(deps: ReportJobDeps, log: JobLog): RunningJob {
  return startPeriodicJob({
    name: 'reports sent',
    intervalMs: CHECK_MS,
    log,
    work: () => runDueReports(deps),
    // Not at start: the market need not be built for it.
    waitFirst: true,
  });
}
