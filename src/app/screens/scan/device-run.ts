/**
 * The scan page's side of scans on the device (docs/OFFLINE.md, "Scans on the device"): the
 * device-scan module and its worker load only when first needed, so the page's first paint
 * carries none of the engine. While the page is open and online, the kept snapshot is refreshed
 * when it is old; the user's choice to scan on this device is kept on the device.
 */
import { onlineManager, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { ScanDefinition } from '#api/scans.ts';
import type { Universe } from '#api/screener-model.ts';
import type { DeviceScanResult } from '#app/features/device-scan/device-scan.ts';
import { universesQuery } from '#app/features/screener/queries.ts';

const loadDeviceScan = () => import('#app/features/device-scan/device-scan.ts');

/** Runs `body` on the device; null when no snapshot is kept yet. */
export async function runOnDevice(
  queryClient: QueryClient,
  body: ScanDefinition,
): Promise<DeviceScanResult | null> {
  const { scanOnThisDevice } = await loadDeviceScan();
  return scanOnThisDevice(body, queryClient.getQueryData<Universe[]>(universesQuery().queryKey) ?? []);
}

/**
 * Keeps the device snapshot fresh while the page is open and online: checked shortly after the
 * page opens (after its own requests: the snapshot is megabytes) and every minute, fetched when
 * the kept one is older than SNAPSHOT_REFRESH_MS or of other names.
 */
export function useDeviceSnapshotRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const abort = new AbortController();
    let checking = false;
    const check = () => {
      if (checking || !onlineManager.isOnline()) return;
      checking = true;
      Promise.all([loadDeviceScan(), queryClient.fetchQuery(universesQuery())])
        .then(([{ refreshDeviceSnapshot }, universes]) =>
          refreshDeviceSnapshot(universes, { signal: abort.signal }),
        )
        // A failed refresh keeps the snapshot there is; the next check tries again.
        .catch(() => {})
        .finally(() => {
          checking = false;
        });
    };
    const first = setTimeout(check, 2_000);
    const every = setInterval(check, 60_000);
    return () => {
      abort.abort();
      clearTimeout(first);
      clearInterval(every);
    };
  }, [queryClient]);
}

const CHOICE_KEY = 'optionscout.scanOnDevice';
const listeners = new Set<() => void>();

/** True when the user chose to run scans on this device, online too. */
export const scanOnDeviceChosen = (): boolean => localStorage.getItem(CHOICE_KEY) === '1';

export function chooseScanOnDevice(on: boolean): void {
  if (on) localStorage.setItem(CHOICE_KEY, '1');
  else localStorage.removeItem(CHOICE_KEY);
  for (const listener of listeners) listener();
}

export function useScanOnDeviceChoice(): boolean {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, scanOnDeviceChosen);
}
