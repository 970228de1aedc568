import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { MacdValue } from '#domain/filters/filter-value.ts';
import { macd, macdMatches } from '#domain/filters/indicators/macd.ts';
import { barsOf, emaNaive, lastCrossNaive, randomWalk } from './series.ts';

/** MACD histogram at every index, computed from whole EMA arrays. */
const histogramNaive = (close: readonly number[], fast: number, slow: number, signal: number): number[] => {
  const f = emaNaive(close, fast);
  const s = emaNaive(close, slow);
  const line = close.map((_, t) => f[t]! - s[t]!);
  const first = line.findIndex((x) => !Number.isNaN(x));
  if (first < 0) return line;
  const sig = [...line.slice(0, first).map(() => Number.NaN), ...emaNaive(line.slice(first), signal)];
  return line.map((x, t) => x - sig[t]!);
};

test('needs slow + signal − 1 closes', () => {
  expect(
    macd(
      Array.from({ length: 33 }, (_, i) => 100 + i),
      12,
      26,
      9,
    ).histogram,
  ).toBeNaN();
  expect(
    macd(
      Array.from({ length: 34 }, (_, i) => 100 + i),
      12,
      26,
      9,
    ).histogram,
  ).not.toBeNaN();
});

test('a constant series has a zero histogram', () => {
  expect(macd(Array(60).fill(50), 12, 26, 9).histogram).toBeCloseTo(0, 12);
});

test('property: histogram and cross age match whole-array EMAs', () => {
  fc.assert(
    fc.property(
      randomWalk(5, 150),
      fc.integer({ min: 1, max: 6 }),
      fc.integer({ min: 1, max: 10 }),
      fc.integer({ min: 1, max: 6 }),
      (close, fast, extra, signal) => {
        const slow = fast + extra;
        const ref = histogramNaive(close, fast, slow, signal);
        const { histogram, run } = macd(close, fast, slow, signal);
        const last = ref[ref.length - 1]!;
        if (Number.isNaN(last)) {
          expect(histogram).toBeNaN();
          return;
        }
        expect(histogram).toBeCloseTo(last, 8);
        const cross = lastCrossNaive(ref);
        // Near-zero histograms may flip sign by rounding; compare only clear cases.
        if (ref.slice(-cross.age - 2).every((h) => Number.isNaN(h) || Math.abs(h) > 1e-9)) {
          expect(run.sign).toBe(cross.sign);
          expect(run.length).toBe(cross.age + 1);
        }
      },
    ),
  );
});

test('behaviours: a flat stretch (histogram 0 counts as below) then a six-session rally', () => {
  const close = [...Array(40).fill(100), ...Array.from({ length: 6 }, (_, i) => 101 + i * 2)];
  const s = barsOf(close);
  const v = (behavior: MacdValue['behavior'], withinDays: number): MacdValue => ({
    type: 'macd',
    fast: 12,
    slow: 26,
    signal: 9,
    behavior,
    withinDays,
  });
  // The histogram turned positive on the first rally session, 5 sessions ago.
  expect(macd(close, 12, 26, 9).run.signedLength()).toBe(6);
  expect(macdMatches(v('histogram_positive', 0), s)).toBe(true);
  expect(macdMatches(v('histogram_negative', 0), s)).toBe(false);
  expect(macdMatches(v('bullish_cross', 5), s)).toBe(true);
  expect(macdMatches(v('bullish_cross', 4), s)).toBe(false);
  expect(macdMatches(v('bearish_cross', 100), s)).toBe(false);
});
