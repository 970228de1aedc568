import { describe, expect, test } from 'vitest';
import {
  availableUnits,
  fromPrice,
  impliedMovePrice,
  levelFromDistance,
  PRICE_UNITS,
  toCentsPrice,
  toPrice,
  type UnitData,
} from '#domain/scenario/price-units.ts';

const FULL: UnitData = {
  last: 200,
  atr: 4,
  std21: 0.3,
  days: 36.5,
  targetPrice: 250,
  sma200: 180,
  high52w: 220,
  low52w: 150,
};

describe('price units', () => {
  test('each unit measures from its datum', () => {
    expect(toPrice('abs', 212.5, FULL)).toBe(212.5);
    expect(toPrice('pct', 10, FULL)).toBeCloseTo(220, 10);
    expect(toPrice('pct', -5, FULL)).toBeCloseTo(190, 10);
    expect(toPrice('atr', 2, FULL)).toBeCloseTo(208, 10);
    // σ21 × √(days/365) = 0.3 × √0.1 of the price per std dev.
    expect(toPrice('std', 1, FULL)).toBeCloseTo(200 * (1 + 0.3 * Math.sqrt(0.1)), 10);
    expect(toPrice('target_price', -10, FULL)).toBeCloseTo(225, 10);
    expect(toPrice('sma_200', 10, FULL)).toBeCloseTo(198, 10);
    expect(toPrice('w52_high', 0, FULL)).toBeCloseTo(220, 10);
    expect(toPrice('w52_low', 20, FULL)).toBeCloseTo(180, 10);
  });

  test('a price converted to any unit and back is the same price', () => {
    for (const unit of PRICE_UNITS) {
      const value = fromPrice(unit, 187.37, FULL);
      expect(value).not.toBeNull();
      expect(toPrice(unit, value ?? Number.NaN, FULL)).toBeCloseTo(187.37, 9);
    }
  });

  test('a unit whose datum is missing is not offered and does not convert', () => {
    const sparse: UnitData = { ...FULL, atr: null, targetPrice: null, days: null, high52w: Number.NaN };
    expect(availableUnits(sparse)).toEqual(['abs', 'pct', 'sma_200', 'w52_low']);
    expect(toPrice('target_price', 5, sparse)).toBeNull();
    expect(fromPrice('std', 200, sparse)).toBeNull();
    expect(availableUnits(FULL)).toEqual([...PRICE_UNITS]);
  });

  test('std devs need a date in the future', () => {
    expect(availableUnits({ ...FULL, days: 0 })).not.toContain('std');
  });

  test('levels come back from the distances the market gives', () => {
    // The facts' distance (last − level) / level.
    expect(levelFromDistance(200, 0.25)).toBeCloseTo(160, 10);
    expect(levelFromDistance(200, -0.2)).toBeCloseTo(250, 10);
    expect(levelFromDistance(200, null)).toBeNull();
    expect(levelFromDistance(200, -1)).toBeNull();
  });

  test('implied moves scale with the square root of time', () => {
    expect(impliedMovePrice(100, 0.2, 365, 1)).toBeCloseTo(120, 10);
    expect(impliedMovePrice(100, 0.2, 91.25, -2)).toBeCloseTo(80, 10);
  });

  test('prices round to cents', () => {
    expect(toCentsPrice(187.374)).toBe(187.37);
    expect(toCentsPrice(187.375_01)).toBe(187.38);
  });
});
