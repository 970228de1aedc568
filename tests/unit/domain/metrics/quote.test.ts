/** The combination quote: bid ≤ mid ≤ ask, its fill at each level is the sum of the legs' fills. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BID_ASK_LEVELS, fillPrice } from '#domain/metrics/bid-ask.ts';
import { buildPosition } from '#domain/metrics/position.ts';
import { combinationQuote } from '#domain/metrics/quote.ts';
import { arbLegs, trade } from './fixtures.ts';

describe('combination quote', () => {
  test('ordered, and the fill at each level is the sum of the leg fills, in the trade’s direction', () => {
    fc.assert(
      fc.property(
        arbLegs({ stock: true }),
        fc.constantFrom(...BID_ASK_LEVELS.map((l) => l.value)),
        (legs, level) => {
          const q = combinationQuote(buildPosition(trade('custom', legs, { level })));
          expect(q.bid).toBeLessThanOrEqual(q.mid + 1e-9);
          expect(q.mid).toBeLessThanOrEqual(q.ask + 1e-9);
          const legFills = legs.reduce(
            (sum, l) =>
              sum +
              (l.contract.kind === 'stock' ? l.quantity / 100 : l.quantity) *
                fillPrice(l.bid, l.ask, l.quantity, level),
            0,
          );
          expect(q.cost).toBeCloseTo(legFills, 9);
          const expected =
            q.price_type === 'debit' ? q.mid + level * (q.ask - q.bid) : q.mid - level * (q.ask - q.bid);
          expect(q.price).toBeCloseTo(expected, 9);
          expect(q.price_type === 'debit' ? q.cost : -q.cost).toBeCloseTo(q.price, 12);
        },
      ),
    );
  });
});
