/**
 * The probabilities of every strategy's trades under the smile model obey the rules of a
 * distribution: each in [0, 1]; up + down = the total; profit + loss ≤ 1; the chance of the maximum
 * profit (loss) within that of a profit (loss); every leg's chance of expiring out of the money in
 * [0, 1]. Random tiny markets, every kept trade of a scan, each trade with its expirations' smiles.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { tradeMetrics } from '#domain/metrics/trade-metrics.ts';
import { SCREENER_STRATEGY_KEYS } from '#domain/strategies/strategy-key.ts';
import { tradeInput } from '#engine/trade-input.ts';
import { scanTiny, tinyMarket } from './tiny-market.ts';

const EPS = 1e-12;
const inUnit = (p: number) => p >= -EPS && p <= 1 + EPS;

describe('smile probabilities are a distribution’s', () => {
  test.each(SCREENER_STRATEGY_KEYS.filter((k) => k !== 'custom'))('%s', async (strategy) => {
    let trades = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1e6 }), async (seed) => {
        const market = tinyMarket({ seed, underlyings: 2, expirations: 3, strikes: 9 });
        const result = await scanTiny(market, { strategy, filters: {}, bidAskLevel: 0.25 });
        for (const g of result.groups) {
          for (const t of g.trades) {
            const input = tradeInput(
              result.capture.view,
              g.u,
              result.plan.structure,
              Array.from(t.rows),
              0.25,
            );
            expect(input.smiles?.length).toBeGreaterThan(0);
            const m = tradeMetrics(input);
            for (const p of [m.prob_profit, m.prob_loss, m.prob_max_profit, m.prob_max_loss, ...m.prob_otm])
              expect(inUnit(p)).toBe(true);
            expect(m.prob_profit_up + m.prob_profit_down).toBeCloseTo(m.prob_profit, 12);
            expect(m.prob_loss_up + m.prob_loss_down).toBeCloseTo(m.prob_loss, 12);
            expect(m.prob_profit + m.prob_loss).toBeLessThanOrEqual(1 + EPS);
            expect(m.prob_max_profit).toBeLessThanOrEqual(m.prob_profit + EPS);
            expect(m.prob_max_loss).toBeLessThanOrEqual(m.prob_loss + EPS);
            trades++;
          }
        }
      }),
      { numRuns: 8, seed: 7 },
    );
    expect(trades).toBeGreaterThan(0);
  });
});
