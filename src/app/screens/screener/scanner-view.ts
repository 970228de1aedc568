/**
 * How the All Scans page is shown (spec 2 §2.1): sorting, the Watched/All switch and the
 * collapsed lists. Kept in local settings so the page opens as it was left, at once and offline,
 * and in the account settings (`scannerSorting`) so it follows the user to other devices; a
 * device without local settings starts from the account's.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { UserSettings } from '#api/account.ts';
import { ACCOUNT_CALLS } from '#api/contract/account.ts';
import { apiCaller } from '#app/api/api-caller.ts';
import { accountKeys } from '#app/features/account/keys.ts';
import { userSettingsQuery } from '#app/features/account/queries.ts';

export type ScannerView = UserSettings['scannerSorting'];

export const SCANNER_VIEW_KEY = 'optionscout.scannerView';

/**
 * The account's default, shown until the account settings arrive (the defaults live with the
 * settings schema, which this chunk does not load: it would bring the validation library).
 */
const INITIAL_VIEW: ScannerView = { sortBy: 'createDate', onlyWatched: false, collapsedListIds: [] };

export function storedScannerView(): ScannerView | null {
  try {
    const raw = localStorage.getItem(SCANNER_VIEW_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<ScannerView>;
    if ((v.sortBy !== 'createDate' && v.sortBy !== 'title') || typeof v.onlyWatched !== 'boolean')
      return null;
    const ids = Array.isArray(v.collapsedListIds) ? v.collapsedListIds : [];
    return {
      sortBy: v.sortBy,
      onlyWatched: v.onlyWatched,
      collapsedListIds: ids.filter((id) => typeof id === 'number' || typeof id === 'string'),
    };
  } catch {
    return null;
  }
}

/** The view and a setter that stores it locally and in the account. */
export function useScannerView(): [ScannerView, (next: Partial<ScannerView>) => void] {
  const queryClient = useQueryClient();
  const [local, setLocal] = useState<ScannerView | null>(storedScannerView);
  const settings = useQuery({ ...userSettingsQuery(), enabled: local === null });
  const view = local ?? settings.data?.scannerSorting ?? INITIAL_VIEW;
  const update = useCallback(
    (next: Partial<ScannerView>) => {
      const merged = { ...view, ...next };
      setLocal(merged);
      localStorage.setItem(SCANNER_VIEW_KEY, JSON.stringify(merged));
      // Best effort: the local copy already holds it, so a failure (offline) is not shown.
      apiCaller(ACCOUNT_CALLS)('account.saveSettings', { body: { scannerSorting: merged } })
        .then((answer) => queryClient.setQueryData(accountKeys.settings(), answer))
        .catch(() => undefined);
    },
    [view, queryClient],
  );
  return [view, update];
}
