/**
 * A scan over a device snapshot, on the calling thread (the app's scan worker): the engine's
 * `runScan` over the snapshot's one frame, its shards one after another, then the page asked for
 * as `POST /scans/run` answers it. Same plan, stages, kernels and merge as the server's scans, so
 * the same snapshot gives the same rows in the same order.
 */
import type { ScanRunAnswer } from '#api/scans.ts';
import type { DeviceSnapshot } from './device-snapshot.ts';
import { DEFAULT_PAGE_SIZE, type ScanRequest, scanPage, specOf } from './scan-page.ts';
import { type FrameSource, runScan, runShardsHere } from './scan-run.ts';

/** The `cacheId` of a page scanned on the device: no server cache holds it. */
export const DEVICE_CACHE_ID = 'device';

export async function scanOnDevice(snapshot: DeviceSnapshot, request: ScanRequest): Promise<ScanRunAnswer> {
  const { header, buffers, extras } = snapshot;
  // Nothing writes a device snapshot: its one frame needs no pin.
  const frame = { index: 0, time: header.asOfMs };
  const source: FrameSource = { buffers, pin: () => frame, unpin: () => {} };
  const result = await runScan(specOf(request), {
    market: { snapshot: () => source, riskFreeRate: () => header.riskFreeRate },
    extras,
    runShards: runShardsHere,
    cancel: new Int32Array(1),
    shardSize: Math.max(1, header.underlyingCount),
    probabilityModel: header.probabilityModel,
    warn: () => {},
  });
  return scanPage(result, request, {
    page: request.page ?? 0,
    pageSize: DEFAULT_PAGE_SIZE,
    cacheId: DEVICE_CACHE_ID,
  });
}
