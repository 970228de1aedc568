/**
 * Golden scan: bull put spreads on the hand-made XYZ chain at the conservative level (buy at the
 * ask, sell at the bid), max loss ≤ $5.00 per share, narrowed to XYZ, sorted by max loss. Worked by
 * hand: credit = bid(short) − ask(long), max loss = width − credit, max profit = credit.
 *   long/short  credit  width  max loss
 *   105/110     4.20    5      0.80
 *   100/105     2.90    5      2.10
 *   100/110     7.40    10     2.60
 *   95/100      1.40    5      3.60
 *   90/95       0.50    5      4.50
 *   (95/105 5.50, 95/110 6.00, 90/100 7.90, 90/105 9.80, 90/110 10.30 lose more than 5.)
 * Tolerance 1e-9 (sums of cents).
 */
import { describe, expect, test } from 'vitest';
import { tradeLegs } from '#engine/trade-input.ts';
import { goldenMarket } from './golden-market.ts';
import { scanTiny } from './tiny-market.ts';

describe('golden: credit put spreads on XYZ', () => {
  test('five spreads lose at most $5, least loss first', async () => {
    const result = await scanTiny(goldenMarket(), {
      strategy: 'bull_put_spread',
      filters: { max_loss: { type: 'range', min: null, max: 5 } },
      sorting: [['max_loss', 'asc']],
      bidAskLevel: 0.5,
      narrowedToSymbol: 'XYZ',
    });
    const g = result.groups[0]!;
    expect(g.count).toBe(5);
    const strikes = g.trades.map((t) =>
      tradeLegs(result.capture.view, g.u, result.plan.structure, t.rows).map((l) =>
        l.contract.kind === 'option' ? l.contract.strike : 0,
      ),
    );
    expect(strikes).toEqual([
      [105, 110],
      [100, 105],
      [100, 110],
      [95, 100],
      [90, 95],
    ]);
    const maxLoss = g.trades.map((t) => t.keys[0]!);
    [0.8, 2.1, 2.6, 3.6, 4.5].forEach((want, i) => {
      expect(maxLoss[i]).toBeCloseTo(want, 9);
    });
  });

  test('at the mid the same ladder gains 0.1 to 0.25 of credit', async () => {
    const result = await scanTiny(goldenMarket(), {
      strategy: 'bull_put_spread',
      filters: { max_loss: { type: 'range', min: null, max: 5 } },
      sorting: [['max_loss', 'asc']],
      bidAskLevel: 0,
      narrowedToSymbol: 'XYZ',
    });
    // Mid credits: 10.20 − 5.65 = 4.55; 5.65 − 2.50 = 3.15; 10.20 − 2.50 = 7.70; 2.50 − 0.90 = 1.60;
    // 0.90 − 0.25 = 0.65; 5.65 − 0.90 = 4.75 (95/105 now loses 5.25: still out).
    const g = result.groups[0]!;
    [0.45, 1.85, 2.3, 3.4, 4.35].forEach((want, i) => {
      expect(g.trades[i]!.keys[0]).toBeCloseTo(want, 9);
    });
    expect(g.count).toBe(5);
  });
});
