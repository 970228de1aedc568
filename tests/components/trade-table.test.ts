import { describe, expect, test } from 'vitest';
import type { Position } from '#api/trades.ts';
import {
  cellText,
  columnTitle,
  EXPIRATION_MONTH,
  groupingOptions,
  groupRows,
  rowValues,
  sortRows,
} from '#app/screens/trades/trade-table.ts';

function position(id: number, over: Partial<Position> = {}): Position {
  return {
    positionId: id,
    accountId: 1,
    openingOrderId: id,
    lastOrderId: id,
    strategy: 'bull_call_spread',
    symbol: 'AAPL',
    size: 2,
    legs: [],
    strategyPriceCents: -21_000,
    accountEffectCents: -42_000,
    plCents: 12_550,
    initialMarginCents: 42_000,
    roi: 0.2988,
    roiAnnualized: 3.1,
    maxProfitGained: 0.21,
    openDate: '2026-03-04T15:30:00.000Z',
    closeDate: null,
    closedBy: null,
    comments: { open: 'earnings run', close: null },
    archived: false,
    madeTrade: {},
    data: { strike: [150, 155], expiration_date: ['2026-04-17', '2026-04-17'], delta: 0.4123 },
    ...over,
  };
}

describe('trade table values', () => {
  test('money columns in dollars, percentages, the open or close date, notes', () => {
    const closed = position(1, {
      closeDate: '2026-03-20T20:00:00.000Z',
      comments: { open: 'in', close: 'out' },
    });
    const values = rowValues(closed);
    expect(cellText('pl', values)).toBe('$125.50');
    expect(cellText('accountEffect', values)).toBe('-$420.00');
    expect(cellText('strategyPrice', values)).toBe('-$210.00');
    expect(cellText('initialMargin', values)).toBe('$420.00');
    expect(cellText('roi', values)).toBe('29.88%');
    expect(cellText('tradeDate', values)).toBe('2026-03-20');
    expect(cellText('tradeDate', rowValues(position(2)))).toBe('2026-03-04');
    expect(cellText('comments', values)).toBe('in / out');
    expect(cellText('strategy', values)).toBe('Bull Call Spread');
    expect(cellText('strike', values)).toBe('$150.00 / $155.00');
    // No mark, no P/L; an unknown column shows a dash.
    expect(cellText('pl', rowValues(position(3, { plCents: null })))).toBe('—');
    expect(cellText('nonsense', values)).toBe('—');
    expect(columnTitle('accountEffect')).toBe('Debit/Credit');
    expect(columnTitle(EXPIRATION_MONTH)).toBe('Exp. Month');
  });

  test('single-column sort, missing values last either way', () => {
    const rows = [
      position(1, { plCents: 500 }),
      position(2, { plCents: null }),
      position(3, { plCents: -900 }),
      position(4, { plCents: 2_000 }),
    ].map((p) => ({ id: p.positionId, values: rowValues(p) }));
    expect(sortRows(rows, 'pl', 'asc').map((r) => r.id)).toEqual([3, 1, 4, 2]);
    expect(sortRows(rows, 'pl', 'desc').map((r) => r.id)).toEqual([4, 1, 3, 2]);
  });

  test('groups by expiration month or a column, in first-row order', () => {
    const rows = [
      position(1, { data: { expiration_date: ['2026-04-17'] }, symbol: 'KO' }),
      position(2, { data: { expiration_date: ['2026-05-15', '2026-04-17'] } }),
      position(3, { data: { expiration_date: ['2026-05-15'] }, symbol: 'KO' }),
    ].map((p) => ({ id: p.positionId, values: rowValues(p) }));
    expect(groupRows(rows, EXPIRATION_MONTH).map((g) => [g.label, g.rows.map((r) => r.id)])).toEqual([
      ['Apr 2026', [1, 2]],
      ['May 2026', [3]],
    ]);
    expect(groupRows(rows, 'underlying').map((g) => [g.label, g.rows.length])).toEqual([
      ['KO', 2],
      ['AAPL', 1],
    ]);
  });

  test('grouping choices: Not Grouped, Exp. Month, then the shown sortable columns', () => {
    expect(groupingOptions(['underlying', 'comments', 'pl']).map((o) => o.label)).toEqual([
      'Not Grouped',
      'Group by Exp. Month',
      'Group by Symbol',
      'Group by PL',
    ]);
  });
});
