import { describe, expect, test } from 'vitest';
import {
  ADVANCED_MAX_WATCHING_SCANS,
  customLegsOverPlan,
  ENDED_LIMITS,
  effectiveLimits,
  hasRoom,
  planLimits,
  ReportsAvailability,
  TRIAL_LIMITS,
} from '#domain/plans/plan-limits.ts';
import { SubscriptionStatus } from '#domain/plans/subscription-status.ts';

describe('plan limits (spec 1 §1, §6)', () => {
  test('Beginner: 2 custom legs, 2 accounts, no watching, 100 saved scans, no add-in', () => {
    expect(planLimits(1)).toEqual({
      maxCustomStrategyLegs: 2,
      maxTradingAccounts: 2,
      maxWatchingScans: 0,
      maxSavedScans: 100,
      addIn: false,
      reportsAvailability: ReportsAvailability.None,
    });
  });

  test('Advanced: 5 custom legs, unlimited accounts, watching, 500 saved scans, add-in', () => {
    expect(planLimits(101)).toEqual({
      maxCustomStrategyLegs: 5,
      maxTradingAccounts: null,
      maxWatchingScans: 20,
      maxSavedScans: 500,
      addIn: true,
      reportsAvailability: ReportsAvailability.None,
    });
    expect(ADVANCED_MAX_WATCHING_SCANS).toBe(20);
  });

  test('premium reports need a yearly plan: end-of-day for Beginner, intraday for Advanced', () => {
    expect(planLimits(1).reportsAvailability).toBe(0);
    expect(planLimits(12).reportsAvailability).toBe(1);
    expect(planLimits(101).reportsAvailability).toBe(0);
    expect(planLimits(112).reportsAvailability).toBe(2);
  });

  test('the trial has the Advanced Monthly limits', () => {
    expect(TRIAL_LIMITS).toEqual(planLimits(101));
  });

  test('effective limits follow the status', () => {
    expect(effectiveLimits({ status: SubscriptionStatus.Trial, planId: null })).toBe(TRIAL_LIMITS);
    expect(effectiveLimits({ status: SubscriptionStatus.Premium, planId: 12 })).toEqual(planLimits(12));
    expect(effectiveLimits({ status: SubscriptionStatus.PremiumCancelled, planId: 112 })).toEqual(
      planLimits(112),
    );
    expect(effectiveLimits({ status: SubscriptionStatus.TrialEnded, planId: null })).toBe(ENDED_LIMITS);
    expect(effectiveLimits({ status: SubscriptionStatus.PremiumEnded, planId: 112 })).toBe(ENDED_LIMITS);
    expect(effectiveLimits({ status: SubscriptionStatus.Premium, planId: null })).toBe(ENDED_LIMITS);
  });

  test('hasRoom: under the cap, or always when unlimited', () => {
    expect(hasRoom(1, 2)).toBe(true);
    expect(hasRoom(2, 2)).toBe(false);
    expect(hasRoom(0, 0)).toBe(false);
    expect(hasRoom(1_000, null)).toBe(true);
  });
});

describe('custom legs over the plan', () => {
  const legs = (n: number) => Array.from({ length: n }, () => ({}));
  test('counts every leg of a custom strategy against the plan', () => {
    expect(customLegsOverPlan(planLimits(1), { strategy: 'custom', legs: legs(2) })).toBe(false);
    expect(customLegsOverPlan(planLimits(1), { strategy: 'custom', legs: legs(3) })).toBe(true);
    expect(customLegsOverPlan(TRIAL_LIMITS, { strategy: 'custom', legs: legs(5) })).toBe(false);
    expect(customLegsOverPlan(ENDED_LIMITS, { strategy: 'custom', legs: legs(1) })).toBe(true);
    expect(customLegsOverPlan(ENDED_LIMITS, { strategy: 'custom', legs: null })).toBe(false);
  });
  test('a catalogue strategy is never over, whatever its legs', () => {
    expect(customLegsOverPlan(ENDED_LIMITS, { strategy: 'iron_condor', legs: legs(4) })).toBe(false);
  });
});
