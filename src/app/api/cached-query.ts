/**
 * The shell's two small queries (subscription, system message) without `useQuery`: its
 * observer machinery would be the only user in the entry chunk, which is held to 200 KB gzip.
 * Data still lives in (and is persisted with) the one query cache.
 */
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';

/** The cached data of `key`, re-rendering when it changes. */
export function useCachedData<T>(key: QueryKey): T | undefined {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  return useSyncExternalStore(subscribe, () => queryClient.getQueryData<T>(key));
}

/**
 * Runs `refresh` now, every `intervalMs` (when given) and whenever the window regains focus,
 * while `enabled`. Failures are left to the API client (401/403 redirects) and the cache keeps
 * its last good data.
 */
export function useRefresh(refresh: () => Promise<unknown>, enabled: boolean, intervalMs?: number): void {
  useEffect(() => {
    if (!enabled) return;
    const run = () => void refresh().catch(() => undefined);
    run();
    const timer = intervalMs ? window.setInterval(run, intervalMs) : undefined;
    window.addEventListener('focus', run);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', run);
    };
  }, [refresh, enabled, intervalMs]);
}
