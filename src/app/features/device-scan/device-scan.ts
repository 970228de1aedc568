/**
 * Scans on the device (docs/OFFLINE.md, "Scans on the device"), on the page's side: keeps the
 * device snapshot fresh in IndexedDB while online, and runs scans over it in the scan worker
 * (`scan-worker.ts`, a chunk of its own with the engine, started on the first scan). The scan
 * page imports this module only when it first needs it.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { SubscriptionAnswer } from '#api/account.ts';
import { MARKET_CALLS } from '#api/contract/market.ts';
import { MARKET_SNAPSHOT_MAX_SYMBOLS } from '#api/market-snapshot.ts';
import type { ScanDefinition, ScanRunAnswer } from '#api/scans.ts';
import type { Universe } from '#api/screener-model.ts';
import { requestOf } from '#app/api/api-caller.ts';
import { ApiRequestError, apiRequest } from '#app/api/client.ts';
import { subscriptionQuery } from '#app/features/account/subscription.ts';
import { universesQuery } from '#app/features/screener/queries.ts';
import { PLAN_LIMIT_MESSAGES } from '#domain/errors.ts';
import { parseSymbolList } from '#domain/filters/symbol-list.ts';
import { universeIdOf } from '#domain/filters/universe-filter.ts';
import { customLegsOverPlan, effectiveLimits } from '#domain/plans/plan-limits.ts';
import { SubscriptionStatus } from '#domain/plans/subscription-status.ts';
import { deviceSnapshotHeader } from '#engine/device-snapshot.ts';
import type { DeviceScanJob, DeviceScanReply } from './scan-worker.ts';
import { keepSnapshot, readSnapshotAbout, readSnapshotBytes, type SnapshotAbout } from './snapshot-store.ts';

/** A kept snapshot younger than this is not fetched again for a user who scans on the device. */
export const SNAPSHOT_REFRESH_MS = 15 * 60_000;
/**
 * For everyone else the snapshot only backs scans offline, and it is megabytes over a phone's data
 * plan: fetched again when this old, a few times a day of use at most.
 */
export const OFFLINE_SNAPSHOT_REFRESH_MS = 6 * 60 * 60_000;

/**
 * The names the device snapshot is asked for: the symbols of the user's own universes (at most
 * MARKET_SNAPSHOT_MAX_SYMBOLS), comma-separated; '' when there are none, for the server's default
 * names (those with the most open interest).
 */
export function snapshotNames(universes: readonly Universe[]): string {
  const own = universes.filter((u) => u.editable).flatMap((u) => parseSymbolList(u.symbols) ?? []);
  return [...new Set(own)].slice(0, MARKET_SNAPSHOT_MAX_SYMBOLS).join(',');
}

/**
 * Fetches the device snapshot unless the kept one is of the same names and younger than `maxAgeMs`
 * (or `force`); answers what the kept snapshot is.
 */
export async function refreshDeviceSnapshot(
  universes: readonly Universe[],
  {
    force = false,
    signal,
    maxAgeMs = SNAPSHOT_REFRESH_MS,
  }: { force?: boolean; signal?: AbortSignal; maxAgeMs?: number } = {},
): Promise<SnapshotAbout> {
  const asked = snapshotNames(universes);
  const kept = await readSnapshotAbout();
  if (!force && kept && kept.asked === asked && Date.now() - kept.fetchedAt < maxAgeMs) return kept;
  const request = requestOf(MARKET_CALLS, 'market.snapshot', { query: asked ? { symbols: asked } : {} });
  const bytes = await apiRequest<ArrayBuffer>(request, signal, (response) => response.arrayBuffer());
  const about = { asOfMs: deviceSnapshotHeader(bytes).asOfMs, fetchedAt: Date.now(), asked };
  await keepSnapshot({ ...about, bytes });
  return about;
}

/** A scan run on the device and the market instant of the snapshot it read. */
export interface DeviceScanResult {
  readonly answer: ScanRunAnswer;
  readonly asOfMs: number;
}

/** A scan the device cannot run: its universe is not on the device. */
export class DeviceScanError extends Error {}

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve(reply: DeviceScanReply): void; reject(error: unknown): void }>();

function scanWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./scan-worker.ts', import.meta.url), { type: 'module' });
  started.addEventListener('message', (event: MessageEvent<DeviceScanReply>) => {
    waiting.get(event.data.id)?.resolve(event.data);
    waiting.delete(event.data.id);
  });
  // A worker that cannot start (its script missing) fails every scan waiting, and the next starts anew.
  started.addEventListener('error', (event) => {
    for (const w of waiting.values()) w.reject(new Error(event.message || 'The scan worker failed.'));
    waiting.clear();
    worker = null;
  });
  worker = started;
  return started;
}

function ask(job: Omit<DeviceScanJob, 'id'>, transfer: Transferable[] = []): Promise<DeviceScanReply> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    scanWorker().postMessage({ ...job, id }, transfer);
  });
}

/**
 * Runs `definition` on the device over the kept snapshot; null when no snapshot is kept. A
 * `universe` filter reads the universe from `universes` (the user's, as last fetched).
 */
export async function scanOnThisDevice(
  definition: ScanDefinition,
  universes: readonly Universe[],
): Promise<DeviceScanResult | null> {
  const kept = await readSnapshotAbout();
  if (!kept) return null;
  const id = universeIdOf(definition.filters);
  const named = id === undefined ? null : universes.find((u) => u.universe_id === id);
  if (named === undefined) throw new DeviceScanError('This scan’s universe is not on this device.');
  const job = {
    snapshotId: kept.fetchedAt,
    definition,
    universe: named ? parseSymbolList(named.symbols) : null,
  };
  let reply = await ask({ ...job, bytes: null });
  // The worker does not hold this snapshot yet: it gets the bytes, moved rather than copied.
  if ('needsSnapshot' in reply) {
    const bytes = await readSnapshotBytes(kept);
    if (!bytes) throw new DeviceScanError('The market snapshot changed meanwhile: run the scan again.');
    reply = await ask({ ...job, bytes }, [bytes]);
  }
  if ('error' in reply) throw new DeviceScanError(reply.error);
  if (!('answer' in reply)) throw new DeviceScanError('The scan worker did not answer.');
  return { answer: reply.answer, asOfMs: kept.asOfMs };
}

/**
 * Runs `body` on the device; null when no snapshot is kept yet. The plan's limit on custom legs
 * holds here as on the server, with the server's answer (422 PLAN_LIMIT_REACHED); the kept
 * subscription says the plan, and with none kept the device runs no custom strategy at all.
 */
export async function runOnDevice(
  queryClient: QueryClient,
  body: ScanDefinition,
): Promise<DeviceScanResult | null> {
  const subscription = queryClient.getQueryData<SubscriptionAnswer>(subscriptionQuery().queryKey);
  const limits = effectiveLimits(subscription ?? { status: SubscriptionStatus.TrialEnded, planId: null });
  if (customLegsOverPlan(limits, body)) {
    throw new ApiRequestError(422, 'PLAN_LIMIT_REACHED', PLAN_LIMIT_MESSAGES.scanRun);
  }
  return scanOnThisDevice(body, queryClient.getQueryData<Universe[]>(universesQuery().queryKey) ?? []);
}
