/**
 * Same-expiration structures ranked by expected value are enumerated with a bound on that key
 * (enumerate.ts, `KeyBound`): the results must still be exactly the brute-force reference's, the
 * counts of tickers that skipped trades at most the reference's, and the pruning must happen.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BID_ASK_LEVELS } from '#domain/metrics/bid-ask.ts';
import type { ScanSpec } from '#engine/scan-spec.ts';
import { expectKeptCounts, expectReferenceTrades } from './reference-check.ts';
import { scanTiny, tinyMarket } from './tiny-market.ts';

describe('expected-value pruning keeps the reference’s results', () => {
  test('verticals, butterflies, ratio spreads and stock legs, either direction, with and without a max loss', async () => {
    let pruned = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1e6 }),
        fc.constantFrom(
          'bull_put_spread',
          'bear_call_spread',
          'bull_call_spread',
          'call_butterfly',
          'put_ratio_spread',
          'covered_call',
          'collar',
          'long_strangle',
        ),
        fc.constantFrom('desc', 'asc'),
        fc.option(fc.double({ min: 0.5, max: 20, noNaN: true })),
        fc.constantFrom(...BID_ASK_LEVELS.map((l) => l.value)),
        async (seed, strategy, direction, maxLoss, level) => {
          const market = tinyMarket({ seed, underlyings: 2, expirations: 2, strikes: 12 });
          const spec: ScanSpec = {
            strategy: strategy as ScanSpec['strategy'],
            legs: null,
            filters: maxLoss === null ? {} : { max_loss: { type: 'range', min: null, max: maxLoss } },
            sorting: [
              ['spread_expected_value', direction as 'asc' | 'desc'],
              ['total_vol', 'desc'],
            ],
            bidAskLevel: level,
          };
          const result = await scanTiny(market, spec);
          pruned += expectKeptCounts(result, expectReferenceTrades(market, spec, result));
        },
      ),
      { numRuns: 60, seed: Number(process.env.ENGINE_PROPERTY_SEED ?? 17) },
    );
    expect(pruned).toBeGreaterThan(20);
  }, 180_000);
});
