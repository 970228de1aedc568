import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { MaCrossoverValue } from '#domain/filters/filter-value.ts';
import { crossoverRun, maCrossoverMatches } from '#domain/filters/indicators/ma-crossover.ts';
import { barsOf, emaNaive, lastCrossNaive, randomWalk, smaNaive } from './series.ts';

/** 30 sessions falling, then rising: SMA(3) crosses above SMA(6) once, near the end. */
const vShape = [
  ...Array.from({ length: 30 }, (_, i) => 200 - i),
  ...Array.from({ length: 8 }, (_, i) => 172 + 3 * i),
];

const value = (behavior: MaCrossoverValue['behavior'], withinDays: number): MaCrossoverValue => ({
  type: 'ma_crossover',
  maType: 'sma',
  fast: 3,
  slow: 6,
  behavior,
  withinDays,
});

test('golden cross in a V-shaped recovery', () => {
  const run = crossoverRun(vShape, 'sma', 3, 6);
  const ref = lastCrossNaive(vShape.map((_, t) => smaNaive(vShape, 3, t) - smaNaive(vShape, 6, t)));
  expect(ref.sign).toBe(1);
  expect(ref.crossed).toBe(true);
  expect(run.signedLength()).toBe(ref.age + 1);
  const s = barsOf(vShape);
  expect(maCrossoverMatches(value('fast_above', 0), s)).toBe(true);
  expect(maCrossoverMatches(value('fast_below', 0), s)).toBe(false);
  expect(maCrossoverMatches(value('golden_cross', ref.age), s)).toBe(true);
  expect(maCrossoverMatches(value('golden_cross', ref.age - 1), s)).toBe(false);
  expect(maCrossoverMatches(value('death_cross', 100), s)).toBe(false);
});

test('a trend with no cross in the data is no recent cross', () => {
  const down = barsOf(Array.from({ length: 40 }, (_, i) => 200 - i));
  expect(maCrossoverMatches(value('fast_below', 0), down)).toBe(true);
  expect(maCrossoverMatches(value('death_cross', 1000), down)).toBe(false);
  expect(maCrossoverMatches(value('fast_above', 0), barsOf([1, 2, 3]))).toBe(false);
});

test('property: run and cross age match a naive scan (SMA and EMA)', () => {
  fc.assert(
    fc.property(
      randomWalk(10, 150),
      fc.integer({ min: 1, max: 8 }),
      fc.integer({ min: 1, max: 12 }),
      fc.boolean(),
      (close, fast, extra, useEma) => {
        const slow = fast + extra;
        const maType = useEma ? 'ema' : 'sma';
        const ma = (len: number) =>
          useEma ? emaNaive(close, len) : close.map((_, t) => smaNaive(close, len, t));
        const f = ma(fast);
        const s = ma(slow);
        // Averages equal to rounding (a flat stretch) have no sign both sums agree on.
        fc.pre(f.every((x, t) => !(Math.abs(x - s[t]!) < 1e-9 * Math.abs(x))));
        const ref = lastCrossNaive(close.map((_, t) => f[t]! - s[t]!));
        const run = crossoverRun(close, maType, fast, slow);
        expect(run.sign).toBe(ref.sign);
        if (ref.sign !== 0) {
          expect(run.length).toBe(ref.age + 1);
          expect(run.crossed).toBe(ref.crossed);
        }
      },
    ),
  );
});
