import { expect, test } from 'vitest';
import { isSectorCode, sectorName, underlyingTypeName } from '#domain/filters/sectors.ts';

test('sector codes of spec 2 §3.9', () => {
  expect(sectorName(1)).toBe('Technology');
  expect(sectorName(6)).toBe('Consumer Defensive');
  expect(sectorName(14)).toBe('Industrials');
  expect(sectorName(2361)).toBe('Healthcare');
  expect(isSectorCode(5)).toBe(false);
  expect(sectorName(5)).toBeUndefined();
});

test('underlying kinds', () => {
  expect([1, 2, 3].map(underlyingTypeName)).toEqual(['Stock', 'ETF', 'Index']);
});
