/**
 * Report subscriptions (`report_subscriptions`, docs/REPORTS.md): the frequencies each user chose
 * per report, as the API answers them, and who gets a report at a frequency. A frequency the plan
 * no longer allows stays stored (it comes back with the plan) but is neither shown as chosen nor
 * sent.
 */
import type { ReportSubscription, ReportsAnswer } from '#api/reports.ts';
import { DomainError, PLAN_LIMIT_MESSAGES } from '#domain/errors.ts';
import { effectiveLimits } from '#domain/plans/plan-limits.ts';
import {
  frequencyAllowed,
  REPORT_IDS,
  REPORTS,
  type ReportFrequency,
  type ReportId,
} from '#domain/reports/report-catalogue.ts';
import type { Db } from '../screener/scan-store.ts';
import { type SignedInUser, signedInUser } from '../users/users.ts';

function subscriptionOf(user: SignedInUser, id: ReportId, stored: readonly string[]): ReportSubscription {
  const { title, description, frequencies: offered } = REPORTS[id];
  const { reportsAvailability } = effectiveLimits(user.subscription);
  const allowed = offered.filter((f) => frequencyAllowed(reportsAvailability, f));
  return { id, title, description, offered, allowed, frequencies: allowed.filter((f) => stored.includes(f)) };
}

async function storedFrequencies(db: Db, userId: number): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom('report_subscriptions')
    .select(['report', 'frequencies'])
    .where('user_id', '=', userId)
    .execute();
  return new Map(rows.map((r) => [r.report, r.frequencies]));
}

export async function reportsOf(db: Db, user: SignedInUser): Promise<ReportsAnswer> {
  const stored = await storedFrequencies(db, user.id);
  return {
    email: user.email,
    reports: REPORT_IDS.map((id) => subscriptionOf(user, id, stored.get(id) ?? [])),
  };
}

/**
 * Sets the frequencies of one report: each must be one the report offers (else 400) and the
 * plan allows (else PLAN_LIMIT_REACHED). Stored ones the plan does not allow now are kept.
 */
export async function saveReport(
  db: Db,
  user: SignedInUser,
  id: ReportId,
  frequencies: readonly ReportFrequency[],
): Promise<ReportSubscription> {
  const { frequencies: offered } = REPORTS[id];
  const unknown = frequencies.filter((f) => !offered.includes(f));
  if (unknown.length > 0) {
    const message = `${REPORTS[id].title} is not sent at ${unknown.join(', ')}.`;
    throw new DomainError('VALIDATION_FAILED', { message, details: { 'body.frequencies': message } });
  }
  const { reportsAvailability } = effectiveLimits(user.subscription);
  if (frequencies.some((f) => !frequencyAllowed(reportsAvailability, f)))
    throw new DomainError('PLAN_LIMIT_REACHED', { message: PLAN_LIMIT_MESSAGES.report });
  const chosen = [...new Set(frequencies)];
  // Frequencies chosen under a plan that allowed them stay stored, for when the plan does again.
  const before = (await storedFrequencies(db, user.id)).get(id) ?? [];
  const kept = offered.filter(
    (f) => before.includes(f) && !chosen.includes(f) && !frequencyAllowed(reportsAvailability, f),
  );
  const stored = JSON.stringify([...chosen, ...kept]);
  await db
    .insertInto('report_subscriptions')
    .values({ user_id: user.id, report: id, frequencies: stored })
    .onConflict((oc) => oc.columns(['user_id', 'report']).doUpdateSet({ frequencies: stored }))
    .execute();
  return subscriptionOf(user, id, chosen);
}

/** The users who get `report` at `frequency` now (their plan allows it), with their address. */
export async function recipientsOf(
  db: Db,
  report: ReportId,
  frequency: ReportFrequency,
  nowMs: number,
): Promise<SignedInUser[]> {
  const rows = await db
    .selectFrom('report_subscriptions as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .selectAll('u')
    .select('r.frequencies')
    .where('r.report', '=', report)
    .execute();
  return rows
    .filter((row) => row.frequencies.includes(frequency))
    .map((row) => signedInUser(row, nowMs))
    .filter((user) => frequencyAllowed(effectiveLimits(user.subscription).reportsAvailability, frequency));
}
