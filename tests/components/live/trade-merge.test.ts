/**
 * Live values merged into cached scan rows: only live fields change, direction flags follow the
 * five price fields (a zero change keeps the previous flag), legs take their quotes, unchanged
 * rows keep their identity, and pages with `items` and `similar` trades are walked.
 */
import { describe, expect, test } from 'vitest';
import type { LiveTradeChange } from '#api/hub.ts';
import { decodeTradeChange, type LiveRow, mergeRow, mergeTradeData } from '#app/live/trade-merge.ts';

const row = (
  id: string,
  values: Record<string, unknown>,
): LiveRow & { legs: { contract: string; bid: number; ask: number }[] } => ({
  id,
  values,
  legs: [
    { contract: 'SPY260320C600', bid: 1, ask: 1.1 },
    { contract: 'SPY', bid: 600, ask: 600.02 },
  ],
});

const update = (id: string, values: LiveTradeChange['values'], legs?: LiveTradeChange['legs']) =>
  decodeTradeChange({ registrationId: '0', id, values, ...(legs ? { legs } : {}) });

describe('a row', () => {
  test('live fields replace, other fields are never overwritten whatever arrives', () => {
    const before = row('a', { stock_last: 600, rsi: 55, underlying: 'SPY', prob_profit: 0.4 });
    const after = mergeRow(
      before,
      update('a', { stock_last: 601, prob_profit: 0.42, rsi: 99, underlying: 1 }),
    );
    expect(after.values).toEqual({ stock_last: 601, rsi: 55, underlying: 'SPY', prob_profit: 0.42 });
  });

  test('direction flags: up 1, down −1, no change keeps the last one, untouched fields keep theirs', () => {
    let r: LiveRow = row('a', { stock_last: 600, bid: 1, ask: 2, mid: 1.5, stock_change: 0.01 });
    r = mergeRow(r, update('a', { stock_last: 601, bid: 0.9 }));
    expect(r.changes).toEqual({ stock_last: 1, bid: -1 });
    r = mergeRow(r, update('a', { stock_last: 601, mid: 1.6 }));
    expect(r.changes).toEqual({ stock_last: 1, bid: -1, mid: 1 });
    r = mergeRow(r, update('a', { stock_last: 600.5, bid: null }));
    expect(r.changes).toEqual({ stock_last: -1, bid: -1, mid: 1 });
  });

  test('legs take their new quotes, matched by contract; contract ids arrive as contracts', () => {
    const u = update('a', {}, [
      { contract: 'SPY', quantity: 100, bid: 601, ask: 601.02, iv: null, delta: 1 },
      { contract: 'SPY260320C600', quantity: -1, bid: 1.2, ask: 1.3, iv: 0.2, delta: 0.5 },
    ]);
    expect(u.legs?.[1]?.contract).toEqual({
      kind: 'option',
      underlying: 'SPY',
      right: 'CALL',
      expiration: '2026-03-20',
      strike: 600,
    });
    const after = mergeRow(row('a', {}), u);
    expect(after.legs).toEqual([
      { contract: 'SPY260320C600', bid: 1.2, ask: 1.3, iv: 0.2, delta: 0.5 },
      { contract: 'SPY', bid: 601, ask: 601.02, iv: null, delta: 1 },
    ]);
  });
});

describe('cached data', () => {
  test('a scan page: items and their similar trades; rows without updates keep their identity', () => {
    const other = row('b', { bid: 5 });
    const similar = row('c', { bid: 3 });
    const page = { items: [{ ...row('a', { bid: 1 }), similar: [similar] }, other], page: 0 };
    const next = mergeTradeData(page, new Map([['c', update('c', { bid: 3.5 })]]));
    expect(next).not.toBe(page);
    expect(next.items[1]).toBe(other);
    expect((next.items[0] as { similar: LiveRow[] }).similar[0]?.values.bid).toBe(3.5);
    expect(next.page).toBe(0);
  });

  test('nothing to update: the same object comes back', () => {
    const list = [row('a', { bid: 1 })];
    expect(mergeTradeData(list, new Map([['zzz', update('zzz', { bid: 2 })]]))).toBe(list);
    const page = { items: list };
    expect(mergeTradeData(page, new Map())).toBe(page);
    expect(mergeTradeData('text', new Map())).toBe('text');
  });
});
