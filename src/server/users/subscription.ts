/**
 * A user's subscription at a moment of the server clock, computed on read from the stored
 * status and dates (nothing is rewritten as time passes, so moving the test clock back undoes
 * an ended trial too).
 *
 * The trial runs through the rest of the sign-up day and 14 more full days (UTC): it ends 14
 * days after the first 00:00 UTC at or after sign-up. A new user therefore reads "14 days
 * left", the last day "expires today", and the trial lasts at least 14 days and is over 15
 * days after sign-up at the latest.
 */
import { DAY_MS } from '#domain/plans/calendar.ts';
import { isValidPlanId, type PlanId } from '#domain/plans/plan-id.ts';
import {
  goodUntilDays,
  nextStatus,
  SubscriptionStatus,
  TRIAL_DAYS,
} from '#domain/plans/subscription-status.ts';

export interface StoredSubscription {
  readonly status: number;
  readonly plan_id: number | null;
  readonly trial_ends_at: Date;
  readonly period_end: Date | null;
  readonly cancelled: boolean;
  readonly processor: string | null;
}

export interface Subscription {
  readonly status: SubscriptionStatus;
  readonly planId: PlanId | null;
  /** Whole days of access left (trial or paid period), rounded down; 0 = the last day. */
  readonly goodUntilDays: number;
  /** Who bills the subscription; null when billed outside the app (no in-app change or cancel). */
  readonly processor: string | null;
}

/** When a trial started at `signupMs` ends, epoch ms. */
export function trialEndFor(signupMs: number): number {
  const nextMidnight = Math.ceil(signupMs / DAY_MS) * DAY_MS;
  return nextMidnight + TRIAL_DAYS * DAY_MS;
}

function storedStatus(value: number): SubscriptionStatus {
  return (Object.values(SubscriptionStatus) as number[]).includes(value)
    ? (value as SubscriptionStatus)
    : SubscriptionStatus.TrialEnded;
}

export function subscriptionAt(row: StoredSubscription, nowMs: number): Subscription {
  const trialEndMs = row.trial_ends_at.getTime();
  const periodEndMs = row.period_end?.getTime() ?? null;
  const status = nextStatus(
    {
      status: storedStatus(row.status),
      trialStartedMs: trialEndMs - TRIAL_DAYS * DAY_MS,
      currentPeriodEndMs: periodEndMs,
      cancelled: row.cancelled,
    },
    nowMs,
  );
  const endMs =
    status === SubscriptionStatus.Trial
      ? trialEndMs
      : status === SubscriptionStatus.Premium || status === SubscriptionStatus.PremiumCancelled
        ? periodEndMs
        : null;
  return {
    status,
    planId: isValidPlanId(row.plan_id) ? row.plan_id : null,
    goodUntilDays: endMs === null ? 0 : goodUntilDays(endMs, nowMs),
    processor: row.processor,
  };
}
