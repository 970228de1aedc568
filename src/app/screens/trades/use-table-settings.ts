/**
 * The trade table's settings (columns, sorting, grouping), kept with the user's settings. A
 * change shows at once and is stored (replayed when back online); a store the server refuses
 * goes back to what was shown before, and the app-wide handler says it failed (spec 1 §8).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserSettings } from '#api/account.ts';
import { DEFAULT_USER_SETTINGS } from '#api/default-settings.ts';
import { accountKeys } from '#app/features/account/keys.ts';
import { userSettingsQuery } from '#app/features/account/queries.ts';
import type { TradeWrite } from '#app/features/trades/mutations.ts';
import { tradeWriteKey, tradeWrites } from '#app/features/trades/mutations.ts';

export type TableSettings = UserSettings['trades'];

export function useTableSettings(): { settings: TableSettings; change: (next: TableSettings) => void } {
  const queryClient = useQueryClient();
  const query = useQuery(userSettingsQuery());
  const save = useMutation<unknown, unknown, TradeWrite>({ mutationKey: tradeWriteKey });
  const change = (next: TableSettings) => {
    const before = queryClient.getQueryData<UserSettings>(accountKeys.settings()) ?? DEFAULT_USER_SETTINGS;
    queryClient.setQueryData<UserSettings>(accountKeys.settings(), { ...before, trades: next });
    save.mutate(tradeWrites.tableSettings(next), {
      onError: () => queryClient.setQueryData<UserSettings>(accountKeys.settings(), before),
    });
  };
  return { settings: query.data?.trades ?? DEFAULT_USER_SETTINGS.trades, change };
}
