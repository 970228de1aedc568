/**
 * The trade log's writes, replayable after a reload. Each write is a mutation under one key
 * whose variables are the request itself (method, path, body) and what to refresh after it. The
 * default registered here at start-up, before the persisted cache is restored, is all a write
 * made offline needs: it was paused ('online' network mode), saved with the cache, and is sent
 * once online again, with no screen (and so no other mutation function) loaded yet.
 * Replays are safe: a submit carries its client order id, adjusts and archives set values, and a
 * trading account name is unique. The request builders are `tradeWrites` (`mutations.ts`). In the first download: `main.tsx`
 * registers the default at start-up.
 */
import type { QueryClient } from '@tanstack/react-query';
import { type ApiRequest, apiRequest } from '#app/api/client.ts';
import { accountKeys } from '#app/features/account/keys.ts';
import { TRADE_WRITE_KEY, tradeKeys } from './keys.ts';

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
