import { expect, test } from 'vitest';
import { crossoverAge, maPercentile } from '../../../../src/server/market/technicals/crossover.ts';

test('sessions since the fast average crossed the slow one, signed', () => {
  expect(crossoverAge([1, 2, 3, 4], [2, 2, 2, 2])).toBe(2);
  expect(crossoverAge([3, 1, 1], [2, 2, 2])).toBe(-2);
  expect(crossoverAge([Number.NaN, 3, 4], [Number.NaN, 2, 2])).toBe(2);
  expect(crossoverAge([1, 2], [2, 2])).toBe(0);
});

test('MA percentile ranks today against the lookback', () => {
  // distances from the MA: 1, 0.5, 1; today 6/2 − 1 = 2 ranks above all, 3/2 − 1 = 0.5 above one of three.
  expect(maPercentile([1, 2, 3, 4], [Number.NaN, 1, 2, 2], 6, 4)).toBe(1);
  expect(maPercentile([1, 2, 3, 4], [Number.NaN, 1, 2, 2], 3, 4)).toBeCloseTo(1 / 3, 12);
});
