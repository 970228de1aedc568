/**
 * The screener's reads and writes (lazy chunks only): scan lists with their cards, scans, tags
 * and universes. Reads are `queryOptions` shared by route loaders and screens, and land in the
 * persisted cache (readable offline). Writes fail at once when offline (`networkMode: 'always'`
 * in the screens): they are not queued for later.
 *
 * After a write, refresh the narrowest key: `screenerKeys.lists()` for anything a card shows,
 * `screenerKeys.scan(id)` for the scan itself, `screenerKeys.universes()` for universes.
 */
import { queryOptions } from '@tanstack/react-query';
import { SCAN_EXPORT_CALLS, SCREENER_CALLS } from '#api/contract/screener.ts';
import { GENERIC_ERROR_MESSAGE, isApiError } from '#api/errors.ts';
import { API_BASE } from '#api/paths.ts';
import type { ScanDefinition, ScanExportKind } from '#api/scans.ts';
import { apiCaller } from '#app/api/api-caller.ts';
import { ApiRequestError } from '#app/api/client.ts';
import { storedToken } from '#app/auth/token.ts';
import type { ScreenerStrategyKey } from '#domain/strategies/strategy-key.ts';
import { screenerKeys } from './keys.ts';

const call = apiCaller(SCREENER_CALLS);

/** Every list, the user's own included (the All Scans page). */
export const scanListsQuery = () =>
  queryOptions({
    queryKey: screenerKeys.lists(),
    queryFn: ({ signal }) => call('lists.list', { query: { includeCustomLists: 'true' } }, signal),
    // The restored cache shows at once; the page still asks for the current lists each time
    // (another tab or device may have changed them, and the cache is written a moment late).
    refetchOnMount: 'always',
  });

export const scanQuery = (id: number) =>
  queryOptions({
    queryKey: screenerKeys.scan(id),
    queryFn: ({ signal }) => call('scans.get', { params: { id } }, signal),
  });

export const scanTagsQuery = () =>
  queryOptions({
    queryKey: screenerKeys.tags(),
    queryFn: ({ signal }) => call('scans.tags', {}, signal),
    staleTime: 3_600_000,
  });

export const universesQuery = () =>
  queryOptions({
    queryKey: screenerKeys.universes(),
    queryFn: ({ signal }) => call('universes.list', {}, signal),
  });

/** The filter names a strategy offers (the ADD FILTERS popup), catalogue order. */
export const scanFiltersQuery = (strategy: ScreenerStrategyKey) =>
  queryOptions({
    queryKey: [...screenerKeys.all, 'filters', strategy] as const,
    queryFn: ({ signal }) => call('scans.filters', { query: { strategy } }, signal),
    staleTime: 3_600_000,
  });

/** Runs a scan or pages a cached one (`POST /scans/run`); aborting `signal` cancels it. */
export const runScan = (body: ScanDefinition, signal?: AbortSignal) => call('scans.run', { body }, signal);

/**
 * A CSV export (docs/API.md): the form the server expects (`Authorization` and the scan as
 * `body`), sent with fetch so a refusal can be shown in the page; the answer is saved as a file.
 */
export async function exportScan(kind: ScanExportKind, body: ScanDefinition): Promise<void> {
  const form = new URLSearchParams({
    Authorization: `Bearer ${storedToken() ?? ''}`,
    body: JSON.stringify(body),
  });
  const response = await fetch(`${API_BASE}${SCREENER_CALLS[SCAN_EXPORT_CALLS[kind]].path}`, {
    method: 'POST',
    body: form,
  });
  if (!response.ok) {
    const failure: unknown = await response.json().catch(() => null);
    throw isApiError(failure)
      ? new ApiRequestError(response.status, failure.code, failure.message, failure.details)
      : new ApiRequestError(response.status, 'UNKNOWN', GENERIC_ERROR_MESSAGE);
  }
  const name = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name ?? `${kind}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; give the browser a moment before releasing it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
