/**
 * The TanStack Query client and its IndexedDB persistence: lists, scans, trades and settings
 * stay readable offline and after a reload. A new app version (the buster) drops the cache,
 * because cached shapes may have changed.
 */
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { ApiRequestError } from './client.ts';
import type { MirrorStorage } from './idb-mirror-storage.ts';

export const CACHE_DB_NAME = 'optionscout-cache';
export const CACHE_MAX_AGE_MS = 7 * 24 * 3600_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Queries are restored from the persisted cache only if gcTime ≥ maxAge.
        gcTime: CACHE_MAX_AGE_MS,
        staleTime: 30_000,
        networkMode: 'offlineFirst',
        retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 2,
      },
      // 'online' pauses writes while offline so they are persisted and replayed once.
      mutations: { networkMode: 'online' },
    },
  });
}

export function persistOptions(
  storage: MirrorStorage,
  buster: string,
): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createSyncStoragePersister({ storage, key: 'query-cache', throttleTime: 1000 }),
    maxAge: CACHE_MAX_AGE_MS,
    buster,
  };
}
