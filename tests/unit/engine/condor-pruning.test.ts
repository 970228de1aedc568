/**
 * Condor shapes are enumerated body first and pruned by their sort key's bound, short strangles
 * by theirs (condor.ts): the results must still be exactly the brute-force
 * reference's, and the pruning must happen.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { expiryInstant } from '#domain/contracts/expiry.ts';
import { BID_ASK_LEVELS } from '#domain/metrics/bid-ask.ts';
import { bsPrice } from '#domain/pricing/black-scholes.ts';
import { MarketView } from '#engine/market-view.ts';
import { NARROWED_MAX, SIMILAR } from '#engine/scan-run.ts';
import type { ScanSpec } from '#engine/scan-spec.ts';
import { referenceScan } from './reference.ts';
import { expectKeptCounts, expectReferenceTrades } from './reference-check.ts';
import { fixedMarket, scanTiny, TINY_AS_OF, type TINY_EXPIRATIONS, tinyMarket } from './tiny-market.ts';

type TinyExpiration = (typeof TINY_EXPIRATIONS)[number];

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
          pruned += expectKeptCounts(result, expectReferenceTrades(market, spec, result));
        },
      ),
      { numRuns: 50, seed: Number(process.env.ENGINE_PROPERTY_SEED ?? 7) },
    );
    expect(pruned).toBeGreaterThan(5);
  }, 120_000);

  test('wider chains, where the body and wing bounds by case and the max loss edges cut most', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1e6 }),
        fc.constantFrom('iron_condor', 'iron_butterfly', 'custom'),
        fc.constantFrom(['prob_loss', 'asc'], ['prob_profit', 'desc'], ['spread_profit_ratio', 'desc']),
        fc.option(fc.double({ min: 1, max: 12, noNaN: true })),
        fc.constantFrom(...BID_ASK_LEVELS.map((l) => l.value)),
        async (seed, strategy, sort, maxLoss, level) => {
          const market = tinyMarket({ seed, underlyings: 1, expirations: 1, strikes: 22 });
          const spec: ScanSpec = {
            strategy: strategy as ScanSpec['strategy'],
            legs: strategy === 'custom' ? CONDOR_LEGS : null,
            filters: maxLoss === null ? {} : { max_loss: { type: 'range', min: null, max: maxLoss } },
            sorting: [sort as [string, 'asc' | 'desc']],
            bidAskLevel: level,
          };
          const result = await scanTiny(market, spec);
          expectReferenceTrades(market, spec, result);
        },
      ),
      { numRuns: 12, seed: Number(process.env.ENGINE_PROPERTY_SEED ?? 11) },
    );
  }, 120_000);

  test('chains with loose quotes, where some condors lose nowhere and others on one side only', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })),
          {
            minLength: 44,
            maxLength: 44,
          },
        ),
        fc.constantFrom(['prob_loss', 'asc'], ['prob_profit', 'desc']),
        fc.constantFrom(...BID_ASK_LEVELS.map((l) => l.value)),
        fc.option(fc.double({ min: 0.5, max: 6, noNaN: true })),
        fc.constantFrom(0.1, 0.3, 1),
        async (noise, sort, level, maxLoss, scale) => {
          // Time value around the money plus intrinsic value, then noise and wide spreads: credits
          // may exceed a wing's width (few such trades, or many that tie at no loss).
          const quote = (intrinsic: number, k: number, [n, spread]: [number, number]) => {
            const mid = Math.max(0.05, intrinsic + 2 * Math.exp(-(((k - 100) / 4) ** 2)) + scale * n);
            const cents = (x: number) => Math.round(x * 100) / 100;
            return [cents(Math.max(0, mid - spread / 2)), cents(mid + spread / 2)] as const;
          };
          // Two expirations, so that the second one's bodies meet a full list.
          const chain = (date: TinyExpiration, first: number) => ({
            date,
            quotes: Array.from({ length: 11 }, (_, i) => {
              const k = 95 + i;
              return {
                strike: k,
                call: quote(Math.max(0, 100 - k), k, noise[first + 2 * i]!),
                put: quote(Math.max(0, k - 100), k, noise[first + 2 * i + 1]!),
              };
            }),
          });
          const market = fixedMarket({
            symbol: 'LOOSE',
            spot: 100,
            iv: 0.3,
            expirations: [chain('2026-03-20', 0), chain('2026-04-17', 22)],
          });
          const spec: ScanSpec = {
            strategy: 'iron_condor',
            legs: null,
            filters: maxLoss === null ? {} : { max_loss: { type: 'range', min: null, max: maxLoss } },
            sorting: [sort as [string, 'asc' | 'desc']],
            bidAskLevel: level,
          };
          const result = await scanTiny(market, spec);
          expectReferenceTrades(market, spec, result);
        },
      ),
      { numRuns: 36, seed: Number(process.env.ENGINE_PROPERTY_SEED ?? 13) },
    );
  }, 120_000);

  test('tightly quoted chains, where condors over a deep in-the-money spread lose on one side only', async () => {
    // Black-Scholes quotes a cent either side of the price: a deep in-the-money spread's credit is
    // nearly its width, so with the other spread's credit the trade cannot lose on that side. Those
    // trades lead by probability of loss, and their bodies look hopeless on the other side alone.
    // Two expirations, so that the second one's bodies meet a full list.
    await fc.assert(
      fc.asyncProperty(
        fc.double({ min: 0.15, max: 0.6, noNaN: true }),
        fc.constantFrom(['prob_loss', 'asc'], ['prob_profit', 'desc']),
        fc.constantFrom(0.5, 0, -0.5),
        async (iv, sort, level) => {
          const chain = (date: TinyExpiration) => {
            const T = (expiryInstant(date) - TINY_AS_OF) / (365 * 86_400_000);
            const quote = (isCall: boolean, k: number) => {
              const price = bsPrice(isCall, 100, k, T, 0.04, 0, iv);
              return [
                Math.max(0, Math.round(price * 100 - 1) / 100),
                Math.round(price * 100 + 1) / 100,
              ] as const;
            };
            return {
              date,
              quotes: Array.from({ length: 13 }, (_, i) => {
                const k = 91 + 1.5 * i;
                return { strike: k, call: quote(true, k), put: quote(false, k) };
              }),
            };
          };
          const market = fixedMarket({
            symbol: 'TIGHT',
            spot: 100,
            iv,
            expirations: [chain('2026-03-20'), chain('2026-04-17')],
          });
          const spec: ScanSpec = {
            strategy: 'iron_condor',
            legs: null,
            filters: {},
            sorting: [sort as [string, 'asc' | 'desc']],
            bidAskLevel: level,
          };
          const result = await scanTiny(market, spec);
          expectReferenceTrades(market, spec, result);
        },
      ),
      { numRuns: 8, seed: Number(process.env.ENGINE_PROPERTY_SEED ?? 17) },
    );
  }, 120_000);

  test('a condor over the max loss limit never reaches the kernel', async () => {
    const market = tinyMarket({ seed: 5, underlyings: 1, expirations: 2, strikes: 14 });
    for (const strategy of ['iron_condor', 'iron_butterfly'] as const) {
      const spec: ScanSpec = {
        strategy,
        legs: null,
        filters: { max_loss: { type: 'range', min: null, max: 3 } },
        sorting: [['prob_loss', 'asc']],
        narrowedToSymbol: 'AAA',
      };
      const result = await scanTiny(market, spec);
      const ref = referenceScan(new MarketView(market.instant), spec, {
        similar: SIMILAR,
        narrowedMax: NARROWED_MAX,
      });
      // A narrowed scan counts every passing trade: the kernel saw those and no others.
      expect(result.groups[0]!.count).toBe(ref[0]!.count);
      expect(result.groups[0]!.count).toBeGreaterThan(20);
      expect(result.evaluated).toBe(result.groups[0]!.count);
    }
  });
});
