/**
 * What each plan allows (spec 1 §1, §6; spec 2 §6, §9.5; spec 3 §6). The server enforces these;
 * the app only mirrors them.
 */
import { BillingCycle, type PlanId, PlanLevel, planParts } from './plan-id.ts';
import { SubscriptionStatus } from './subscription-status.ts';

/** Report access level (spec 1 §3 enumeration None 0, Regular 1, Intraday 2). */
export const ReportsAvailability = { None: 0, Regular: 1, Intraday: 2 } as const;
export type ReportsAvailability = (typeof ReportsAvailability)[keyof typeof ReportsAvailability];

export interface PlanLimits {
  /** Legs of a custom strategy, any mix of options and at most one stock leg. */
  readonly maxCustomStrategyLegs: number;
  /** Trading accounts in the trade log; null means unlimited. */
  readonly maxTradingAccounts: number | null;
  /** Scans watched at once; 0 means the plan has no watching. */
  readonly maxWatchingScans: number;
  /** Scans saved in the screener (samples not counted). */
  readonly maxSavedScans: number;
  /** The Excel and Google Sheets add-in and its instructions. */
  readonly addIn: boolean;
  readonly reportsAvailability: ReportsAvailability;
}

/**
 * Scans an Advanced user may watch at once. Every watched scan is rerun through the trading
 * day, so the number is bounded; under 40 the watch popover shows 'Watching N out of 20
 * available scans' (spec 2 §6).
 */
export const ADVANCED_MAX_WATCHING_SCANS = 20;

/**
 * Saved scans per plan. Storing a scan costs little, so the caps only stop runaway use (a script
 * saving in a loop); a trader keeps a few dozen.
 */
export const BEGINNER_MAX_SAVED_SCANS = 100;
export const ADVANCED_MAX_SAVED_SCANS = 500;

const BEGINNER: PlanLimits = {
  maxCustomStrategyLegs: 2,
  maxTradingAccounts: 2,
  maxWatchingScans: 0,
  maxSavedScans: BEGINNER_MAX_SAVED_SCANS,
  addIn: false,
  reportsAvailability: ReportsAvailability.None,
};

const ADVANCED: PlanLimits = {
  maxCustomStrategyLegs: 5,
  maxTradingAccounts: null,
  maxWatchingScans: ADVANCED_MAX_WATCHING_SCANS,
  maxSavedScans: ADVANCED_MAX_SAVED_SCANS,
  addIn: true,
  reportsAvailability: ReportsAvailability.None,
};

/** Premium reports need a yearly plan: end-of-day for Beginner, intraday for Advanced. */
function reportsAvailabilityOf(planId: PlanId): ReportsAvailability {
  const { level, cycle } = planParts(planId);
  if (cycle !== BillingCycle.Yearly) return ReportsAvailability.None;
  return level === PlanLevel.Advanced ? ReportsAvailability.Intraday : ReportsAvailability.Regular;
}

export function planLimits(planId: PlanId): PlanLimits {
  const base = planParts(planId).level === PlanLevel.Advanced ? ADVANCED : BEGINNER;
  return { ...base, reportsAvailability: reportsAvailabilityOf(planId) };
}

/**
 * A trial is Advanced Monthly: five custom legs, unlimited accounts, watching, the add-in;
 * premium reports stay with yearly plans, so none during the trial.
 */
export const TRIAL_LIMITS: PlanLimits = Object.freeze(planLimits(101));

/** An ended trial or subscription allows nothing (the server answers 403 anyway). */
export const ENDED_LIMITS: PlanLimits = Object.freeze({
  maxCustomStrategyLegs: 0,
  maxTradingAccounts: 0,
  maxWatchingScans: 0,
  maxSavedScans: 0,
  addIn: false,
  reportsAvailability: ReportsAvailability.None,
});

/** The limits in force for a user: the trial's, the paid plan's, or nothing once ended. */
export function effectiveLimits(user: {
  readonly status: SubscriptionStatus;
  readonly planId: PlanId | null;
}): PlanLimits {
  switch (user.status) {
    case SubscriptionStatus.Trial:
      return TRIAL_LIMITS;
    case SubscriptionStatus.Premium:
    case SubscriptionStatus.PremiumCancelled:
      return user.planId === null ? ENDED_LIMITS : planLimits(user.planId);
    default:
      return ENDED_LIMITS;
  }
}

/** True while one more item fits under `max` (null = unlimited). */
export function hasRoom(used: number, max: number | null): boolean {
  return max === null || used < max;
}

/**
 * True when a scan's custom strategy holds more legs than the plan allows: such a scan can be
 * neither saved nor run, on the server or on the device (docs/PLANS.md).
 */
export function customLegsOverPlan(
  limits: PlanLimits,
  scan: { readonly strategy: string; readonly legs?: readonly unknown[] | null | undefined },
): boolean {
  return scan.strategy === 'custom' && (scan.legs?.length ?? 0) > limits.maxCustomStrategyLegs;
}
