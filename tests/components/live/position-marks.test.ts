/**
 * The trade log's open positions re-marked from live quotes, checked against hand arithmetic:
 * a covered call of 100 shares bought at 600.00 and one call sold at 5.00 (credit 500), marked
 * at last 602.00 and call mid 6.50: P/L = (602 − 600) × 100 − (6.50 − 5.00) × 100 = +50.00.
 */
import { describe, expect, test } from 'vitest';
import type { LiveQuote } from '#api/hub.ts';
import type { Position } from '#api/trades.ts';
import { markPosition, markPositions } from '#app/live/position-marks.ts';
import { positionQuoteIds } from '#app/live/use-live.ts';

const CALL = {
  kind: 'option',
  underlying: 'SPY',
  right: 'CALL',
  expiration: '2026-03-20',
  strike: 610,
} as const;

const position = (over: Partial<Position> = {}): Position =>
  ({
    positionId: 1,
    strategy: 'covered_call',
    symbol: 'SPY',
    size: 1,
    legs: [
      { contract: { kind: 'stock', symbol: 'SPY' }, quantity: 100, fillPrice: 600, markPrice: 600 },
      { contract: CALL, quantity: -1, fillPrice: 5, markPrice: 5 },
    ],
    // Bought 100 shares at 600 (−60,000.00), sold the call for 500.00.
    accountEffectCents: -5_950_000,
    plCents: 0,
    initialMarginCents: 5_950_000,
    roi: 0,
    roiAnnualized: 0,
    maxProfitGained: 0,
    openDate: '2026-03-01T15:00:00.000Z',
    closeDate: null,
    ...over,
  }) as Position;

const quote = (id: string, kind: 'stock' | 'option', last: number, mid: number): LiveQuote => ({
  id,
  kind,
  last,
  mid,
  bid: mid - 0.05,
  ask: mid + 0.05,
  change: null,
  changePercent: null,
  iv: null,
  delta: null,
});

const NOW = Date.parse('2026-03-04T15:00:00Z');
const quotes = new Map([
  ['SPY', quote('SPY', 'stock', 602, 601.99)],
  ['SPY260320C610', quote('SPY260320C610', 'option', 6.1, 6.5)],
]);

describe('marking positions', () => {
  test('stock at the last price, options at the mid; P/L and ROI as the server computes them', () => {
    const p = markPosition(position(), quotes, NOW);
    expect(p.legs.map((l) => l.markPrice)).toEqual([602, 6.5]);
    expect(p.plCents).toBe(5000);
    expect(p.roi).toBeCloseTo(5000 / 5_950_000, 12);
    // Held 3 days: too short to annualize.
    expect(p.roiAnnualized).toBeNull();
    // Held 10 days: annualized = ROI × 365 / 10.
    const later = markPosition(position({ openDate: '2026-02-22T15:00:00.000Z' }), quotes, NOW);
    expect(later.roiAnnualized).toBeCloseTo(((5000 / 5_950_000) * 365) / 10, 12);
  });

  test('% of max profit follows the P/L over the same max profit', () => {
    // Before: P/L 100.00 was 10% of the max profit (1,000.00).
    const p = markPosition(position({ plCents: 10_000, maxProfitGained: 0.1 }), quotes, NOW);
    expect(p.maxProfitGained).toBeCloseTo(5000 / 100_000, 12);
  });

  test('closed positions, expired legs and unquoted legs keep what the server sent', () => {
    const closed = position({ closeDate: '2026-03-02T15:00:00.000Z' });
    expect(markPosition(closed, quotes, NOW)).toBe(closed);
    const afterExpiry = Date.parse('2026-03-21T15:00:00Z');
    expect(markPosition(position(), quotes, afterExpiry).legs[1]?.markPrice).toBe(5);
    const onlyStock = markPosition(position(), new Map([['SPY', quotes.get('SPY')!]]), NOW);
    expect(onlyStock.legs.map((l) => l.markPrice)).toEqual([602, 5]);
    expect(onlyStock.plCents).toBe(20_000);
  });

  test('a list without changes is the same list; the ids to subscribe skip closed positions', () => {
    const list = [
      position({
        legs: [{ contract: { kind: 'stock', symbol: 'SPY' }, quantity: 100, fillPrice: 600, markPrice: 602 }],
      }),
    ];
    expect(markPositions(list, quotes, NOW)).toBe(list);
    expect(positionQuoteIds([position(), position({ closeDate: 'x', symbol: 'KO' })])).toEqual([
      'SPY',
      'SPY260320C610',
    ]);
  });
});
