import { describe, expect, test } from 'vitest';
import {
  formatCents,
  formatCompactMoney,
  formatMoney,
  formatNumber,
  formatPercent,
  MISSING_VALUE,
} from '#domain/columns/number-format.ts';
import { toCents } from '#domain/orders/money.ts';

describe('numbers', () => {
  test('group thousands, fix decimals, never show -0', () => {
    expect(formatNumber(1234567.891, 2)).toBe('1,234,567.89');
    expect(formatNumber(-0.004, 2)).toBe('0.00');
    expect(formatNumber(-12.5, 0)).toBe('-13');
    expect(formatNumber(999, 0)).toBe('999');
    expect(formatNumber(0.00012, 4)).toBe('0.0001');
    expect(formatNumber(0.12346, 4)).toBe('0.1235');
    expect(formatNumber(-1234567, 2)).toBe('-1,234,567.00');
  });

  test('halves round away from zero on the decimal text, as the trade log rounds to cents', () => {
    // Binary rounding (toFixed) gave 1.00, 2.67 and -2.67 here: a mid of 2.675 read 2.67 in the
    // table while the order it opened priced it 2.68.
    expect(formatNumber(1.005, 2)).toBe('1.01');
    expect(formatNumber(2.675, 2)).toBe('2.68');
    expect(formatNumber(-2.675, 2)).toBe('-2.68');
    expect(formatNumber(318_032_866.66195, 4)).toBe('318,032,866.6620');
    for (const price of [1.005, 2.675, 4.125, 0.035, 10.115]) {
      expect(formatNumber(price, 2), String(price)).toBe((toCents(price) / 100).toFixed(2));
    }
  });

  test('very large values are written out, not in exponent form', () => {
    expect(formatNumber(1e21, 0)).toBe('1,000,000,000,000,000,000,000');
  });

  test('percent from a fraction', () => {
    expect(formatPercent(0.1234, 2)).toBe('12.34%');
    expect(formatPercent(-0.05, 1)).toBe('-5.0%');
  });
});

describe('money', () => {
  test('dollars and stored cents', () => {
    expect(formatMoney(1500, 2)).toBe('$1,500.00');
    expect(formatMoney(-3.456, 2)).toBe('-$3.46');
    expect(formatMoney(-0.001, 2)).toBe('$0.00');
    expect(formatCents(123_450)).toBe('$1,234.50');
    expect(formatCents(-5)).toBe('-$0.05');
  });

  test('compact', () => {
    expect(formatCompactMoney(2.45e12, 2)).toBe('$2.45T');
    expect(formatCompactMoney(512.3e9, 2)).toBe('$512.30B');
    expect(formatCompactMoney(12e6, 1)).toBe('$12.0M');
    expect(formatCompactMoney(-12e6, 1)).toBe('-$12.0M');
    expect(formatCompactMoney(950, 2)).toBe('$950.00');
  });

  test('compact: a value that rounds up to 1,000 of a unit reads in the next unit', () => {
    expect(formatCompactMoney(999_999, 2)).toBe('$1.00M');
    expect(formatCompactMoney(999_994_999, 2)).toBe('$999.99M');
    expect(formatCompactMoney(999_995_000, 2)).toBe('$1.00B');
    expect(formatCompactMoney(-999_999, 1)).toBe('-$1.0M');
    expect(formatCompactMoney(999_949, 1)).toBe('$999.9K');
  });
});

test('a dash for a missing value', () => {
  expect(MISSING_VALUE).toBe('—');
  for (const missing of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
    expect([
      formatNumber(missing, 2),
      formatPercent(missing, 2),
      formatMoney(missing, 2),
      formatCents(missing),
      formatCompactMoney(missing, 2),
    ]).toEqual(['—', '—', '—', '—', '—']);
  }
});
