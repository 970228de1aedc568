import { describe, expect, test } from 'vitest';
import { ema, sma } from '../../../../src/server/market/technicals/moving-average.ts';

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
