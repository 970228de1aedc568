import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import type { SubscriptionAnswer } from '#api/account.ts';
import { subscriptionQuery } from '#app/features/account/subscription.ts';
import { useCachedData, useRefresh } from '../api/cached-query.ts';
import { accessRedirect } from '../auth/access.ts';
import { storedToken } from '../auth/token.ts';

/**
 * The signed-in user's subscription for the shell, reloaded on each page load and focus, and
 * the ended-subscription rule applied as soon as a fresh answer arrives (the router guard
 * applies it from the cached one on each navigation).
 */
export function useSubscriptionRules(enabled: boolean): SubscriptionAnswer | undefined {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => queryClient.fetchQuery(subscriptionQuery()), [queryClient]);
  useRefresh(refresh, enabled && storedToken() !== null);
  const data = useCachedData<SubscriptionAnswer>(subscriptionQuery().queryKey);
  const location = useRouterState({ select: (s) => s.location });
  const navigate = useNavigate();
  const status = data?.status;
  useEffect(() => {
    if (status === undefined) return;
    const to = accessRedirect(location.pathname, location.href, true, status);
    if (to) void navigate({ href: to, replace: true });
  }, [status, location.pathname, location.href, navigate]);
  return data;
}
