import { describe, expect, test } from 'vitest';
import {
  chooserGroups,
  columnKeyTitle,
  moveColumn,
  moveColumnTo,
  offeredFor,
  toggleColumn,
} from '#app/screens/scan/columns/column-choice.ts';
import { DATA_CATEGORY_ORDER } from '#domain/columns/categories.ts';

describe('columns a strategy offers', () => {
  test('a spread width for spreads, not for a single option', () => {
    expect(offeredFor('bull_call_spread')('spread_width')).toBe(true);
    expect(offeredFor('long_call')('spread_width')).toBe(false);
    expect(offeredFor('iron_butterfly')('butterfly_width')).toBe(true);
    expect(offeredFor('iron_condor')('butterfly_width')).toBe(false);
  });

  test('columns no filter shows are always offered', () => {
    expect(offeredFor('long_call')('name')).toBe(true);
  });
});

describe('filter as you type', () => {
  test('a blank query lists every category in the spec order', () => {
    const groups = chooserGroups('iron_condor', '  ');
    expect(groups.map((g) => g.category)).toEqual(DATA_CATEGORY_ORDER);
  });

  test('case-insensitive, over titles and descriptions', () => {
    const byTitle = chooserGroups('bull_call_spread', 'SPREAD WIDTH').flatMap((g) =>
      g.columns.map((c) => c.name),
    );
    expect(byTitle).toContain('spread_width');
    // 'outermost' is only in the description of Spread Width.
    const byDescription = chooserGroups('bull_call_spread', 'OuterMost').flatMap((g) =>
      g.columns.map((c) => c.name),
    );
    expect(byDescription).toEqual(['spread_width']);
  });

  test('nothing matches: no groups', () => {
    expect(chooserGroups('long_call', 'zzzz-no-such-column')).toEqual([]);
  });
});

describe('choosing and ordering', () => {
  test('ticking adds last, unticking removes, the last column stays', () => {
    expect(toggleColumn(['a', 'b'], 'c')).toEqual(['a', 'b', 'c']);
    expect(toggleColumn(['a', 'b'], 'a')).toEqual(['b']);
    expect(toggleColumn(['a'], 'a')).toEqual(['a']);
  });

  test('up and down stop at the ends', () => {
    expect(moveColumn(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveColumn(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  test('a drag moves to the drop position', () => {
    expect(moveColumnTo(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveColumnTo(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveColumnTo(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });

  test('titles of plain, indexed and unknown keys', () => {
    expect(columnKeyTitle('stock_last')).toBe('Last');
    expect(columnKeyTitle('strike_2')).toBe('Strike 2');
    expect(columnKeyTitle('no_such')).toBe('no_such');
  });
});
