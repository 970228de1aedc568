import { expect, test } from 'vitest';
import {
  isSectorCode,
  SECTORS,
  Sector,
  sectorName,
  UnderlyingKind,
  underlyingTypeName,
} from '#domain/filters/sectors.ts';

test('sector codes of spec 2 §3.9', () => {
  expect(SECTORS.map((s) => [s.code, s.name])).toEqual([
    [1, 'Technology'],
    [2, 'Financial'],
    [3, 'Communication Services'],
    [4, 'Consumer Cyclical'],
    [6, 'Consumer Defensive'],
    [7, 'Energy'],
    [8, 'Basic Materials'],
    [10, 'Utilities'],
    [11, 'Real Estate'],
    [14, 'Industrials'],
    [2361, 'Healthcare'],
  ]);
  expect(isSectorCode(5)).toBe(false);
  expect(sectorName(5)).toBeUndefined();
});

test('every named code has its name; no sector (funds, indexes) has none and is no filter choice', () => {
  const named = Object.values(Sector).filter((code) => code !== Sector.None);
  expect(named.map(sectorName)).toEqual(SECTORS.map((s) => s.name));
  expect(sectorName(Sector.None)).toBeUndefined();
  expect(isSectorCode(Sector.None)).toBe(false);
});

test('underlying kinds', () => {
  expect([UnderlyingKind.Stock, UnderlyingKind.Etf, UnderlyingKind.Index]).toEqual([1, 2, 3]);
  expect([1, 2, 3, 4].map(underlyingTypeName)).toEqual(['Stock', 'ETF', 'Index', undefined]);
});
