/** The subscription, read by the shell, the router guard and the account screens (first download). */
import { queryOptions } from '@tanstack/react-query';
import { shellCall } from '#app/api/client.ts';
import { accountKeys } from './keys.ts';

/**
 * The subscription, refetched on every page load and focus (staleTime 0): the server clock
 * moves statuses, and an ended trial must reach the pricing page promptly. The persisted copy
 * still lets the guard decide at once, and offline.
 */
export const subscriptionQuery = () =>
  queryOptions({
    queryKey: accountKeys.subscription(),
    queryFn: ({ signal }) => shellCall('account.subscription', signal),
    staleTime: 0,
  });
