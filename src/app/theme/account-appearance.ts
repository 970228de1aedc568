/**
 * The appearance mode in the account settings (`appearance.mode`, PATCH /account/settings):
 * written when the user picks a mode, read on a device that has none of its own yet. Loaded
 * lazily: the account's call map stays out of the first download.
 */
import type { QueryClient } from '@tanstack/react-query';
import { ACCOUNT_CALLS } from '#api/contract/account.ts';
import { apiCaller } from '#app/api/api-caller.ts';
import { accountKeys } from '#app/features/account/keys.ts';
import { userSettingsQuery } from '#app/features/account/queries.ts';
import { type AppearanceMode, chooseAppearance, storedAppearance } from './appearance.ts';

/** Best effort: the device already shows and remembers the mode, so offline it is not an error. */
export async function saveAccountAppearance(queryClient: QueryClient, mode: AppearanceMode): Promise<void> {
  try {
    const answer = await apiCaller(ACCOUNT_CALLS)('account.saveSettings', { body: { appearance: { mode } } });
    queryClient.setQueryData(accountKeys.settings(), answer);
  } catch {
    // Kept on this device; the next pick stores it in the account.
  }
}

/** A device without a mode of its own takes the account's (and keeps it from then on). */
export async function adoptAccountAppearance(queryClient: QueryClient): Promise<void> {
  try {
    const settings = await queryClient.fetchQuery(userSettingsQuery());
    if (storedAppearance() === null) chooseAppearance(settings.appearance.mode);
  } catch {
    // Offline or signed out: the device's mode stays until the next start.
  }
}
