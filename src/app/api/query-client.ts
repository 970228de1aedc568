/**
 * The TanStack Query client and its IndexedDB persistence: lists, scans, trades and settings
 * stay readable offline and after a reload. A new app version (the buster) drops the cache,
 * because cached shapes may have changed.
 */
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { MutationCache, QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { GENERIC_ERROR_MESSAGE } from '#api/errors.ts';
import { notify } from '../components/notices.ts';
import { ApiRequestError } from './client.ts';
import type { MirrorStorage } from './idb-mirror-storage.ts';

export const CACHE_DB_NAME = 'optionscout-cache';
export const CACHE_MAX_AGE_MS = 7 * 24 * 3600_000;

/** The toast text for a failure no screen handled itself (spec 1 §8). */
export function failureMessage(error: unknown): string {
  return error instanceof ApiRequestError && error.code === 'TIMEOUT' ? error.message : GENERIC_ERROR_MESSAGE;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        // 401/403 already redirect; a mutation with its own onError shows its own message.
        const redirected = error instanceof ApiRequestError && (error.status === 401 || error.status === 403);
        if (!redirected && !mutation.options.onError) notify({ message: failureMessage(error) });
      },
    }),
    defaultOptions: {
      queries: {
        // Queries are restored from the persisted cache only if gcTime ≥ maxAge.
        gcTime: CACHE_MAX_AGE_MS,
        staleTime: 30_000,
        networkMode: 'offlineFirst',
        retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 2,
      },
      // 'online' holds a write while offline. The trade log's writes are kept by the
      // pending-writes queue instead (`pending-writes.ts`), which a new app version does not drop.
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
