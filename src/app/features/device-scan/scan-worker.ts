/**
 * The scan worker: scans on the device off the page's thread. It is sent the device snapshot's
 * bytes (transferred, not copied: no cross-origin isolation needed, which the checkout frame
 * would not allow) when it does not hold that snapshot yet, decodes them once, and answers each
 * scan with the page `POST /scans/run` would answer (`#engine/device-scan.ts`).
 */
import type { ScanDefinition, ScanRunAnswer } from '#api/scans.ts';
import { withUniverseSymbols } from '#domain/filters/universe-filter.ts';
import { scanOnDevice } from '#engine/device-scan.ts';
import { type DeviceSnapshot, decodeDeviceSnapshot } from '#engine/device-snapshot.ts';
import { scanRequestOf } from '#engine/scan-page.ts';

export interface DeviceScanJob {
  readonly id: number;
  /** The snapshot's fetch time: the worker decodes `bytes` when it holds another one. */
  readonly snapshotId: number;
  readonly bytes: ArrayBuffer | null;
  readonly definition: ScanDefinition;
  /** The symbols of the universe the definition's `universe` filter names, or null. */
  readonly universe: readonly string[] | null;
}

export type DeviceScanReply =
  | { readonly id: number; readonly answer: ScanRunAnswer }
  | { readonly id: number; readonly error: string }
  /** The worker holds another snapshot than the job's: send the bytes. */
  | { readonly id: number; readonly needsSnapshot: true };

let held: { readonly id: number; readonly snapshot: DeviceSnapshot } | null = null;

async function answer(job: DeviceScanJob): Promise<DeviceScanReply> {
  if (job.bytes) held = { id: job.snapshotId, snapshot: decodeDeviceSnapshot(job.bytes) };
  if (held?.id !== job.snapshotId) return { id: job.id, needsSnapshot: true };
  const { definition, universe } = job;
  const request = scanRequestOf(definition, withUniverseSymbols(definition.filters, universe));
  return { id: job.id, answer: await scanOnDevice(held.snapshot, request) };
}

self.addEventListener('message', (event: MessageEvent<DeviceScanJob>) => {
  answer(event.data).then(
    (reply) => self.postMessage(reply),
    (error: unknown) =>
      self.postMessage({ id: event.data.id, error: String((error as Error)?.message ?? error) }),
  );
});
