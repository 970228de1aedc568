import { expect, test } from 'vitest';
import { maPercentile } from '#domain/indicators/ma-percentile.ts';
import { signRunOf } from '#domain/indicators/sign-run.ts';

const diff = (fast: number[], slow: number[]) => fast.map((f, i) => f - slow[i]!);

test('the signed run of fast − slow: sessions since the cross, equality counting as below', () => {
  expect(signRunOf(diff([1, 2, 3, 4], [2, 2, 2, 2])).signedLength()).toBe(2);
  expect(signRunOf(diff([3, 1, 1], [2, 2, 2])).signedLength()).toBe(-2);
  expect(signRunOf(diff([Number.NaN, 3, 4], [Number.NaN, 2, 2])).signedLength()).toBe(2);
  expect(signRunOf(diff([1, 2], [2, 2])).signedLength()).toBe(-2);
});

test('MA percentile ranks today’s distance against the sessions before it, by hand', () => {
  // SMA(2) of 1, 2, 3, 4, 8: –, 1.5, 2.5, 3.5, 6. Distances: ⅓, 0.2, ≈0.143; today (8 − 6)/6 = ⅓.
  // Strictly lower among the 3 sessions before today: 0.2 and 0.143 → 2 of 3.
  expect(maPercentile([1, 2, 3, 4, 8], 'sma', 2, 3)).toBeCloseTo(200 / 3, 12);
  // A 4-session lookback would reach the first close, which has no SMA(2).
  expect(maPercentile([1, 2, 3, 4, 8], 'sma', 2, 4)).toBeNaN();
});
