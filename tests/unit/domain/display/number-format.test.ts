import { describe, expect, test } from 'vitest';
import {
  csvNumber,
  formatCents,
  formatMoney,
  formatNumber,
  formatPercent,
  MISSING_VALUE,
} from '#domain/display/number-format.ts';

describe('table formats', () => {
  test('numbers: grouped, 2 decimals by default, scaled by a multiplier', () => {
    expect(formatNumber(1234.567)).toBe('1,234.57');
    expect(formatNumber(0.12346, { decimals: 4 })).toBe('0.1235');
    expect(formatNumber(0.25, { multiplier: 100, decimals: 1 })).toBe('25.0');
    expect(formatNumber(-1234567)).toBe('-1,234,567.00');
    expect(formatNumber(-0.001)).toBe('0.00');
  });

  test('percent from a fraction', () => {
    expect(formatPercent(0.1234)).toBe('12.34%');
    expect(formatPercent(-0.05, 1)).toBe('-5.0%');
  });

  test('money', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(-12)).toBe('-$12.00');
    expect(formatCents(123_450)).toBe('$1,234.50');
    expect(formatCents(-5)).toBe('-$0.05');
  });

  test('a dash for missing values', () => {
    expect(MISSING_VALUE).toBe('—');
    for (const missing of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect([
        formatNumber(missing),
        formatPercent(missing),
        formatMoney(missing),
        formatCents(missing),
      ]).toEqual(['—', '—', '—', '—']);
    }
  });
});

describe('CSV cells', () => {
  test('plain numbers', () => {
    expect(csvNumber(1234.5)).toBe('1234.5');
    expect(csvNumber(0.1 + 0.2)).toBe('0.3');
    expect(csvNumber(0.1234, { multiplier: 100, decimals: 2 })).toBe('12.34');
    expect(csvNumber(-0.001, { decimals: 2 })).toBe('0.00');
    expect(csvNumber(-2.5, { decimals: 2 })).toBe('-2.50');
  });

  test('empty for missing values', () => {
    expect(csvNumber(null)).toBe('');
    expect(csvNumber(Number.NaN)).toBe('');
  });
});
