import { describe, expect, test } from 'vitest';
import { annualizedRoi, daysHeld, investedCents, MIN_DAYS_ANNUALIZED, roi } from '#domain/orders/roi.ts';

const DAY = 86_400_000;
const OPEN = Date.UTC(2025, 0, 2, 15);

describe('ROI', () => {
  test('invested capital: margin first, else the debit paid', () => {
    expect(investedCents({ openingEffectCents: 12_500, initialMarginCents: 37_500 })).toBe(37_500);
    expect(investedCents({ openingEffectCents: -20_000, initialMarginCents: null })).toBe(20_000);
    expect(investedCents({ openingEffectCents: -20_000, initialMarginCents: 0 })).toBe(20_000);
    expect(investedCents({ openingEffectCents: 12_500, initialMarginCents: null })).toBeNull();
  });

  test('P/L over invested capital', () => {
    expect(roi(5_000, 20_000)).toBe(0.25);
    expect(roi(-7_500, 37_500)).toBe(-0.2);
    expect(roi(5_000, null)).toBeNull();
  });

  test('annualized by 365 over days held', () => {
    expect(daysHeld(OPEN, OPEN + 73 * DAY)).toBe(73);
    expect(annualizedRoi(0.25, OPEN, OPEN + 73 * DAY)).toBeCloseTo(1.25, 12);
    expect(annualizedRoi(0.1, OPEN, OPEN + 36.5 * DAY)).toBeCloseTo(1, 12);
    expect(annualizedRoi(null, OPEN, OPEN + DAY)).toBeNull();
  });

  test('not annualized before a week held: null, shown as a dash', () => {
    expect(MIN_DAYS_ANNUALIZED).toBe(7);
    expect(daysHeld(OPEN, OPEN + 2 * 3_600_000)).toBeCloseTo(1 / 12, 12);
    // Minutes after the open a −69% mark would read −25,216% a year.
    expect(annualizedRoi(-0.6909, OPEN, OPEN + 5 * 60_000)).toBeNull();
    expect(annualizedRoi(-0.6909, OPEN, OPEN + DAY)).toBeNull();
    expect(annualizedRoi(0.07, OPEN, OPEN + 7 * DAY - 1)).toBeNull();
    expect(annualizedRoi(0.07, OPEN, OPEN + 7 * DAY)).toBeCloseTo(3.65, 12);
  });
});
