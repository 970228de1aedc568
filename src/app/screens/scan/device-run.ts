/**
 * The scan page's side of scans on the device (docs/OFFLINE.md, "Scans on the device"): the
 * device-scan module and its worker load only when first needed, so the page's first paint
 * carries none of the engine. While the page is open and online, the kept snapshot is refreshed
 * when it is old; the user's choice to scan on this device is kept on the device.
 */
import { onlineManager, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { ScanDefinition } from '#api/scans.ts';
import type { DeviceScanResult } from '#app/features/device-scan/device-scan.ts';
import { universesQuery } from '#app/features/screener/queries.ts';

const loadDeviceScan = () => import('#app/features/device-scan/device-scan.ts');

/** The first check waits this long after the page opens: its own loads and first run come first. */
const FIRST_CHECK_MS = 10_000;

/**
 * Runs `body` on the device (`runOnDevice` of device-scan.ts); null when no snapshot is kept yet.
 * The plan's check comes with that module too: the page's first paint needs none of it.
 */
export const runOnDevice = async (
  queryClient: QueryClient,
  body: ScanDefinition,
): Promise<DeviceScanResult | null> => (await loadDeviceScan()).runOnDevice(queryClient, body);

/** True when the browser asks for less data (the user's Save-Data setting). */
const saveDataAsked = (): boolean =>
  (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

/**
 * Keeps the device snapshot fresh while the page is open and online: checked some seconds after
 * the page opens (well after its own requests: the snapshot is megabytes) and every minute,
 * fetched when the kept one is of other names or older than SNAPSHOT_REFRESH_MS for a user who
 * scans on this device, OFFLINE_SNAPSHOT_REFRESH_MS for anyone else (it then only backs scans
 * offline); never for anyone else while the browser asks to save data.
 */
export function useDeviceSnapshotRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const abort = new AbortController();
    let checking = false;
    const check = () => {
      const chosen = scanOnDeviceChosen();
      if (checking || !onlineManager.isOnline() || (!chosen && saveDataAsked())) return;
      checking = true;
      Promise.all([loadDeviceScan(), queryClient.fetchQuery(universesQuery())])
        .then(([{ refreshDeviceSnapshot, SNAPSHOT_REFRESH_MS, OFFLINE_SNAPSHOT_REFRESH_MS }, universes]) =>
          refreshDeviceSnapshot(universes, {
            signal: abort.signal,
            maxAgeMs: chosen ? SNAPSHOT_REFRESH_MS : OFFLINE_SNAPSHOT_REFRESH_MS,
          }),
        )
        // A failed refresh keeps the snapshot there is; the next check tries again.
        .catch(() => {})
        .finally(() => {
          checking = false;
        });
    };
    const first = setTimeout(check, FIRST_CHECK_MS);
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
