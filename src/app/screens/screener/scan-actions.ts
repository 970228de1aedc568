/**
 * The All Scans page's writes: favourite (optimistic, reverted with the generic message on
 * failure), move, description, duplicate, and the user's lists (create, rename, delete, with the
 * server's messages shown where the user typed). Each refreshes the narrowest cached key. Writes
 * fail at once when offline rather than wait (`networkMode: 'always'`).
 */
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { GENERIC_ERROR_MESSAGE } from '#api/errors.ts';
import type { ListsAnswer, ScanList, ScanSummary } from '#api/screener-model.ts';
import { screenerKeys } from '#app/api/keys.ts';
import { screenerApi } from '#app/api/screener.ts';
import { errorMessageOf } from '#app/components/error-message.ts';
import { notify } from '#app/components/notices.ts';
import type { CardActions } from './ScanCard.tsx';
import type { ListEdits } from './ScanListSection.tsx';
import { withFavorite } from './scan-list-view.ts';

/** Mutations on one scan share this key: the card is busy while one is pending. */
const SCAN_WRITE = ['screener', 'scan-write'] as const;

interface ScanWrite {
  readonly id: number;
}

export function useCardActions(): { actions: CardActions; busyIds: ReadonlySet<number> } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = (id: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: screenerKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: screenerKeys.scan(id) }),
    ]);

  const favorite = useMutation<
    void,
    unknown,
    ScanWrite & { card: ScanSummary; marked: boolean },
    ListsAnswer | undefined
  >({
    mutationKey: SCAN_WRITE,
    networkMode: 'always',
    mutationFn: ({ id, marked }) => screenerApi.setFavorite(id, marked),
    onMutate: async ({ card, marked }) => {
      await queryClient.cancelQueries({ queryKey: screenerKeys.lists() });
      const before = queryClient.getQueryData<ListsAnswer>(screenerKeys.lists());
      if (before) queryClient.setQueryData(screenerKeys.lists(), withFavorite(before, card, marked));
      return before;
    },
    onError: (_error, _vars, before) => {
      if (before) queryClient.setQueryData(screenerKeys.lists(), before);
      notify({ message: GENERIC_ERROR_MESSAGE });
    },
    onSettled: (_data, _error, { id }) => refresh(id),
  });
  const move = useMutation<unknown, unknown, ScanWrite & { listId: number }>({
    mutationKey: SCAN_WRITE,
    networkMode: 'always',
    mutationFn: ({ id, listId }) => screenerApi.patchScan(id, { listId }),
    onSettled: (_data, _error, { id }) => refresh(id),
  });
  const describe = useMutation<unknown, unknown, ScanWrite & { description: string }>({
    mutationKey: SCAN_WRITE,
    networkMode: 'always',
    mutationFn: ({ id, description }) => screenerApi.patchScan(id, { description }),
    onSettled: (_data, _error, { id }) => refresh(id),
  });
  const duplicate = useMutation({
    mutationKey: SCAN_WRITE,
    networkMode: 'always',
    mutationFn: ({ id }: ScanWrite) => screenerApi.saveScan({ copyOf: id }),
    onSuccess: async (copy) => {
      await queryClient.invalidateQueries({ queryKey: screenerKeys.lists() });
      // After a duplicate the product opens the copy (spec 2 §2.2).
      await navigate({
        to: '/screener/scan/{-$scanId}/{-$symbol}',
        params: { scanId: String(copy.id), symbol: undefined },
      });
    },
  });

  const pending = useMutationState({
    filters: { mutationKey: SCAN_WRITE, status: 'pending' },
    select: (m) => (m.state.variables as ScanWrite | undefined)?.id,
  });
  const busyIds = useMemo(() => new Set(pending.filter((id): id is number => id !== undefined)), [pending]);

  const actions: CardActions = {
    onFavorite: (card) => favorite.mutate({ id: card.id, card, marked: !card.isFavorite }),
    onMove: (card, list) => move.mutate({ id: card.id, listId: list.listId }),
    onDuplicate: (card) => duplicate.mutate({ id: card.id }),
    onDescription: (card, description) => describe.mutate({ id: card.id, description }),
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
