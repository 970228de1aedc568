import { expect, test } from 'vitest';
import { formatCompactMoney, formatMoney, formatNumber } from '#domain/columns/number-format.ts';

test('formatNumber groups thousands, fixes decimals, never shows -0', () => {
  expect(formatNumber(1234567.891, 2)).toBe('1,234,567.89');
  expect(formatNumber(-0.004, 2)).toBe('0.00');
  expect(formatNumber(-12.5, 0)).toBe('-13');
  expect(formatNumber(999, 0)).toBe('999');
  expect(formatNumber(0.00012, 4)).toBe('0.0001');
});

test('formatMoney', () => {
  expect(formatMoney(1500, 2)).toBe('$1,500.00');
  expect(formatMoney(-3.456, 2)).toBe('-$3.46');
  expect(formatMoney(-0.001, 2)).toBe('$0.00');
});

test('formatCompactMoney', () => {
  expect(formatCompactMoney(2.45e12, 2)).toBe('$2.45T');
  expect(formatCompactMoney(512.3e9, 2)).toBe('$512.30B');
  expect(formatCompactMoney(12e6, 1)).toBe('$12.0M');
  expect(formatCompactMoney(950, 2)).toBe('$950.00');
});
