import { expect, test } from 'vitest';
import type { BollingerValue } from '#domain/filters/filter-value.ts';
import { bollinger, bollingerMatches } from '#domain/filters/indicators/bollinger.ts';
import { barsOf } from './series.ts';

const oneToTwenty = Array.from({ length: 20 }, (_, i) => i + 1);

test('bands of 1…20: mean 10.5, population SD √(399/12)', () => {
  const sd = Math.sqrt(399 / 12);
  const b = bollinger(oneToTwenty, 20, 2);
  expect(b.middle).toBeCloseTo(10.5, 12);
  expect(b.upper).toBeCloseTo(10.5 + 2 * sd, 12);
  expect(b.lower).toBeCloseTo(10.5 - 2 * sd, 12);
  expect(b.percentB).toBeCloseTo((20 - (10.5 - 2 * sd)) / (4 * sd), 12);
});

test('flat window: %B is 0.5; short history: NaN', () => {
  expect(bollinger(Array(20).fill(7), 20, 2).percentB).toBe(0.5);
  expect(bollinger([1, 2, 3], 20, 2).percentB).toBeNaN();
});

test('behaviours', () => {
  const v = (
    behavior: BollingerValue['behavior'],
    from: number | null = null,
    to: number | null = null,
  ): BollingerValue => ({
    type: 'bollinger',
    length: 20,
    stdDevs: 2,
    behavior,
    from,
    to,
  });
  const breakout = barsOf([...Array(19).fill(100), 130]);
  expect(bollingerMatches(v('above_upper'), breakout)).toBe(true);
  expect(bollingerMatches(v('inside'), breakout)).toBe(false);
  const inside = barsOf(oneToTwenty); // %B ≈ 0.912
  expect(bollingerMatches(v('inside'), inside)).toBe(true);
  expect(bollingerMatches(v('below_lower'), inside)).toBe(false);
  expect(bollingerMatches(v('between', 0.9, 1.2), inside)).toBe(true);
  expect(bollingerMatches(v('between', null, 0.9), inside)).toBe(false);
  expect(bollingerMatches(v('between', -1, null), barsOf([1, 2]))).toBe(false);
});
