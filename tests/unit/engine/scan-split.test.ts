/**
 * On several threads, a chain larger than a job's share is cut into jobs by expiration and its
 * top lists merged back: the results must still be exactly the brute-force reference's.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { runScan, runShardsHere } from '#engine/scan-run.ts';
import type { ScanSpec } from '#engine/scan-spec.ts';
import type { ShardJob } from '#engine/shard-scan.ts';
import { NO_EXTRAS } from '#engine/underlying-stage.ts';
import { expectReferenceTrades } from './reference-check.ts';
import { tinyMarket } from './tiny-market.ts';

describe('a large chain cut into jobs by expiration', () => {
  test('keeps the reference’s trades and counts', async () => {
    let cut = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1e6 }),
        fc.constantFrom(
          'iron_condor',
          'iron_butterfly',
          'bull_put_spread',
          'long_call',
          'short_strangle',
          'long_call_calendar_spread',
        ),
        fc.constantFrom<[string, 'asc' | 'desc']>(
          ['prob_loss', 'asc'],
          ['total_vol', 'desc'],
          ['max_profit', 'desc'],
        ),
        fc.boolean(),
        async (seed, strategy, sort, narrowed) => {
          const market = tinyMarket({ seed, underlyings: 3, expirations: 3, strikes: 4, firstStrikes: 9 });
          const spec: ScanSpec = {
            strategy: strategy as ScanSpec['strategy'],
            legs: null,
            filters: {},
            sorting: [sort],
            narrowedToSymbol: narrowed ? 'AAA' : null,
          };
          const jobs: ShardJob[] = [];
          const result = await runScan(spec, {
            market: { snapshot: () => market.snapshot, riskFreeRate: () => market.instant.riskFreeRate },
            extras: NO_EXTRAS,
            runShards: (js) => {
              jobs.push(...js);
              return runShardsHere(js);
            },
            cancel: new Int32Array(new SharedArrayBuffer(4)),
            shardSize: 1,
            threads: 2,
            warn: () => {},
          });
          const split = jobs.filter((j) => j.groupRange !== null).length;
          // Time spreads need an underlying's expirations together.
          if (strategy.includes('calendar')) expect(split).toBe(0);
          if (split > 1) cut++;
          const ref = expectReferenceTrades(market, spec, result);
          result.groups.forEach((g, i) => {
            if (g.exact) expect(g.count).toBe(ref[i]!.count);
            else expect(ref[i]!.count).toBeGreaterThanOrEqual(g.count);
          });
        },
      ),
      { numRuns: 16, seed: Number(process.env.ENGINE_PROPERTY_SEED ?? 17) },
    );
    expect(cut).toBeGreaterThan(5);
  }, 120_000);
});
