/**
 * The trade log's writes, replayable after a reload. Each write is a mutation under one key
 * whose variables are the request itself (method, path, body) and what to refresh after it. The
 * default registered here at start-up, before the persisted cache is restored, is all a write
 * made offline needs: it was paused ('online' network mode), saved with the cache, and is sent
 * once online again, with no screen (and so no other mutation function) loaded yet.
 * Replays are safe: a submit carries its client order id, adjusts and archives set values, and a
 * trading account name is unique. The request builders live with the screens (`trades.ts`).
 */
import type { QueryClient } from '@tanstack/react-query';
import { type ApiRequest, apiRequest } from './client.ts';
import { accountKeys } from './keys.ts';

/** Query keys of the trade log; writes refresh the narrowest prefix (`lists()` or `accounts()`). */
export const tradeKeys = {
  all: ['trades'] as const,
  accounts: () => [...tradeKeys.all, 'accounts'] as const,
  lists: () => [...tradeKeys.all, 'list'] as const,
  list: (accountId: number, view: string) => [...tradeKeys.lists(), accountId, view] as const,
  order: (orderId: number) => [...tradeKeys.all, 'order', orderId] as const,
  calculation: (request: unknown) => [...tradeKeys.all, 'calculation', request] as const,
};

/** The one mutation key of trade-log writes. */
export const TRADE_WRITE_KEY = [...tradeKeys.all, 'write'] as const;

/** A write as persisted with the cache: the request (`requestOf`) and what to refresh after it. */
export interface TradeWrite extends ApiRequest {
  /** What the answer changes: the trade lists, the accounts, or the user's settings (the answer). */
  readonly refresh: 'lists' | 'accounts' | 'settings';
}

export function registerTradeMutations(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(TRADE_WRITE_KEY, {
    mutationFn: (write: TradeWrite) => apiRequest<unknown>(write),
    onSuccess: (answer: unknown, write: TradeWrite) => {
      if (write.refresh === 'settings') return queryClient.setQueryData(accountKeys.settings(), answer);
      return queryClient.invalidateQueries({
        queryKey: write.refresh === 'accounts' ? tradeKeys.accounts() : tradeKeys.lists(),
      });
    },
  });
}
