import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ema, sma } from '#domain/indicators/moving-average.ts';
import { emaNaive, randomWalk, smaNaive } from '../filters/indicators/series.ts';

// Hand-computed on tiny series; tolerance 1e-12.
describe('moving averages', () => {
  test('SMA(3) of 1..5 is 2, 3, 4 once defined', () => {
    expect(Array.from(sma([1, 2, 3, 4, 5], 3))).toEqual([Number.NaN, Number.NaN, 2, 3, 4]);
  });

  test('EMA(2) seeds with the SMA, then α = 2/3', () => {
    // seed (2+4)/2 = 3; 3 + ⅔(6−3) = 5; 5 + ⅔(8−5) = 7; 7 + ⅔(3−7) = 13/3
    const e = ema([2, 4, 6, 8, 3], 2);
    expect(e[0]).toBeNaN();
    expect(e[1]).toBeCloseTo(3, 12);
    expect(e[2]).toBeCloseTo(5, 12);
    expect(e[3]).toBeCloseTo(7, 12);
    expect(e[4]).toBeCloseTo(13 / 3, 12);
  });

  test('EMA skips leading NaNs (an EMA of an EMA)', () => {
    const e = ema([Number.NaN, Number.NaN, 2, 4, 6], 2);
    expect(e[3]).toBeCloseTo(3, 12);
    expect(e[4]).toBeCloseTo(5, 12);
  });

  test('too short a series gives NaN everywhere', () => {
    expect(Array.from(ema([1, 2], 3)).every(Number.isNaN)).toBe(true);
  });
});

test('property: SMA and EMA equal the naive windows at every index', () => {
  fc.assert(
    fc.property(randomWalk(1, 120), fc.integer({ min: 1, max: 30 }), (close, length) => {
      const s = sma(close, length);
      const e = ema(close, length);
      const emaRef = emaNaive(close, length);
      close.forEach((_, t) => {
        if (t < length - 1) {
          expect(s[t]).toBeNaN();
          expect(e[t]).toBeNaN();
        } else {
          expect(s[t]).toBeCloseTo(smaNaive(close, length, t), 8);
          expect(e[t]).toBeCloseTo(emaRef[t]!, 8);
        }
      });
    }),
  );
});
