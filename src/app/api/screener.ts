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
import { GENERIC_ERROR_MESSAGE, isApiError } from '#api/errors.ts';
import { API_BASE } from '#api/paths.ts';
import type { ScanDefinition, ScanExportKind, ScanFiltersAnswer, ScanRunAnswer } from '#api/scans.ts';
import type { ScanPatch, ScanSave, ScanUpdate, UniverseSave } from '#api/screener.ts';
import type {
  ListsAnswer,
  SavedList,
  SavedScanAnswer,
  Scan,
  ScanTag,
  Universe,
} from '#api/screener-model.ts';
import { storedToken } from '../auth/token.ts';
import { ApiRequestError, api, apiRequest } from './client.ts';
import { screenerKeys } from './keys.ts';

/** Every list, the user's own included (the All Scans page). */
export const scanListsQuery = () =>
  queryOptions({
    queryKey: screenerKeys.lists(),
    queryFn: ({ signal }) => api.get<ListsAnswer>('/lists?includeCustomLists=true', signal),
    // The restored cache shows at once; the page still asks for the current lists each time
    // (another tab or device may have changed them, and the cache is written a moment late).
    refetchOnMount: 'always',
  });

export const scanQuery = (id: number) =>
  queryOptions({
    queryKey: screenerKeys.scan(id),
    queryFn: ({ signal }) => api.get<Scan>(`/scans/${id}`, signal),
  });

export const scanTagsQuery = () =>
  queryOptions({
    queryKey: screenerKeys.tags(),
    queryFn: ({ signal }) => api.get<ScanTag[]>('/scans/tags', signal),
    staleTime: 3_600_000,
  });

export const universesQuery = () =>
  queryOptions({
    queryKey: screenerKeys.universes(),
    queryFn: ({ signal }) => api.get<Universe[]>('/universes', signal),
  });

/** The filter names a strategy offers (the ADD FILTERS popup), catalogue order. */
export const scanFiltersQuery = (strategy: string) =>
  queryOptions({
    queryKey: [...screenerKeys.all, 'filters', strategy] as const,
    queryFn: ({ signal }) => api.get<ScanFiltersAnswer>(`/scans/filters?strategy=${strategy}`, signal),
    staleTime: 3_600_000,
  });

/** Runs a scan or pages a cached one (`POST /scans/run`); aborting `signal` cancels it. */
export const runScan = (body: ScanDefinition, signal?: AbortSignal) =>
  apiRequest<ScanRunAnswer>('POST', '/scans/run', body, signal);

/** Where the export paths live; kept here rather than read from `api/scans.ts`, which carries zod. */
const EXPORT_PATHS: Readonly<Record<ScanExportKind, string>> = {
  underlyings_page: '/export/underlyings_page',
  underlyings_all: '/export/underlyings_all',
  options_all: '/export/options_all',
};

/**
 * A CSV export (docs/API.md): the form the server expects (`Authorization` and the scan as
 * `body`), sent with fetch so a refusal can be shown in the page; the answer is saved as a file.
 */
export async function exportScan(kind: ScanExportKind, body: ScanDefinition): Promise<void> {
  const form = new URLSearchParams({
    Authorization: `Bearer ${storedToken() ?? ''}`,
    body: JSON.stringify(body),
  });
  const response = await fetch(`${API_BASE}${EXPORT_PATHS[kind]}`, { method: 'POST', body: form });
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

/** The calls behind the screener's writes (docs/API.md, "Screener"). */
export const screenerApi = {
  /** Saves a new scan; `copyOf` duplicates (DUPLICATE, SAVE AS NEW). */
  saveScan: (body: ScanSave) => api.post<SavedScanAnswer>('/scans', body),
  updateScan: (id: number, body: ScanUpdate) => api.put<SavedScanAnswer>(`/scans/${id}`, body),
  patchScan: (id: number, patch: ScanPatch) => api.patch<Scan>(`/scans/${id}`, patch),
  deleteScan: (id: number) => api.delete<void>(`/scans/${id}`),
  setFavorite: (id: number, marked: boolean) =>
    marked ? api.put<void>(`/scans/${id}/favorite`) : api.delete<void>(`/scans/${id}/favorite`),
  createList: (name: string) => api.post<SavedList>('/lists', { name }),
  renameList: (listId: number, name: string) => api.patch<SavedList>(`/lists/${listId}`, { name }),
  deleteList: (listId: number) => api.delete<void>(`/lists/${listId}`),
  saveUniverse: (universeId: number | null, body: UniverseSave) =>
    api.patch<Universe>(universeId === null ? '/universes' : `/universes/${universeId}`, body),
  deleteUniverse: (universeId: number) => api.delete<void>(`/universes/${universeId}`),
};
