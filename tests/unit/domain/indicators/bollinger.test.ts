import { expect, test } from 'vitest';
import { bollinger } from '#domain/indicators/bollinger.ts';

test('Bollinger(3, 2) of 1, 2, 3 uses the population standard deviation', () => {
  const sd = Math.sqrt(2 / 3);
  const b = bollinger([1, 2, 3], 3, 2);
  expect(b.middle[2]).toBeCloseTo(2, 12);
  expect(b.upper[2]).toBeCloseTo(2 + 2 * sd, 12);
  expect(b.lower[2]).toBeCloseTo(2 - 2 * sd, 12);
  expect(b.percentB[2]).toBeCloseTo((3 - (2 - 2 * sd)) / (4 * sd), 12);
});
