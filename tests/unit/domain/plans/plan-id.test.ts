import { describe, expect, test } from 'vitest';
import { isValidPlanId, PLAN_IDS, parsePlanId, planIdOf, planParts } from '#domain/plans/plan-id.ts';

describe('plan ids', () => {
  test('are level × 100 + cycle', () => {
    expect(PLAN_IDS).toEqual([1, 12, 101, 112]);
    expect(planIdOf(0, 1)).toBe(1);
    expect(planIdOf(0, 12)).toBe(12);
    expect(planIdOf(1, 1)).toBe(101);
    expect(planIdOf(1, 12)).toBe(112);
  });

  test('split into level and cycle', () => {
    expect(planParts(112)).toEqual({ planId: 112, level: 1, cycle: 12 });
    expect(planParts(12)).toEqual({ planId: 12, level: 0, cycle: 12 });
    expect(planParts(101)).toEqual({ planId: 101, level: 1, cycle: 1 });
  });

  test('parse from route text and numbers', () => {
    expect(parsePlanId('112')).toEqual({ planId: 112, level: 1, cycle: 12 });
    expect(parsePlanId(1)).toEqual({ planId: 1, level: 0, cycle: 1 });
  });

  test.each(['', '0', '2', '13', '100', '012', '1.0', ' 1', '1e2', 'abc', '-1'])('reject %j', (text) => {
    expect(parsePlanId(text)).toBeUndefined();
  });

  test('validate only the four numeric ids', () => {
    expect(PLAN_IDS.every(isValidPlanId)).toBe(true);
    expect(isValidPlanId(2)).toBe(false);
    expect(isValidPlanId(112.5)).toBe(false);
    expect(isValidPlanId('112')).toBe(false);
    expect(isValidPlanId(null)).toBe(false);
  });
});
