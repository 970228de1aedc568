import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  ANALYZER_BID_ASK_LEVELS,
  BID_ASK_LEVELS,
  fillPrice,
  isBidAskLevel,
} from '#domain/metrics/bid-ask.ts';

describe('bid/ask levels (spec 2 §9.2)', () => {
  test('the five levels and the analyzer subset', () => {
    expect(BID_ASK_LEVELS.map((l) => [l.label, l.value])).toEqual([
      ['Conservative', 0.5],
      ['25% price improvement', 0.25],
      ['Mid', 0],
      ['75% price improvement', -0.25],
      ['Best case', -0.5],
    ]);
    expect(ANALYZER_BID_ASK_LEVELS).toEqual([0, 0.5, -0.5]);
    expect(isBidAskLevel(0.25)).toBe(true);
    expect(isBidAskLevel(0.3)).toBe(false);
  });

  test('a buy fills at mid + level × spread, a sell at mid − level × spread (bid 1.00, ask 1.40)', () => {
    const buys = BID_ASK_LEVELS.map((l) => fillPrice(1, 1.4, 1, l.value));
    const sells = BID_ASK_LEVELS.map((l) => fillPrice(1, 1.4, -3, l.value));
    [1.4, 1.3, 1.2, 1.1, 1.0].forEach((p, i) => {
      expect(buys[i]).toBeCloseTo(p, 12);
    });
    [1.0, 1.1, 1.2, 1.3, 1.4].forEach((p, i) => {
      expect(sells[i]).toBeCloseTo(p, 12);
    });
  });

  test('conservative never beats best case; buys and sells mirror around the mid', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        fc.constantFrom(...BID_ASK_LEVELS.map((l) => l.value)),
        (bid, width, level) => {
          const ask = bid + width;
          const buy = fillPrice(bid, ask, 1, level);
          const sell = fillPrice(bid, ask, -1, level);
          expect(buy + sell).toBeCloseTo(bid + ask, 9);
          expect(buy).toBeGreaterThanOrEqual(bid - 1e-9);
          expect(buy).toBeLessThanOrEqual(ask + 1e-9);
          expect(fillPrice(bid, ask, 1, 0.5)).toBeGreaterThanOrEqual(fillPrice(bid, ask, 1, -0.5));
        },
      ),
    );
  });
});
