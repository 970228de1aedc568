import { expect, test } from 'vitest';
import { DataCategory } from '#domain/columns/categories.ts';
import { columnsOf } from '#domain/columns/column-definition.ts';

const c = columnsOf(DataCategory.Greeks);

test('default width grows with the title, on an 8 px grid, within 72–160; lists at least 112', () => {
  expect(c('a', 'IV', 'x.').width).toBe(72);
  expect(c('a', 'Max. Profit', 'x.').width).toBe(104); // 11 × 7 + 24 = 101 → 104
  expect(c('a', 'A very long column title indeed', 'x.').width).toBe(160);
  expect(c('a', 'IV', 'x.', { index: 'leg' }).width).toBe(112);
  expect(c('a', 'IV', 'x.', { width: 90 }).width).toBe(90);
});

test('defaults: number with 2 decimals, sortable, both choosers', () => {
  expect(c('a', 'A', 'x.')).toMatchObject({
    display: 'number',
    decimals: 2,
    multiplier: 1,
    sortable: true,
    index: null,
    scopes: ['screener', 'trades'],
    deprecated: false,
  });
  expect(c('a', 'A', 'x.', { display: 'percent' })).toMatchObject({ multiplier: 100, decimals: 2 });
  expect(c('a', 'A', 'x.', { display: 'money', perContract: true }).multiplier).toBe(100);
});
