import { expect, test } from 'vitest';
import { atr } from '#server/market/technicals/atr.ts';

test("Wilder's ATR(2) by hand", () => {
  // TR: 2 (high − low), max(2, |11−9|, |9−9|) = 2, max(3, |12−10|, |9−10|) = 3; ATR 2, then (2 + 3)/2.
  const a = atr([10, 11, 12], [8, 9, 9], [9, 10, 11], 2);
  expect(a[0]).toBeNaN();
  expect(a[1]).toBeCloseTo(2, 12);
  expect(a[2]).toBeCloseTo(2.5, 12);
});

test('a gap counts in the true range', () => {
  // Close 10, next bar 15–16: TR = |16 − 10| = 6, not the bar's own 1.
  const a = atr([11, 16], [9, 15], [10, 15.5], 1);
  expect(a[1]).toBeCloseTo(6, 12);
});
