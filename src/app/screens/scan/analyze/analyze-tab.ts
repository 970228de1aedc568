/**
 * The Analyze panel's active tab, remembered in the user's settings (`analyzeTab`, spec 2 §2.4;
 * default 'strategy'). A switch shows at once and is stored best effort: offline it still
 * applies for this visit.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { UserSettings } from '#api/account.ts';
import { ACCOUNT_CALLS } from '#api/contract/account.ts';
import { apiCaller } from '#app/api/api-caller.ts';
import { accountKeys } from '#app/features/account/keys.ts';
import { userSettingsQuery } from '#app/features/account/queries.ts';
import { type AnalyzeTab, isAnalyzeTab } from './analyze-model.ts';

export const DEFAULT_ANALYZE_TAB: AnalyzeTab = 'strategy';

/**
 * The tab to show and its setter. The tab is null while the settings are still on their way,
 * so the panel does not open on the default and then jump to the remembered tab.
 */
export function useAnalyzeTab(): [AnalyzeTab | null, (tab: AnalyzeTab) => void] {
  const queryClient = useQueryClient();
  const settings = useQuery(userSettingsQuery());
  const [chosen, setChosen] = useState<AnalyzeTab | null>(null);
  const stored = settings.data?.analyzeTab;
  // Offline without a cached copy the query pauses: the default shows rather than a spinner.
  const waiting = settings.isPending && settings.fetchStatus === 'fetching';
  const tab = chosen ?? (isAnalyzeTab(stored) ? stored : waiting ? null : DEFAULT_ANALYZE_TAB);
  const choose = useCallback(
    (next: AnalyzeTab) => {
      setChosen(next);
      const current = queryClient.getQueryData<UserSettings>(accountKeys.settings());
      if (current)
        queryClient.setQueryData<UserSettings>(accountKeys.settings(), { ...current, analyzeTab: next });
      apiCaller(ACCOUNT_CALLS)('account.saveSettings', { body: { analyzeTab: next } })
        .then((answer) => queryClient.setQueryData(accountKeys.settings(), answer))
        .catch(() => undefined);
    },
    [queryClient],
  );
  return [tab, choose];
}
