/**
 * The trade log's writes go through the pending-writes queue (`api/pending-writes.ts`): each is
 * recorded in its own IndexedDB database before it is sent, so a write made offline, or whose
 * sign-in expired, survives reloads and new app versions and is sent once, in order.
 * Screens run them with `useMutation({ mutationKey: tradeWriteKey })`; the default registered
 * here at start-up records and sends them. Network mode 'always': the queue, not the query
 * cache, keeps a write while offline (the cache is dropped by a new app version).
 * The request builders are `tradeWrites` (`mutations.ts`).
 */
import type { QueryClient } from '@tanstack/react-query';
import { afterFirstContent } from '#app/api/first-content.ts';
import type { PendingWrite, WriteCall } from '#app/api/pending-writes.ts';
import { addBeforeSignOutStep } from '#app/auth/sign-out.ts';
import { accountKeys } from '#app/features/account/keys.ts';
import { TRADE_WRITE_KEY, tradeKeys } from './keys.ts';

/** What a trade write's answer changes: the trade lists, the accounts, or the user's settings. */
export type TradeRefresh = 'lists' | 'accounts' | 'settings';

/** A trade-log write: the contract call's name and parts, and what to refresh after it. */
export interface TradeWrite extends WriteCall {
  readonly refresh: TradeRefresh;
}

function refreshAfter(queryClient: QueryClient, write: Pick<PendingWrite, 'refresh'>, answer: unknown) {
  if (write.refresh === 'settings') return void queryClient.setQueryData(accountKeys.settings(), answer);
  const filters = { queryKey: write.refresh === 'accounts' ? tradeKeys.accounts() : tradeKeys.lists() };
  // A read already in flight began before the write was answered: a first read (a route loader's,
  // at start-up, when the queue replays) is not restarted by an invalidation but awaited, and
  // would land as fresh data without the write. So once it has landed, it is invalidated again.
  const readInFlight = queryClient.isFetching(filters) > 0;
  void queryClient
    .invalidateQueries(filters)
    .then(() => (readInFlight ? queryClient.invalidateQueries(filters) : undefined));
}

export function registerTradeMutations(queryClient: QueryClient): void {
  // The queue loads and starts on the first write, or once the first screen shows its content
  // (then the writes kept from before go), whichever comes first: not in the first download.
  let started: Promise<typeof import('#app/api/pending-writes.ts')> | undefined;
  const queue = () => {
    started ??= import('#app/api/pending-writes.ts').then((module) => {
      module.startPendingWrites({
        request: async (call, parts) => (await import('./write-calls.ts')).writeRequest(call, parts),
        sent: (write, answer) => refreshAfter(queryClient, write, answer),
      });
      return module;
    });
    return started;
  };
  queryClient.setMutationDefaults(TRADE_WRITE_KEY, {
    networkMode: 'always',
    mutationFn: async (write: TradeWrite) => (await queue()).sendWrite(write),
  });
  void afterFirstContent().then(queue);
  // Sign Out sends what is pending, and drops what cannot go only when the user says so.
  addBeforeSignOutStep(async () =>
    (await queue()).settleBeforeSignOut((count) => window.confirm(dropQuestion(count))),
  );
}

export const dropQuestion = (count: number): string =>
  `${count === 1 ? '1 change has' : `${count} changes have`} not been sent yet. Sign out and drop ${count === 1 ? 'it' : 'them'}?`;
