/**
 * The signed-in user's account screens: settings, usage statistics, deletion (the subscription is
 * the shell's).
 * Entries of the HTTP contract (`../contract.ts`).
 */
import type { UsageStats, UserSettings, userSettingsPatchSchema } from '../account.ts';
import { type BodyErrors, call } from './define.ts';

export const ACCOUNT_CALLS = {
  'account.settings': call<{ answer: UserSettings }>()('GET', '/account/settings'),
  'account.saveSettings': call<{ body: typeof userSettingsPatchSchema; answer: UserSettings }, BodyErrors>()(
    'PATCH',
    '/account/settings',
  ),
  'account.delete': call<{ answer: undefined }>()('DELETE', '/account'),
  'account.usageStats': call<{ answer: UsageStats }>()('GET', '/account/usagestats'),
} as const;
