/**
 * The subscription lifecycle on the business clock (docs/BILLING.md "Lifecycle"), run by a job:
 *
 * - renewals: a running subscription whose period has ended is renewed by its processor (when the
 *   processor does not renew by itself), dated at the period end, its pending downgrade taking
 *   effect; a declined renewal is retried once a day for GRACE_DAYS, then the subscription ends;
 * - e-mails: a reminder 3 days before a trial ends, and a notice when a trial or a subscription
 *   has ended.
 *
 * Safe to run twice, at once, and after downtime: renewal attempts have ids derived from the
 * subscription, period end and attempt (a second run applies nothing new), periods are renewed
 * one after the other until the current one is reached, and each e-mail is recorded in
 * `sent_notices` before it is sent (once per user, kind and date). Statuses that time alone moves
 * (a trial or a cancelled subscription ending) are computed on read (`users/subscription.ts`),
 * so access never waits for this job.
 */
import type { Kysely } from 'kysely';
import { DAY_MS } from '#domain/plans/calendar.ts';
import { isValidPlanId } from '#domain/plans/plan-id.ts';
import { SubscriptionStatus } from '#domain/plans/subscription-status.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import type { UserRow } from '../users/users.ts';
import type { Billing } from './billing.ts';
import { billedSubscription } from './billing-store.ts';
import { GRACE_DAYS } from './grace.ts';

/** Trial reminders go out this long before the trial ends. */
export const TRIAL_REMINDER_DAYS = 3;
/** End notices are sent for endings this recent (a first run does not write to every old trial). */
export const END_NOTICE_WINDOW_DAYS = 31;
/** At most this many renewals of one subscription per run (a safety bound, years of monthly periods). */
const MAX_RENEWALS_PER_RUN = 60;

export interface LifecycleNotices {
  trialReminder(user: UserRow, trialEndMs: number): Promise<void>;
  ended(user: UserRow, ending: { readonly wasTrial: boolean; readonly endedMs: number }): Promise<void>;
}

export interface LifecycleDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly billing: Billing;
  readonly notices: LifecycleNotices;
}

export interface LifecycleReport {
  readonly renewals: number;
  readonly failedRenewals: number;
  readonly ended: number;
  readonly reminders: number;
  readonly endNotices: number;
}

type Renewal = { renewals: number; failedRenewals: number; ended: number };

/** Renews one subscription up to now, period after period; ends it when its grace has run out. */
async function renewUpToNow(
  deps: LifecycleDeps,
  userId: number,
  nowMs: number,
  done: Renewal,
): Promise<void> {
  const { billing } = deps;
  const renew = billing.processor.renew?.bind(billing.processor);
  if (!renew) return;
  for (let i = 0; i < MAX_RENEWALS_PER_RUN; i++) {
    const user = await billing.userRow(userId);
    const sub = billedSubscription(user);
    if (!sub || user.status !== SubscriptionStatus.Premium || user.cancelled || sub.periodEndMs > nowMs)
      return;
    const pending = isValidPlanId(user.pending_plan_id) ? user.pending_plan_id : null;
    // Attempt k is made k days after the period end; the ones due are made in order.
    const due = Math.min(Math.floor((nowMs - sub.periodEndMs) / DAY_MS), GRACE_DAYS - 1);
    let paid = false;
    for (let attempt = 0; attempt <= due && !paid; attempt++) {
      const effects = await billing.apply(
        await renew(sub, pending, attempt, sub.periodEndMs + attempt * DAY_MS),
        { userId },
      );
      const charge = effects.charges[0]?.invoice;
      if (charge?.status === 'paid') done.renewals += 1;
      if (charge?.status === 'failed') done.failedRenewals += 1;
      paid = (await billing.userRow(userId)).period_end?.getTime() !== sub.periodEndMs;
    }
    if (paid) continue;
    if (nowMs >= sub.periodEndMs + GRACE_DAYS * DAY_MS) {
      await deps.db
        .updateTable('users')
        .set({ status: SubscriptionStatus.PremiumEnded, cancelled: true, pending_plan_id: null })
        .where('id', '=', userId)
        .where('status', '=', SubscriptionStatus.Premium)
        .execute();
      done.ended += 1;
    }
    return;
  }
}

