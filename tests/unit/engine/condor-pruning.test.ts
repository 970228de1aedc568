/**
 * Condor shapes are enumerated body first and pruned by their sort key's bound, short strangles
 * by theirs (condor.ts): the results must still be exactly the brute-force
 * reference's, and the pruning must happen.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatContractId } from '../../../src/domain/contracts/contract-id.ts';
import { MarketView } from '../../../src/server/engine/market-view.ts';
import { NARROWED_MAX, SIMILAR } from '../../../src/server/engine/scan-run.ts';
import type { ScanSpec } from '../../../src/server/engine/scan-spec.ts';
import { tradeLegs } from '../../../src/server/engine/trade-input.ts';
import { referenceScan } from './reference.ts';
import { scanTiny, tinyMarket } from './tiny-market.ts';

const CONDOR_LEGS = [
  { kind: 'option', right: 'PUT', quantity: 2 },
  { kind: 'option', right: 'PUT', quantity: -2, strike: 'greater' },
  { kind: 'option', right: 'CALL', quantity: -2, strike: 'greater' },
  { kind: 'option', right: 'CALL', quantity: 2, strike: 'greater' },
] as const;

describe('condor pruning keeps the reference’s results', () => {
  test('condors, iron butterflies, condor-shaped custom legs and short strangles (straddles: plain path)', async () => {
    let pruned = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1e6 }),
        fc.constantFrom('iron_condor', 'iron_butterfly', 'custom', 'short_strangle', 'short_straddle'),
        fc.constantFrom(['prob_loss', 'asc'], ['prob_profit', 'desc'], ['spread_profit_ratio', 'desc']),
        fc.option(fc.double({ min: 2, max: 30, noNaN: true })),
        fc.constantFrom(0.5, 0, -0.5),
        async (seed, strategy, sort, maxLoss, level) => {
          const market = tinyMarket({ seed, underlyings: 2, expirations: 1, strikes: 9 });
          const spec: ScanSpec = {
            strategy: strategy as ScanSpec['strategy'],
            legs: strategy === 'custom' ? CONDOR_LEGS : null,
            filters: maxLoss === null ? {} : { max_loss: { type: 'range', min: null, max: maxLoss } },
            sorting: [sort as [string, 'asc' | 'desc']],
            bidAskLevel: level,
          };
          const result = await scanTiny(market, spec);
          const view = new MarketView(market.instant);
          const ref = referenceScan(view, spec, { similar: SIMILAR, narrowedMax: NARROWED_MAX });
          const s = result.plan.structure;
          const ids = (v: MarketView, u: number, rows: ArrayLike<number>) =>
            tradeLegs(v, u, s, rows)
              .map((l) => formatContractId(l.contract))
              .join(' ');
          expect(
            result.groups.map((g) => [g.symbol, g.trades.map((t) => ids(result.capture.view, g.u, t.rows))]),
          ).toEqual(ref.map((g) => [g.symbol, g.trades.map((t) => ids(view, t.u, t.rows))]));
          result.groups.forEach((g, i) => {
            if (g.exact) expect(g.count).toBe(ref[i]!.count);
            else {
              expect(ref[i]!.count).toBeGreaterThanOrEqual(g.count);
              pruned++;
            }
            g.trades.forEach((t, j) => {
              expect(
                Object.is(t.keys[0], ref[i]!.trades[j]!.keys[0]) || t.keys[0] === ref[i]!.trades[j]!.keys[0],
              ).toBe(true);
            });
          });
        },
      ),
      { numRuns: 50, seed: Number(process.env.ENGINE_PROPERTY_SEED ?? 7) },
    );
    expect(pruned).toBeGreaterThan(5);
  }, 120_000);
});
