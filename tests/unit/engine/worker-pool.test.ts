/**
 * The worker pool against the calling thread: a scan's jobs, claimed by two workers in any order,
 * come back in job order with the calling thread's results; scans sent together each get their
 * own; a scan whose work throws in a worker fails with the worker's message, and the pool goes on
 * serving the next scan.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { STRATEGIES } from '#domain/strategies/catalogue.ts';
import type { ScreenerStrategyKey } from '#domain/strategies/strategy-key.ts';
import { specOf } from '#engine/scan-page.ts';
import { runScan, runShardsHere } from '#engine/scan-run.ts';
import type { ShardJob, ShardResult } from '#engine/shard-scan.ts';
import { NO_EXTRAS } from '#engine/underlying-stage.ts';
import { WorkerPool } from '#server/engine/worker-pool.ts';
import { tinyMarket } from './tiny-market.ts';

const market = tinyMarket({ seed: 11, underlyings: 9, expirations: 5, strikes: 14 });
const pool = new WorkerPool(2);
afterAll(() => pool.close());

/** The jobs a scan of `strategy` hands its shard runner: one per underlying here. */
async function jobsOf(strategy: ScreenerStrategyKey): Promise<ShardJob[]> {
  let jobs: ShardJob[] = [];
  const spec = specOf({
    strategy,
    filters: { ...STRATEGIES[strategy].defaultFilters, total_vol: null, days_to_expiration: null },
  });
  const result = await runScan(spec, {
    market: { snapshot: () => market.snapshot, riskFreeRate: () => market.instant.riskFreeRate },
    extras: NO_EXTRAS,
    runShards: (given) => {
      jobs = [...given];
      return runShardsHere(given);
    },
    cancel: new Int32Array(new SharedArrayBuffer(4)),
    shardSize: 1,
    warn: () => {},
  });
  result.settle();
  return jobs;
}

/** The results without their timing, which differs from thread to thread. */
const found = (results: readonly ShardResult[]) => results.map(({ computeMs: _, ...rest }) => rest);

/** The pool's results of `jobs`, and this thread's. */
const pooled = async (jobs: readonly ShardJob[]) => found(await pool.run(jobs));
const here = async (jobs: readonly ShardJob[]) => found(await runShardsHere(jobs));

describe('scan worker pool', () => {
  test('jobs come back in job order with the calling thread’s results', async () => {
    for (const strategy of ['iron_condor', 'bull_put_spread', 'covered_call'] as const) {
      const jobs = await jobsOf(strategy);
      expect(jobs.length).toBeGreaterThan(2);
      const expected = await here(jobs);
      expect(await pooled(jobs)).toEqual(expected);
      // Fewer jobs than workers.
      expect(await pooled(jobs.slice(0, 1))).toEqual(expected.slice(0, 1));
    }
    expect(await pool.run([])).toEqual([]);
  });

  test('scans sent together each get their own results', async () => {
    const a = await jobsOf('iron_condor');
    const b = await jobsOf('long_put');
    const [ra, rb] = await Promise.all([pool.run(a), pool.run(b)]);
    expect(found(ra)).toEqual(await here(a));
    expect(found(rb)).toEqual(await here(b));
  });

  test('a scan that throws in a worker fails with its message; the next scan runs', async () => {
    const jobs = await jobsOf('bull_put_spread');
    // A strategy the worker cannot compile (the API never lets one through).
    const spec = { ...jobs[0]!.spec, strategy: 'no_such_strategy' } as unknown as ShardJob['spec'];
    const broken = jobs.map((j) => ({ ...j, spec }));
    await expect(pool.run(broken)).rejects.toThrow(/at structureOf/);
    expect(await pooled(jobs)).toEqual(await here(jobs));
  });
});
