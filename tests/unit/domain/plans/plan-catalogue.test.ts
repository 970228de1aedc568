import { describe, expect, test } from 'vitest';
import { PLANS, yearlySaving } from '#domain/plans/plan-catalogue.ts';

describe('plan catalogue (spec 1 §9)', () => {
  test('names and prices in cents', () => {
    expect(
      Object.values(PLANS).map((p) => [p.planId, p.name, p.monthlyPriceCents, p.billedPriceCents]),
    ).toEqual([
      [1, 'Beginner Monthly', 4900, 4900],
      [12, 'Beginner Yearly', 3900, 46800],
      [101, 'Advanced Monthly', 7500, 7500],
      [112, 'Advanced Yearly', 5900, 70800],
    ]);
  });

  test('level and cycle names', () => {
    expect(PLANS[112]).toMatchObject({ levelName: 'Advanced', cycleName: 'Yearly', level: 1, cycle: 12 });
    expect(PLANS[1]).toMatchObject({ levelName: 'Beginner', cycleName: 'Monthly', level: 0, cycle: 1 });
  });

  test('yearly saves over 20% on both levels', () => {
    expect(yearlySaving(0)).toBeCloseTo(10 / 49, 12);
    expect(yearlySaving(1)).toBeCloseTo(16 / 75, 12);
    expect(Math.min(yearlySaving(0), yearlySaving(1))).toBeGreaterThan(0.2);
  });
});
