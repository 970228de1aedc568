/**
 * Golden scan: covered calls on XYZ at the mid (stock 100.00, calls' mids), sorted by max profit.
 * By hand, per share: max profit = strike − 100 + premium, max loss = 100 − premium, the
 * breakeven 100 − premium, and the if-called return (strike − 100 + premium) / (100 − premium).
 *   strike  premium  max profit  max loss  breakeven
 *   110     0.30     10.30       99.70     99.70
 *   105     1.10      6.10       98.90     98.90
 *   100     2.90      2.90       97.10     97.10
 *   95      5.80      0.80       94.20     94.20
 *   90      10.35     0.35       89.65     89.65
 * Tolerance 1e-9.
 */
import { describe, expect, test } from 'vitest';
import { RowBuilder } from '#engine/trade-rows.ts';
import { goldenMarket } from './golden-market.ts';
import { scanTiny } from './tiny-market.ts';

describe('golden: covered call income on XYZ', () => {
  test('every strike, richest first, with the hand-worked numbers', async () => {
    const result = await scanTiny(goldenMarket(), {
      strategy: 'covered_call',
      filters: {},
      sorting: [['max_profit', 'desc']],
      bidAskLevel: 0,
      narrowedToSymbol: 'XYZ',
    });
    const g = result.groups[0]!;
    const rows = new RowBuilder(result, [
      'strike',
      'max_profit',
      'max_loss',
      'breakeven',
      'covered_call_return_acquisition',
    ]);
    const got = g.trades.map((t) => rows.trade(g, t).values);
    expect(got.map((v) => (v.strike as number[])[0])).toEqual([110, 105, 100, 95, 90]);
    const want = [
      [10.3, 99.7],
      [6.1, 98.9],
      [2.9, 97.1],
      [0.8, 94.2],
      [0.35, 89.65],
    ];
    got.forEach((v, i) => {
      const [profit, loss] = want[i]!;
      expect(v.max_profit as number).toBeCloseTo(profit!, 9);
      expect(v.max_loss as number).toBeCloseTo(loss!, 9);
      expect((v.breakeven as number[])[0]).toBeCloseTo(loss!, 9);
      expect(v.covered_call_return_acquisition as number).toBeCloseTo(profit! / loss!, 9);
    });
    expect(rows.trade(g, g.trades[0]!).legs.map((l) => l.contract)).toEqual(['XYZ', 'XYZ260320C110']);
  });
});
