/**
 * `GET /market/snapshot`: the device snapshot the app scans on the device (docs/OFFLINE.md, "Scans
 * on the device"): one frame of the market for the named underlyings, or the most traded ones,
 * and the underlyings of the caller's watched scans, in the engine's binary format. Heavy
 * (megabytes copied and compressed), so limited like scan runs.
 */
import type { FastifyPluginAsync } from 'fastify';
import { DEVICE_SNAPSHOT_TYPE } from '#engine/device-snapshot.ts';
import { requireUser } from '../auth/authenticate.ts';
import type { RateLimits } from '../config.ts';
import type { ScanEngine } from '../engine/scan-engine.ts';
import { route } from '../http/contract-routes.ts';
import { heavyCallLimit } from '../http/rate-limits.ts';
import type { Db } from '../screener/scan-store.ts';
import { watchedUnderlyings } from '../watching/watch-store.ts';

export interface MarketSnapshotRouteDeps {
  readonly engine: ScanEngine;
  readonly db: Db;
  readonly limits: RateLimits;
}

export const marketSnapshotRoutes: FastifyPluginAsync<MarketSnapshotRouteDeps> = async (
  app,
  { engine, db, limits },
) => {
  const limited = { config: { rateLimit: heavyCallLimit(limits.scanRuns, 'market-snapshot') } };
  route(app, 'market.snapshot', limited, async (request, reply, input) => {
    const { symbols } = input.query();
    const watched = await watchedUnderlyings(db, requireUser(request).id);
    const bytes = engine.deviceSnapshot(symbols ?? null, watched);
    return reply
      .type(DEVICE_SNAPSHOT_TYPE)
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
};
