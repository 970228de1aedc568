import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ALERT_GAP_MS, topTradeIds, WATCH_TOP_TRADES, watchOutcome } from '#domain/watching/new-trades.ts';

const trades = (...ids: string[]) => ids.map((id) => ({ id }));
const NOW = Date.parse('2026-03-04T15:30:00Z');

describe('a watched scan check', () => {
  test('the first check announces nothing and records the top', () => {
    const out = watchOutcome({ seen: null, alertedAt: null }, trades('a', 'b'), NOW);
    expect(out.announce).toEqual([]);
    expect(out.next).toEqual({ seen: ['a', 'b'], alertedAt: null });
  });

  test('trades that entered the top are announced, best first; a reshuffle is not news', () => {
    const out = watchOutcome({ seen: ['a', 'b', 'c'], alertedAt: null }, trades('d', 'c', 'a', 'e'), NOW);
    expect(out.announce.map((t) => t.id)).toEqual(['d', 'e']);
    expect(out.next).toEqual({ seen: ['d', 'c', 'a', 'e'], alertedAt: NOW });
    expect(watchOutcome({ seen: ['a', 'b'], alertedAt: null }, trades('b', 'a'), NOW).announce).toEqual([]);
  });

  test('only the top counts: a new trade below it is not announced', () => {
    const top = Array.from({ length: WATCH_TOP_TRADES }, (_, i) => `t${i}`);
    const out = watchOutcome({ seen: top, alertedAt: null }, trades(...top, 'below'), NOW);
    expect(out.announce).toEqual([]);
    expect(topTradeIds(trades(...top, 'below'))).toEqual(top);
  });

  test('within the gap after an alert the new trades wait, still new, and go out after it', () => {
    const state = { seen: ['a'], alertedAt: NOW - ALERT_GAP_MS + 60_000 };
    const held = watchOutcome(state, trades('b', 'a'), NOW);
    expect(held.announce).toEqual([]);
    expect(held.next).toEqual(state);
    const later = watchOutcome(held.next, trades('b', 'a'), NOW + 60_000);
    expect(later.announce.map((t) => t.id)).toEqual(['b']);
  });

  test('a trade that came and went while an alert waited is never announced', () => {
    const state = { seen: ['a'], alertedAt: NOW - 1_000 };
    const held = watchOutcome(state, trades('gone', 'a'), NOW);
    const later = watchOutcome(held.next, trades('a', 'c'), NOW + ALERT_GAP_MS);
    expect(later.announce.map((t) => t.id)).toEqual(['c']);
  });

  test('whatever the checks, no trade is announced twice without leaving the top in between', () => {
    const check = fc.record({
      top: fc.uniqueArray(fc.constantFrom(...'abcdefghijklmnop'), { maxLength: 14 }),
      afterMs: fc.integer({ min: 0, max: 3 * ALERT_GAP_MS }),
    });
    fc.assert(
      fc.property(fc.array(check, { minLength: 1, maxLength: 12 }), (checks) => {
        let state: { seen: readonly string[] | null; alertedAt: number | null } = {
          seen: null,
          alertedAt: null,
        };
        let now = NOW;
        let lastAlertAt: number | null = null;
        const announcedInTop = new Set<string>();
        for (const { top, afterMs } of checks) {
          now += afterMs;
          const out = watchOutcome(state, trades(...top), now);
          const inTop = new Set(top.slice(0, WATCH_TOP_TRADES));
          for (const id of announcedInTop) if (!inTop.has(id)) announcedInTop.delete(id);
          if (out.announce.length > 0) {
            expect(lastAlertAt === null || now - lastAlertAt >= ALERT_GAP_MS).toBe(true);
            lastAlertAt = now;
          }
          for (const { id } of out.announce) {
            expect(announcedInTop.has(id)).toBe(false);
            expect(inTop.has(id)).toBe(true);
            announcedInTop.add(id);
          }
          state = out.next;
        }
      }),
    );
  });
});
