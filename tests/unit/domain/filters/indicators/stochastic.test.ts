import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { PriceSeries } from '#domain/filters/indicators/price-series.ts';
import { stochastic, stochasticMatches } from '#domain/filters/indicators/stochastic.ts';
import { barsOf, randomWalk } from './series.ts';

const rawK = (s: PriceSeries, k: number, t: number): number => {
  let hi = Number.NEGATIVE_INFINITY;
  let lo = Number.POSITIVE_INFINITY;
  for (let i = t - k + 1; i <= t; i++) {
    hi = Math.max(hi, s.high[i]!);
    lo = Math.min(lo, s.low[i]!);
  }
  return hi === lo ? 50 : (100 * (s.close[t]! - lo)) / (hi - lo);
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

test('hand example: close at the top of the range is 100, at the bottom 0', () => {
  const top: PriceSeries = { close: [5, 6, 10], high: [6, 8, 10], low: [4, 5, 7] };
  expect(stochastic(top, 3, 1, 1)).toEqual({ k: 100, d: 100 });
  const bottom: PriceSeries = { close: [5, 6, 4], high: [6, 8, 10], low: [4, 5, 4] };
  expect(stochastic(bottom, 3, 1, 1).k).toBe(0);
  expect(stochastic(bottom, 3, 1, 2).d).toBeNaN(); // %D needs one more session
});

test('property: %K and %D equal the naive smoothing of raw %K', () => {
  fc.assert(
    fc.property(
      randomWalk(1, 80),
      fc.integer({ min: 1, max: 14 }),
      fc.integer({ min: 1, max: 3 }),
      fc.integer({ min: 1, max: 3 }),
      (close, k, smooth, d) => {
        const s = barsOf(close);
        const n = close.length;
        const got = stochastic(s, k, smooth, d);
        if (n - smooth - d + 1 < k - 1) {
          expect(got.k).toBeNaN();
          return;
        }
        const kAt = (t: number) => mean(Array.from({ length: smooth }, (_, j) => rawK(s, k, t - j)));
        expect(got.k).toBeCloseTo(kAt(n - 1), 8);
        expect(got.d).toBeCloseTo(mean(Array.from({ length: d }, (_, j) => kAt(n - 1 - j))), 8);
        expect(got.k).toBeGreaterThanOrEqual(0);
        expect(got.k).toBeLessThanOrEqual(100);
      },
    ),
  );
});

test('overbought / oversold need both %K and %D in the zone, inclusive', () => {
  const rising = barsOf(
    Array.from({ length: 30 }, (_, i) => 100 + i),
    0.5,
  );
  const { k, d } = stochastic(rising, 14, 1, 3);
  const level = Math.min(k, d);
  const v = (behavior: 'overbought' | 'oversold', lvl: number) =>
    stochasticMatches(
      { type: 'stochastic', kLength: 14, kSmoothing: 1, dLength: 3, behavior, level: lvl },
      rising,
    );
  expect(level).toBeGreaterThan(80);
  expect(v('overbought', level)).toBe(true);
  expect(v('overbought', level + 0.01)).toBe(false);
  expect(v('oversold', 20)).toBe(false);
  expect(
    stochasticMatches(
      { type: 'stochastic', kLength: 14, kSmoothing: 1, dLength: 3, behavior: 'oversold', level: 100 },
      barsOf([1, 2]),
    ),
  ).toBe(false);
});
