import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DomainError } from '#domain/errors.ts';
import { planChangeKind, planChangePreview, thankYouState } from '#domain/plans/plan-change.ts';
import { PLAN_IDS } from '#domain/plans/plan-id.ts';

describe('planChangeKind (spec 1 §4)', () => {
  test('a longer cycle, or a higher level on the same cycle, is an upgrade', () => {
    const kinds = PLAN_IDS.flatMap((from) =>
      PLAN_IDS.map((to) => `${from}→${to} ${planChangeKind(from, to)}`),
    );
    expect(kinds).toEqual([
      '1→1 none',
      '1→12 upgrade',
      '1→101 upgrade',
      '1→112 upgrade',
      '12→1 downgrade',
      '12→12 none',
      '12→101 downgrade',
      '12→112 upgrade',
      '101→1 downgrade',
      '101→12 upgrade',
      '101→101 none',
      '101→112 upgrade',
      '112→1 downgrade',
      '112→12 downgrade',
      '112→101 downgrade',
      '112→112 none',
    ]);
  });

  test('is antisymmetric: an upgrade one way is a downgrade the other way', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PLAN_IDS), fc.constantFrom(...PLAN_IDS), (a, b) => {
        const there = planChangeKind(a, b);
        const back = planChangeKind(b, a);
        if (a === b) expect([there, back]).toEqual(['none', 'none']);
        else expect(new Set([there, back])).toEqual(new Set(['upgrade', 'downgrade']));
      }),
    );
  });
});

describe('planChangePreview', () => {
  const jan = { periodStartMs: Date.UTC(2025, 0, 1), periodEndMs: Date.UTC(2025, 1, 1) };

  test('monthly Beginner → monthly Advanced half-way: 16 of 31 days credited', () => {
    // credit = 4900 × 16/31 = 2529.03 → 2529 cents; charge = 7500 − 2529.
    expect(planChangePreview({ from: 1, to: 101, ...jan, nowMs: Date.UTC(2025, 0, 16) })).toEqual({
      kind: 'upgrade',
      immediateChargeAmount: 4971,
      newPlanPrice: 7500,
      discountAmount: 0,
      deductAmount: 2529,
      nextBillingDate: Date.UTC(2025, 1, 16),
    });
  });

  test('monthly Advanced → yearly Advanced: the new period runs a year from now', () => {
    // 20.5 of 31 days unused: 7500 × 20.5/31 = 4959.68 → 4960.
    const preview = planChangePreview({
      from: 101,
      to: 112,
      periodStartMs: Date.UTC(2025, 2, 1),
      periodEndMs: Date.UTC(2025, 3, 1),
      nowMs: Date.UTC(2025, 2, 11, 12),
    });
    expect(preview).toEqual({
      kind: 'upgrade',
      immediateChargeAmount: 65840,
      newPlanPrice: 70800,
      discountAmount: 0,
      deductAmount: 4960,
      nextBillingDate: Date.UTC(2026, 2, 11, 12),
    });
  });

  test('yearly Beginner → yearly Advanced with 183 of 365 days left', () => {
    // 46800 × 183/365 = 23464.11 → 23464.
    const preview = planChangePreview({
      from: 12,
      to: 112,
      periodStartMs: Date.UTC(2025, 0, 1),
      periodEndMs: Date.UTC(2026, 0, 1),
      nowMs: Date.UTC(2025, 6, 2),
    });
    expect(preview.deductAmount).toBe(23464);
    expect(preview.immediateChargeAmount).toBe(47336);
    expect(preview.nextBillingDate).toBe(Date.UTC(2026, 6, 2));
  });

  test('a promotion lowers the charge', () => {
    const preview = planChangePreview({
      from: 1,
      to: 101,
      ...jan,
      nowMs: Date.UTC(2025, 0, 16),
      discountCents: 1000,
    });
    expect(preview).toMatchObject({ discountAmount: 1000, immediateChargeAmount: 3971 });
  });

  test('a downgrade charges nothing now and starts at the period end', () => {
    expect(planChangePreview({ from: 112, to: 12, ...jan, nowMs: Date.UTC(2025, 0, 16) })).toEqual({
      kind: 'downgrade',
      immediateChargeAmount: 0,
      newPlanPrice: 46800,
      discountAmount: 0,
      deductAmount: 0,
      nextBillingDate: jan.periodEndMs,
    });
  });

  test('the credit is clamped to the period', () => {
    expect(planChangePreview({ from: 1, to: 101, ...jan, nowMs: Date.UTC(2025, 1, 5) }).deductAmount).toBe(0);
    expect(planChangePreview({ from: 1, to: 101, ...jan, nowMs: Date.UTC(2024, 11, 25) }).deductAmount).toBe(
      4900,
    );
  });

  test('refuses a change to the same plan and an empty period', () => {
    expect(() => planChangePreview({ from: 12, to: 12, ...jan, nowMs: jan.periodStartMs })).toThrow(
      DomainError,
    );
    expect(() => planChangePreview({ from: 1, to: 101, periodStartMs: 5, periodEndMs: 5, nowMs: 5 })).toThrow(
      'The billing period must end after it starts.',
    );
  });

  test('upgrade charge + credit + discount covers the new price; the credit never exceeds the old price', () => {
    const upgrades = PLAN_IDS.flatMap((from) =>
      PLAN_IDS.filter((to) => planChangeKind(from, to) === 'upgrade').map((to) => [from, to] as const),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...upgrades),
        fc.integer({ min: 1, max: 400 * 86_400_000 }),
        fc.integer({ min: -10 * 86_400_000, max: 410 * 86_400_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        ([from, to], length, offset, discountCents) => {
          const p = planChangePreview({
            from,
            to,
            periodStartMs: 0,
            periodEndMs: length,
            nowMs: offset,
            discountCents,
          });
          for (const amount of [p.immediateChargeAmount, p.deductAmount, p.discountAmount]) {
            expect(Number.isInteger(amount) && amount >= 0).toBe(true);
          }
          expect(p.deductAmount).toBeLessThanOrEqual(from === 1 ? 4900 : from === 12 ? 46800 : 7500);
          expect(p.immediateChargeAmount + p.deductAmount + p.discountAmount).toBeGreaterThanOrEqual(
            p.newPlanPrice,
          );
        },
      ),
    );
  });
});

describe('thankYouState', () => {
  test('pending, immediate or none', () => {
    expect(thankYouState({ errorCode: 'PENDING_PLAN_CHANGE' })).toBe('pending');
    expect(thankYouState({ immediateChargeAmount: 0 })).toBe('immediate');
    expect(thankYouState({ immediateChargeAmount: 4971 })).toBeNull();
    expect(thankYouState({})).toBeNull();
  });
});
