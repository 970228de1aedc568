/**
 * The TanStack Query client and its IndexedDB persistence: lists, scans and their last results,
 * trades and settings stay readable offline and after a reload (`cache-persister.ts` decides what
 * is written and when). A new app version (the buster) drops the cache, because cached shapes
 * may have changed.
 */
import { MutationCache, QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { GENERIC_ERROR_MESSAGE } from '#api/errors.ts';
import { notify } from '../components/notices.ts';
import { type CachePersister, createCachePersister, shouldPersistQuery } from './cache-persister.ts';
import { ApiRequestError } from './client.ts';
import type { MirrorStorage } from './idb-mirror-storage.ts';

export const CACHE_DB_NAME = 'optionscout-cache';
export const CACHE_MAX_AGE_MS = 7 * 24 * 3600_000;
/**
 * A change of the kept cache reaches the device at most this long after it happened (or on page
 * hide). Short: a write begun as the page unloads may be aborted with it, so what a screen just
 * loaded must already be on the device when the user reloads offline; what saves the device's
 * writes is skipping those that change nothing kept (live data), not waiting longer.
 */
export const PERSIST_INTERVAL_MS = 1_000;
/** The persisted cache's key in its IndexedDB store. */
export const PERSISTED_CACHE_KEY = 'query-cache';
/** The most the persisted cache may hold, in characters of JSON (about 4 MB). */
export const PERSIST_MAX_CHARS = 4_000_000;

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

/** The persister of the running app, so Sign Out can wipe what it stored. */
let activePersister: CachePersister | null = null;

export function persistOptions(
  storage: MirrorStorage,
  buster: string,
): Omit<PersistQueryClientOptions, 'queryClient'> & { persister: CachePersister } {
  const persister = createCachePersister({
    storage,
    key: PERSISTED_CACHE_KEY,
    intervalMs: PERSIST_INTERVAL_MS,
    maxChars: PERSIST_MAX_CHARS,
  });
  activePersister = persister;
  return {
    persister,
    maxAge: CACHE_MAX_AGE_MS,
    buster,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
  };
}

/** Deletes the persisted cache from the device (Sign Out); resolves once IndexedDB is empty. */
export function wipePersistedCache(): Promise<void> {
  return activePersister?.wipe() ?? Promise.resolve();
}
