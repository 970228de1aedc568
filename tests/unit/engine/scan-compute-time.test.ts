/**
 * A scan's own compute time (`ScanResult.computeMs`) leaves out the time its parts waited behind
 * other scans in the workers: the watch budget compares it, so a busy server does not make a
 * cheap scan too expensive to watch (docs/WATCHING.md).
 */
import { expect, test } from 'vitest';
import { runScan, runShardsHere, type ShardRunner } from '#engine/scan-run.ts';
import type { ScanSpec } from '#engine/scan-spec.ts';
import { NO_EXTRAS } from '#engine/underlying-stage.ts';
import { tinyMarket } from './tiny-market.ts';

const QUEUED_MS = 300;

test('time queued behind other scans counts in the wall-clock duration, not the compute time', async () => {
  const market = tinyMarket({ seed: 7, underlyings: 3, expirations: 3, strikes: 4, firstStrikes: 9 });
  const spec: ScanSpec = {
    strategy: 'bull_put_spread',
    legs: null,
    filters: {},
    sorting: [['max_profit', 'desc']],
    narrowedToSymbol: null,
  };
  // The workers are busy with another user's scan for a while before they take this one's parts.
  const queued: ShardRunner = async (jobs) => {
    await new Promise((resolve) => setTimeout(resolve, QUEUED_MS));
    return runShardsHere(jobs);
  };
  const result = await runScan(spec, {
    market: { snapshot: () => market.snapshot, riskFreeRate: () => market.instant.riskFreeRate },
    extras: NO_EXTRAS,
    runShards: queued,
    cancel: new Int32Array(new SharedArrayBuffer(4)),
    shardSize: 1,
    threads: 2,
    warn: () => {},
  });
  result.settle();
  expect(result.durationMs).toBeGreaterThanOrEqual(QUEUED_MS - 5);
  expect(result.computeMs).toBeGreaterThan(0);
  expect(result.computeMs).toBeLessThan(result.durationMs - QUEUED_MS / 2);
});
