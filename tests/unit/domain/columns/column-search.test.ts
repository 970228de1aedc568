import { expect, test } from 'vitest';
import { columnGroups } from '#domain/columns/column-catalogue.ts';
import { searchColumns } from '#domain/columns/column-search.ts';

const names = (query: string, scope?: 'screener' | 'trades') =>
  searchColumns(query, scope).flatMap((g) => g.columns.map((c) => c.name));

test('case-insensitive over title and description, in category order', () => {
  expect(names('DELTA')).toEqual(names('delta'));
  expect(names('delta')).toEqual(expect.arrayContaining(['delta', 'leg_delta', 'delta_theta_ratio']));
  // Matched through the description only.
  expect(names('wilder')).toEqual(['rsi']);
  const groups = searchColumns('prob');
  expect(groups.map((g) => g.category)).toEqual(['Option Data', 'Spreads Specific']);
});

test('blank query returns every offered column; no match returns nothing', () => {
  expect(searchColumns('  ')).toEqual(columnGroups());
  expect(searchColumns('zzzz-no-such-thing')).toEqual([]);
});

test('scopes: trade log search sees position columns', () => {
  expect(names('invested', 'trades')).toContain('initialMargin');
  expect(names('invested')).not.toContain('initialMargin');
});
