import { describe, expect, test } from 'vitest';
import { PLAN_LIMIT_MESSAGES } from '#domain/errors.ts';
import type { PlanId } from '#domain/plans/plan-id.ts';
import { SubscriptionStatus } from '#domain/plans/subscription-status.ts';
import { assertCanRunScan, assertCanSaveScan } from '#server/screener/scan-limits.ts';
import type { SignedInUser } from '#server/users/users.ts';

const user = (status: SubscriptionStatus, planId: PlanId | null): SignedInUser => ({
  id: 1,
  guid: 'g',
  email: 'a@example.com',
  firstName: 'A',
  lastName: 'B',
  name: 'A B',
  subscription: { status, planId, goodUntilDays: 10, processor: null },
});
const beginner = user(SubscriptionStatus.Premium, 1);
const advanced = user(SubscriptionStatus.Premium, 112);
const trial = user(SubscriptionStatus.Trial, null);
const custom = (legs: number) => ({ strategy: 'custom', legs: Array.from({ length: legs }, () => ({})) });

describe('running scans', () => {
  test('custom legs up to the plan maximum: Beginner 2, Advanced and trial 5', () => {
    expect(() => assertCanRunScan(beginner, custom(2))).not.toThrow();
    expect(() => assertCanRunScan(beginner, custom(3))).toThrow(
      expect.objectContaining({ code: 'PLAN_LIMIT_REACHED', message: PLAN_LIMIT_MESSAGES.scanRun }),
    );
    expect(() => assertCanRunScan(advanced, custom(5))).not.toThrow();
    expect(() => assertCanRunScan(trial, custom(5))).not.toThrow();
    expect(() => assertCanRunScan(advanced, custom(6))).toThrow(
      expect.objectContaining({ code: 'PLAN_LIMIT_REACHED' }),
    );
  });

  test('fixed strategies run on every plan, whatever legs the request carries', () => {
    expect(() => assertCanRunScan(beginner, { strategy: 'iron_condor' })).not.toThrow();
    expect(() => assertCanRunScan(beginner, { strategy: 'iron_condor', legs: [1, 2, 3, 4] })).not.toThrow();
    expect(() => assertCanRunScan(beginner, { strategy: 'custom', legs: null })).not.toThrow();
  });

  test('an ended subscription runs no custom strategy', () => {
    const ended = user(SubscriptionStatus.PremiumEnded, 112);
    expect(() => assertCanRunScan(ended, custom(1))).toThrow(
      expect.objectContaining({ code: 'PLAN_LIMIT_REACHED' }),
    );
  });
});

describe('saving scans', () => {
  test('legs as for running, with the save wording', () => {
    expect(() => assertCanSaveScan(beginner, custom(3), 0)).toThrow(
      expect.objectContaining({ code: 'PLAN_LIMIT_REACHED', message: PLAN_LIMIT_MESSAGES.scanSave }),
    );
    expect(() => assertCanSaveScan(beginner, custom(3), null)).toThrow(
      expect.objectContaining({ code: 'PLAN_LIMIT_REACHED' }),
    );
  });

  test('a new scan needs room under the saved-scan cap (100 Beginner, 500 Advanced); an update does not', () => {
    const scan = { strategy: 'long_call' };
    expect(() => assertCanSaveScan(beginner, scan, 99)).not.toThrow();
    expect(() => assertCanSaveScan(beginner, scan, 100)).toThrow(
      expect.objectContaining({ code: 'PLAN_LIMIT_REACHED', message: PLAN_LIMIT_MESSAGES.scanSave }),
    );
    expect(() => assertCanSaveScan(beginner, scan, null)).not.toThrow();
    expect(() => assertCanSaveScan(advanced, scan, 499)).not.toThrow();
    expect(() => assertCanSaveScan(advanced, scan, 500)).toThrow(
      expect.objectContaining({ code: 'PLAN_LIMIT_REACHED' }),
    );
    expect(() => assertCanSaveScan(trial, scan, 499)).not.toThrow();
  });
});
