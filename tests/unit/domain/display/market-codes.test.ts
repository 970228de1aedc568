import { describe, expect, test } from 'vitest';
import { SECTOR_NAMES, sectorName, underlyingKindName } from '#domain/display/market-codes.ts';

describe('market codes (spec 1 §3)', () => {
  test('sectors', () => {
    expect(Object.entries(SECTOR_NAMES)).toEqual([
      ['1', 'Technology'],
      ['2', 'Financial'],
      ['3', 'Communication Services'],
      ['4', 'Consumer Cyclical'],
      ['6', 'Consumer Defensive'],
      ['7', 'Energy'],
      ['8', 'Basic Materials'],
      ['10', 'Utilities'],
      ['11', 'Real Estate'],
      ['14', 'Industrials'],
      ['2361', 'Healthcare'],
    ]);
    expect(sectorName(2361)).toBe('Healthcare');
    expect(sectorName(5)).toBeUndefined();
    expect(sectorName(null)).toBeUndefined();
  });

  test('underlying kinds', () => {
    expect([1, 2, 3, 4].map(underlyingKindName)).toEqual(['Stock', 'ETF', 'Index', undefined]);
  });
});
