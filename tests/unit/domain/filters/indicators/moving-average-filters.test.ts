import fc from 'fast-check';
import { expect, test } from 'vitest';
import {
  maDistance,
  maMatches,
  maPercentile,
  maPercentileMatches,
} from '#domain/filters/indicators/moving-average-filters.ts';
import { barsOf, randomWalk, smaNaive } from './series.ts';

const linear = Array.from({ length: 30 }, (_, i) => 100 + i); // 100 … 129

test('distance from the SMA of a straight line', () => {
  // SMA(10) at the end = mean(120…129) = 124.5; distance = 4.5 / 124.5
  expect(maDistance(linear, 'sma', 10)).toBeCloseTo(4.5 / 124.5, 12);
  expect(maDistance(linear.slice(0, 5), 'sma', 10)).toBeNaN();
});

test('price above / below with an optional distance band in percent', () => {
  const s = barsOf(linear); // 3.61% above its SMA(10)
  const ma = (behavior: 'price_above' | 'price_below', from: number | null, to: number | null) =>
    maMatches({ type: 'ma', maType: 'sma', length: 10, behavior, from, to }, s);
  expect(ma('price_above', null, null)).toBe(true);
  expect(ma('price_below', null, null)).toBe(false);
  expect(ma('price_above', 3, 4)).toBe(true);
  expect(ma('price_above', 4, null)).toBe(false);
  expect(ma('price_above', null, 3.6)).toBe(false);
});

test('percentile: a spike is 100, a stretch shrinking relative to its average is 0', () => {
  const spike = [...Array.from({ length: 40 }, (_, i) => 100 + Math.sin(i)), 130];
  expect(maPercentile(spike, 'sma', 5, 20)).toBe(100);
  // On a straight line the SMA gap is constant in dollars, so it shrinks in percent every day.
  expect(maPercentile(linear, 'sma', 5, 20)).toBe(0);
  // 30 closes: today plus 25 lookback sessions, the first of which needs 4 earlier closes for SMA(5).
  expect(maPercentile(linear, 'sma', 5, 25)).toBe(0);
  expect(maPercentile(linear, 'sma', 5, 26)).toBeNaN();
});

test('property: percentile equals the naive share of strictly lower distances', () => {
  fc.assert(
    fc.property(
      randomWalk(40, 100),
      fc.integer({ min: 1, max: 10 }),
      fc.integer({ min: 1, max: 25 }),
      (close, length, lookback) => {
        const n = close.length;
        const p = maPercentile(close, 'sma', length, lookback);
        if (n - 1 - lookback < length - 1) {
          expect(p).toBeNaN();
          return;
        }
        const dist = (t: number) => (close[t]! - smaNaive(close, length, t)) / smaNaive(close, length, t);
        // Ties may fall either way after rounding, so bound the count by "clearly lower" and "lower or equal".
        let clearlyLower = 0;
        let lowerOrEqual = 0;
        for (let t = n - 1 - lookback; t < n - 1; t++) {
          if (dist(t) < dist(n - 1) - 1e-12) clearlyLower++;
          if (dist(t) <= dist(n - 1) + 1e-12) lowerOrEqual++;
        }
        expect(p).toBeGreaterThanOrEqual((100 * clearlyLower) / lookback - 1e-9);
        expect(p).toBeLessThanOrEqual((100 * lowerOrEqual) / lookback + 1e-9);
      },
    ),
  );
});

test('percentile filter bounds are inclusive; NaN fails', () => {
  const spike = barsOf([...Array.from({ length: 40 }, (_, i) => 100 + Math.sin(i)), 130]);
  const pct = (from: number | null, to: number | null, lookback = 20) =>
    maPercentileMatches({ type: 'ma_percentile', maType: 'sma', length: 5, lookback, from, to }, spike);
  expect(pct(100, null)).toBe(true);
  expect(pct(null, 99.99)).toBe(false);
  expect(pct(null, null, 500)).toBe(false);
});
