/**
 * Subscription statuses over time (spec 1 §4, §6, §9). A trial lasts 14 days from its start;
 * a cancelled premium subscription keeps access until the end of its paid billing period.
 */
import { DAY_MS } from './calendar.ts';

export const SubscriptionStatus = {
  Trial: 0,
  TrialEnded: 1,
  Premium: 2,
  PremiumCancelled: 3,
  PremiumEnded: 4,
} as const;
export type SubscriptionStatus = (typeof SubscriptionStatus)[keyof typeof SubscriptionStatus];

export const TRIAL_DAYS = 14;

/** Trial and premium (cancelled or not) have access; the two ended statuses only reach pricing. */
export function isActive(status: SubscriptionStatus): boolean {
  return (
    status === SubscriptionStatus.Trial ||
    status === SubscriptionStatus.Premium ||
    status === SubscriptionStatus.PremiumCancelled
  );
}

/** Paid and still running (cancelled subscriptions run to the end of the period). */
export function isPremium(status: SubscriptionStatus): boolean {
  return status === SubscriptionStatus.Premium || status === SubscriptionStatus.PremiumCancelled;
}

export function trialEndMs(trialStartedMs: number): number {
  return trialStartedMs + TRIAL_DAYS * DAY_MS;
}

export interface SubscriptionClock {
  readonly status: SubscriptionStatus;
  /** Epoch ms the trial started; needed while in trial. */
  readonly trialStartedMs: number | null;
  /** Epoch ms the paid billing period ends (exclusive); needed while premium. */
  readonly currentPeriodEndMs: number | null;
  /** The user cancelled; the subscription will not renew. */
  readonly cancelled: boolean;
}

/**
 * The status at `nowMs` when no payment event happens meanwhile. Renewals and purchases are
 * payment events handled by billing; time alone only ends a trial or a cancelled subscription.
 * A period is [start, end): at `end` exactly a cancelled subscription has ended.
 */
export function nextStatus(clock: SubscriptionClock, nowMs: number): SubscriptionStatus {
  const { status, trialStartedMs, currentPeriodEndMs, cancelled } = clock;
  switch (status) {
    case SubscriptionStatus.Trial:
      return trialStartedMs !== null && nowMs >= trialEndMs(trialStartedMs)
        ? SubscriptionStatus.TrialEnded
        : status;
    case SubscriptionStatus.Premium:
    case SubscriptionStatus.PremiumCancelled:
      if (!cancelled) return SubscriptionStatus.Premium;
      return currentPeriodEndMs !== null && nowMs >= currentPeriodEndMs
        ? SubscriptionStatus.PremiumEnded
        : SubscriptionStatus.PremiumCancelled;
    default:
      return status;
  }
}

/** Whole days left until `endMs`, rounded down, never negative: 0 means under 24 hours are left. */
export function goodUntilDays(endMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((endMs - nowMs) / DAY_MS));
}

/** The header's trial countdown (spec 1 §6). */
export function trialCountdownText(goodUntil: number): string {
  if (goodUntil <= 0) return 'Free trial expires today!';
  if (goodUntil === 1) return 'Free trial expires tomorrow!';
  return `Free trial ${goodUntil} days left`;
}
