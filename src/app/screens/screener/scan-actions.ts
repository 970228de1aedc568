/**
 * The writes on scans, one implementation for the All Scans page and the scan page: save (a new
 * scan or a copy), patch (title, list, description), favourite (optimistic, reverted with the
 * generic message on failure), and the user's lists (create, rename, delete, with the server's
 * messages shown where the user typed). Each refreshes the narrowest cached key; a refused save
 * or patch says the server's words. Writes fail at once when offline rather than wait
 * (`networkMode: 'always'`).
 */
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { GENERIC_ERROR_MESSAGE } from '#api/errors.ts';
import type { ScanPatch, ScanSave } from '#api/screener.ts';
import type { ListsAnswer, SavedScanAnswer, Scan, ScanList, ScanSummary } from '#api/screener-model.ts';
import { errorMessageOf } from '#app/components/error-message.ts';
import { notify } from '#app/components/notices.ts';
import { screenerKeys } from '#app/features/screener/keys.ts';
import { screenerApi } from '#app/features/screener/mutations.ts';
import type { CardActions } from './ScanCard.tsx';
import type { ListEdits } from './ScanListSection.tsx';
import { withFavorite } from './scan-list-view.ts';

/** Mutations on one scan share this key: the card is busy while one is pending. */
const SCAN_WRITE = ['screener', 'scan-write'] as const;

interface ScanWrite {
  /** The scan written (for a save, the scan copied or saved again, if any). */
  readonly id?: number | undefined;
}

/** The cached entries a favourite changes before the server answers, to put back on failure. */
interface FavoriteSnapshot {
  readonly lists: ListsAnswer | undefined;
  readonly scan: Scan | undefined;
}

const failed = (error: unknown) => notify({ message: errorMessageOf(error), color: 'danger' });

/** The scan page of a scan: after a save or a duplicate the product opens it (spec 2 §2.2). */
export const SCAN_ROUTE = '/screener/scan/{-$scanId}/{-$symbol}';

export function useScanWrites() {
  const queryClient = useQueryClient();
  const refresh = (id: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: screenerKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: screenerKeys.scan(id) }),
    ]);

  const favorite = useMutation<void, unknown, { card: ScanSummary; marked: boolean }, FavoriteSnapshot>({
    mutationKey: SCAN_WRITE,
    networkMode: 'always',
    mutationFn: ({ card, marked }) => screenerApi.setFavorite(card.id, marked),
    onMutate: async ({ card, marked }) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: screenerKeys.lists() }),
        queryClient.cancelQueries({ queryKey: screenerKeys.scan(card.id) }),
      ]);
      const before: FavoriteSnapshot = {
        lists: queryClient.getQueryData<ListsAnswer>(screenerKeys.lists()),
        scan: queryClient.getQueryData<Scan>(screenerKeys.scan(card.id)),
      };
      if (before.lists)
        queryClient.setQueryData(screenerKeys.lists(), withFavorite(before.lists, card, marked));
      if (before.scan)
        queryClient.setQueryData(screenerKeys.scan(card.id), { ...before.scan, isFavorite: marked });
      return before;
    },
    onError: (_error, { card }, before) => {
      if (before?.lists) queryClient.setQueryData(screenerKeys.lists(), before.lists);
      if (before?.scan) queryClient.setQueryData(screenerKeys.scan(card.id), before.scan);
      notify({ message: GENERIC_ERROR_MESSAGE, color: 'danger' });
    },
    onSettled: (_data, _error, { card }) => refresh(card.id),
  });
  const patch = useMutation<Scan, unknown, { id: number; patch: ScanPatch }>({
    mutationKey: SCAN_WRITE,
    networkMode: 'always',
    mutationFn: ({ id, patch }) => screenerApi.patchScan(id, patch),
    onSuccess: (saved) => queryClient.setQueryData(screenerKeys.scan(saved.id), saved),
    onError: failed,
    onSettled: (_data, _error, { id }) => refresh(id),
  });
  const save = useMutation<SavedScanAnswer, unknown, ScanWrite & { body: ScanSave }>({
    mutationKey: SCAN_WRITE,
    networkMode: 'always',
    mutationFn: ({ body }) => screenerApi.saveScan(body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(screenerKeys.scan(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: screenerKeys.lists() });
    },
    onError: failed,
  });
  return { favorite, patch, save };
}

/** The ids of the scans with a write under way. */
function useBusyScans(): ReadonlySet<number> {
  const pending = useMutationState({
    filters: { mutationKey: SCAN_WRITE, status: 'pending' },
    select: (m) => {
      const vars = m.state.variables as (ScanWrite & { card?: ScanSummary }) | undefined;
      return vars?.id ?? vars?.card?.id;
    },
  });
  return useMemo(() => new Set(pending.filter((id): id is number => id !== undefined)), [pending]);
}

export function useCardActions(): { actions: CardActions; busyIds: ReadonlySet<number> } {
  const navigate = useNavigate();
  const { favorite, patch, save } = useScanWrites();
  const busyIds = useBusyScans();
  const actions: CardActions = {
    onFavorite: (card) => favorite.mutate({ card, marked: !card.isFavorite }),
    onMove: (card, list) => patch.mutate({ id: card.id, patch: { listId: list.listId } }),
    onDuplicate: (card) =>
      save.mutate(
        { id: card.id, body: { copyOf: card.id } },
        {
          onSuccess: (copy) =>
            void navigate({ to: SCAN_ROUTE, params: { scanId: copy.id, symbol: undefined } }),
        },
      ),
    onDescription: (card, description) => patch.mutate({ id: card.id, patch: { description } }),
  };
  return { actions, busyIds };
}

/** Creating, renaming and deleting the user's lists; one at a time. */
export function useListEdits(): ListEdits & {
  creating: boolean;
  startCreate: () => void;
  create: (name: string) => void;
} {
  const queryClient = useQueryClient();
  const [focus, setFocus] = useState<{ kind: 'create' | 'rename' | 'delete'; listId: number | null } | null>(
    null,
  );
  const done = () => {
    setFocus(null);
    return queryClient.invalidateQueries({ queryKey: screenerKeys.lists() });
  };
  const options = { networkMode: 'always' as const, onSuccess: done, onError: () => undefined };
  const create = useMutation({ ...options, mutationFn: (name: string) => screenerApi.createList(name) });
  const rename = useMutation({
    ...options,
    mutationFn: ({ listId, name }: { listId: number; name: string }) => screenerApi.renameList(listId, name),
  });
  const remove = useMutation({ ...options, mutationFn: (listId: number) => screenerApi.deleteList(listId) });
  const last = focus?.kind === 'create' ? create : focus?.kind === 'rename' ? rename : remove;
  const start = (next: typeof focus) => {
    create.reset();
    rename.reset();
    remove.reset();
    setFocus(next);
  };
  return {
    busy: create.isPending || rename.isPending || remove.isPending,
    error: focus && last.isError ? errorMessageOf(last.error) : null,
    creating: focus?.kind === 'create',
    renaming: focus?.kind === 'rename' ? focus.listId : null,
    deleting: focus?.kind === 'delete' ? focus.listId : null,
    startCreate: () => start({ kind: 'create', listId: null }),
    startRename: (list: ScanList) => start({ kind: 'rename', listId: list.listId }),
    startDelete: (list: ScanList) => start({ kind: 'delete', listId: list.listId }),
    create: (name: string) => create.mutate(name),
    rename: (list: ScanList, name: string) => rename.mutate({ listId: list.listId, name }),
    remove: (list: ScanList) => remove.mutate(list.listId),
    cancel: () => start(null),
  };
}
