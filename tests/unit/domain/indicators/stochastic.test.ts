import { expect, test } from 'vitest';
import { stochastic } from '#domain/indicators/stochastic.ts';

test('stochastic(2, 1, 2) by hand', () => {
  // %K: (4−1)/(4−1) = 100 at index 1; (3−2)/(5−2) = 33.3 at index 2; %D = their mean.
  const s = stochastic([3, 4, 5], [1, 2, 3], [2, 4, 3], 2, 1, 2);
  expect(s.k[0]).toBeNaN();
  expect(s.k[1]).toBeCloseTo(100, 12);
  expect(s.k[2]).toBeCloseTo(100 / 3, 12);
  expect(s.d[1]).toBeNaN();
  expect(s.d[2]).toBeCloseTo((100 + 100 / 3) / 2, 12);
});

test('smoothing %K averages the raw values', () => {
  const s = stochastic([3, 4, 5, 6], [1, 2, 3, 4], [2, 4, 3, 6], 2, 2, 1);
  // raw %K: 100, 33.3, 100 → smoothed over 2: 66.7, 66.7
  expect(s.k[2]).toBeCloseTo(200 / 3, 12);
  expect(s.k[3]).toBeCloseTo(200 / 3, 12);
});