/** Records the notice, then sends it; a failed send forgets it so the next run tries again. */
async function once(
  db: Kysely<Database>,
  userId: number,
  kind: string,
  ref: string,
  send: () => Promise<void>,
): Promise<boolean> {
  const fresh = await db
    .insertInto('sent_notices')
    .values({ user_id: userId, kind, ref })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'ref']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (!fresh) return false;
  try {
    await send();
    return true;
  } catch (err) {
    await db
      .deleteFrom('sent_notices')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('ref', '=', ref)
      .execute();
    throw err;
  }
}

export async function runBillingLifecycle(deps: LifecycleDeps): Promise<LifecycleReport> {
  const { db, notices } = deps;
  const now = deps.clock.now();
  const done: Renewal = { renewals: 0, failedRenewals: 0, ended: 0 };
  const due = await db
    .selectFrom('users')
    .select('id')
    .where('processor', '=', deps.billing.processor.name)
    .where('status', '=', SubscriptionStatus.Premium)
    .where('cancelled', '=', false)
    .where('period_end', '<=', new Date(now))
    .orderBy('id')
    .execute();
  for (const { id } of due) await renewUpToNow(deps, id, now, done);

  let reminders = 0;
  const endingTrials = await db
    .selectFrom('users')
    .selectAll()
    .where('status', '=', SubscriptionStatus.Trial)
    .where('trial_ends_at', '>', new Date(now))
    .where('trial_ends_at', '<=', new Date(now + TRIAL_REMINDER_DAYS * DAY_MS))
    .execute();
  for (const user of endingTrials) {
    const endMs = user.trial_ends_at.getTime();
    if (
      await once(db, user.id, 'trial_reminder', user.trial_ends_at.toISOString(), () =>
        notices.trialReminder(user, endMs),
      )
    )
      reminders += 1;
  }

  let endNotices = 0;
  const windowStart = new Date(now - END_NOTICE_WINDOW_DAYS * DAY_MS);
  const endedTrials = await db
    .selectFrom('users')
    .selectAll()
    .where('status', '=', SubscriptionStatus.Trial)
    .where('trial_ends_at', '<=', new Date(now))
    .where('trial_ends_at', '>', windowStart)
    .execute();
  const endedSubscriptions = await db
    .selectFrom('users')
    .selectAll()
    .where('status', 'in', [
      SubscriptionStatus.Premium,
      SubscriptionStatus.PremiumCancelled,
      SubscriptionStatus.PremiumEnded,
    ])
    .where('cancelled', '=', true)
    .where('period_end', '<=', new Date(now))
    .where('period_end', '>', windowStart)
    .execute();
  const endings = [
    ...endedTrials.map((user) => ({ user, wasTrial: true, endedMs: user.trial_ends_at.getTime() })),
    ...endedSubscriptions.map((user) => ({
      user,
      wasTrial: false,
      // A declined renewal ends when its grace runs out, a cancelled subscription at its period end.
      endedMs: Math.min(
        now,
        (user.period_end?.getTime() ?? now) + (user.payment_failed_at ? GRACE_DAYS * DAY_MS : 0),
      ),
    })),
  ];
  for (const { user, wasTrial, endedMs } of endings) {
    const ref = `${wasTrial ? 'trial' : 'period'}:${new Date(wasTrial ? endedMs : (user.period_end?.getTime() ?? endedMs)).toISOString()}`;
    if (await once(db, user.id, 'ended', ref, () => notices.ended(user, { wasTrial, endedMs })))
      endNotices += 1;
  }
  return { ...done, reminders, endNotices };
}
