import { expect, test } from 'vitest';
import { DEFAULT_SCAN_COLUMNS, defaultColumns } from '#domain/columns/default-columns.ts';

test('the spec defaults come first', () => {
  expect(defaultColumns([])).toEqual([
    'underlying',
    'stock_last',
    'stock_iv_pr',
    'strike',
    'expiration_date',
  ]);
  expect(DEFAULT_SCAN_COLUMNS).toHaveLength(5);
});

test('then the datapoints of the active filters, in order, without repeats', () => {
  expect(
    defaultColumns([
      'total_vol',
      'price_book_ratio',
      'expiration_date',
      'divnqxdt',
      'moneyness',
      'include_symbols',
    ]),
  ).toEqual([
    'underlying',
    'stock_last',
    'stock_iv_pr',
    'strike',
    'expiration_date',
    'total_vol',
    'p_b',
    'divnqxdt',
    'divnq',
    'moneyness',
  ]);
});

test('indexed filters add indexed columns; unknown or invalid keys add nothing', () => {
  expect(
    defaultColumns(['leg_delta_2', 'breakeven_percent_1', 'shift_pl_margin_3', 'nope', 'leg_delta_9']).slice(
      5,
    ),
  ).toEqual(['leg_delta_2', 'breakeven_percent_1', 'shift_pl_3', 'shift_pl_margin_3']);
});
