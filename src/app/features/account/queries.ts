/**
 * The account's reads for the screens: the user's settings and usage stats. The subscription,
 * which the shell and the router guard read, is `subscription.ts`: the first download holds it,
 * and this module's call map stays out of it.
 */
import { queryOptions } from '@tanstack/react-query';
import { ACCOUNT_CALLS } from '#api/contract/account.ts';
import { apiCaller } from '#app/api/api-caller.ts';
import { accountKeys } from './keys.ts';

const accountCall = apiCaller(ACCOUNT_CALLS);

export const userSettingsQuery = () =>
  queryOptions({
    queryKey: accountKeys.settings(),
    queryFn: ({ signal }) => accountCall('account.settings', {}, signal),
  });

export const usageStatsQuery = () =>
  queryOptions({
    queryKey: accountKeys.usageStats(),
    queryFn: ({ signal }) => accountCall('account.usageStats', {}, signal),
  });
