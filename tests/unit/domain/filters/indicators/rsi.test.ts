import fc from 'fast-check';
import { expect, test } from 'vitest';
import { rsi, rsiMatches } from '#domain/filters/indicators/rsi.ts';
import { barsOf, randomWalk } from './series.ts';

/**
 * Golden: StockCharts ChartSchool "Relative Strength Index (RSI)" worked example (RSI 14 on the
 * closes below; published 70.53, 66.32, 66.55, 69.41, 66.36, 57.97, 62.93, 63.26, 56.06, 62.38,
 * 54.71, 50.42, 39.99, 41.46, 41.87, 45.46, 37.30, 33.08, 37.77). Their spreadsheet rounds the first
 * averages to cents, so the tolerance is 0.1 RSI points.
 */
const CLOSES = [
  44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28,
  46.0, 46.03, 46.41, 46.22, 45.64, 46.21, 46.25, 45.71, 46.45, 45.78, 45.35, 44.03, 44.18, 44.22, 44.57,
  43.42, 42.66, 43.13,
];
const PUBLISHED = [
  70.53, 66.32, 66.55, 69.41, 66.36, 57.97, 62.93, 63.26, 56.06, 62.38, 54.71, 50.42, 39.99, 41.46, 41.87,
  45.46, 37.3, 33.08, 37.77,
];

test('StockCharts RSI(14) example within 0.1', () => {
  PUBLISHED.forEach((expected, i) => {
    expect(Math.abs(rsi(CLOSES.slice(0, 15 + i), 14) - expected)).toBeLessThan(0.1);
  });
});

test('edge cases: short history NaN, no losses 100, flat 50', () => {
  expect(rsi([1, 2, 3], 3)).toBeNaN();
  expect(rsi([1, 2, 3, 4, 5], 3)).toBe(100);
  expect(rsi([5, 5, 5, 5, 5], 3)).toBe(50);
});

test('property: within 0–100 and mirrored prices mirror the RSI', () => {
  fc.assert(
    fc.property(randomWalk(20, 120), fc.integer({ min: 2, max: 14 }), (close, length) => {
      const r = rsi(close, length);
      expect(r).toBeGreaterThanOrEqual(0);
      expect(r).toBeLessThanOrEqual(100);
      const mirrored = close.map((c) => 500 - c);
      expect(rsi(mirrored, length)).toBeCloseTo(100 - r, 8);
    }),
  );
});

test('above / below / between, inclusive, NaN fails', () => {
  const series = barsOf(CLOSES.slice(0, 15)); // RSI ≈ 70.46
  const v = (behavior: 'above' | 'below' | 'between', from: number | null, to: number | null) =>
    rsiMatches({ type: 'rsi', length: 14, behavior, from, to }, series);
  expect(v('above', 70, null)).toBe(true);
  expect(v('above', 71, null)).toBe(false);
  expect(v('below', null, 30)).toBe(false);
  expect(v('between', 60, 75)).toBe(true);
  expect(
    rsiMatches({ type: 'rsi', length: 14, behavior: 'below', from: null, to: 100 }, barsOf([1, 2])),
  ).toBe(false);
});
