import { expect, test } from 'vitest';
import { priceStdDev, realizedVol, realizedVolSeries } from '#server/market/technicals/volatility.ts';

test('realised vol of two returns by hand', () => {
  // ln 1.1 and ln 0.9: sample variance ((r1 − m)² + (r2 − m)²)/1, annualised by √252.
  const r1 = Math.log(1.1);
  const r2 = Math.log(0.9);
  const m = (r1 + r2) / 2;
  const expected = Math.sqrt(((r1 - m) ** 2 + (r2 - m) ** 2) * 252);
  expect(realizedVol([100, 110, 99], 2)).toBeCloseTo(expected, 12);
  expect(realizedVolSeries([100, 110, 99], 2)[2]).toBeCloseTo(expected, 12);
});

test('not enough closes gives NaN', () => {
  expect(realizedVol([100, 110], 2)).toBeNaN();
});

test('21-day standard deviation is the sample sd of closes in dollars', () => {
  expect(priceStdDev([1, 2, 3, 4], 3)).toBeCloseTo(1, 12);
});
