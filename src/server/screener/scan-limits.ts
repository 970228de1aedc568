/**
 * Plan limits on scans (spec 2 §6, §8; docs/PLANS.md): a custom strategy may hold at most the
 * plan's `maxCustomStrategyLegs` legs, to save or to run it, and a user keeps at most the plan's
 * `maxSavedScans` scans. Both answer 422 PLAN_LIMIT_REACHED with the spec's wording for the action.
 */
import { DomainError, PLAN_LIMIT_MESSAGES } from '#domain/errors.ts';
import { customLegsOverPlan, effectiveLimits, hasRoom } from '#domain/plans/plan-limits.ts';
import type { SignedInUser } from '../users/users.ts';

interface LegsOfScan {
  readonly strategy: string;
  readonly legs?: readonly unknown[] | null | undefined;
}

const legsOverPlan = (user: SignedInUser, scan: LegsOfScan): boolean =>
  customLegsOverPlan(effectiveLimits(user.subscription), scan);

/**
 * For the run and export routes: throws PLAN_LIMIT_REACHED ('Unable to run the scan due to
 * current subscription plan limitations.') when the user's plan cannot run this scan.
 */
export function assertCanRunScan(user: SignedInUser, scan: LegsOfScan): void {
  if (legsOverPlan(user, scan)) {
    throw new DomainError('PLAN_LIMIT_REACHED', { message: PLAN_LIMIT_MESSAGES.scanRun });
  }
}

/**
 * Before storing a scan: its legs must fit the plan, and a new scan must fit under the plan's
 * saved-scan cap (`savedCount` = the user's scans before this one; null for an update).
 */
export function assertCanSaveScan(user: SignedInUser, scan: LegsOfScan, savedCount: number | null): void {
  const limits = effectiveLimits(user.subscription);
  if (legsOverPlan(user, scan) || (savedCount !== null && !hasRoom(savedCount, limits.maxSavedScans))) {
    throw new DomainError('PLAN_LIMIT_REACHED', { message: PLAN_LIMIT_MESSAGES.scanSave });
  }
}
