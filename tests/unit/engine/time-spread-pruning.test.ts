/**
 * Calendars and diagonals ranked by IV ratio skip the spreads whose ratio cannot reach an
 * underlying's worst kept trade (shard-scan.ts): the results must still be exactly the brute-force
 * reference's, and the skipping must happen.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { expiryInstant } from '#domain/contracts/expiry.ts';
import { bsPrice } from '#domain/pricing/black-scholes.ts';
import type { ScanSpec } from '#engine/scan-spec.ts';
import { expectKeptCounts, expectReferenceTrades } from './reference-check.ts';
import { fixedMarket, scanTiny, TINY_AS_OF, TINY_EXPIRATIONS, TINY_RATE, tinyMarket } from './tiny-market.ts';

describe('time spreads by IV ratio keep the reference’s results', () => {
  test('calendars and diagonals, with and without a second key', async () => {
    let pruned = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1e6 }),
        fc.constantFrom(
          'long_call_calendar_spread',
          'long_put_calendar_spread',
          'long_call_diagonal_spread',
          'long_put_diagonal_spread',
        ),
        fc.constantFrom<ScanSpec['sorting']>(
          [['iv_ratio', 'desc']],
          [
            ['iv_ratio', 'desc'],
            ['max_loss', 'asc'],
          ],
        ),
        fc.constantFrom(0.5, 0, -0.5),
        async (seed, strategy, sorting, level) => {
          const market = tinyMarket({ seed, underlyings: 2, expirations: 4, strikes: 8 });
          const spec: ScanSpec = {
            strategy: strategy as ScanSpec['strategy'],
            legs: null,
            filters: {},
            sorting,
            bidAskLevel: level,
          };
          const result = await scanTiny(market, spec);
          pruned += expectKeptCounts(result, expectReferenceTrades(market, spec, result));
        },
      ),
      { numRuns: 16, seed: Number(process.env.ENGINE_PROPERTY_SEED ?? 19) },
    );
    expect(pruned).toBeGreaterThan(5);
  }, 120_000);

  test('a flat volatility surface, where every spread ties on IV ratio and the second key decides', async () => {
    const chain = (date: (typeof TINY_EXPIRATIONS)[number]) => {
      const T = (expiryInstant(date) - TINY_AS_OF) / (365 * 86_400_000);
      const quote = (isCall: boolean, k: number) => {
        const price = bsPrice(isCall, 100, k, T, TINY_RATE, 0, 0.3);
        return [Math.max(0, Math.round(price * 100 - 2) / 100), Math.round(price * 100 + 2) / 100] as const;
      };
      return {
        date,
        quotes: Array.from({ length: 9 }, (_, i) => ({
          strike: 92 + 2 * i,
          call: quote(true, 92 + 2 * i),
          put: quote(false, 92 + 2 * i),
        })),
      };
    };
    const market = fixedMarket({
      symbol: 'FLAT',
      spot: 100,
      iv: 0.3,
      expirations: TINY_EXPIRATIONS.slice(1).map(chain),
    });
    for (const strategy of ['long_call_calendar_spread', 'long_put_diagonal_spread'] as const) {
      const spec: ScanSpec = {
        strategy,
        legs: null,
        filters: {},
        sorting: [
          ['iv_ratio', 'desc'],
          ['max_loss', 'asc'],
        ],
      };
      const result = await scanTiny(market, spec);
      const ref = expectReferenceTrades(market, spec, result);
      expect(ref[0]!.count).toBeGreaterThan(20);
      expect(result.groups[0]!.count).toBe(ref[0]!.count);
    }
  });
});
