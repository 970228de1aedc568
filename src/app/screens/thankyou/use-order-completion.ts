/**
 * After a purchase in the store the server's webhook, not the browser, makes the user premium:
 * the thank-you page polls the subscription every 2 seconds for 2 minutes, and counts only
 * answers fetched since it opened (the cached one may predate the purchase). Done once the user
 * is premium, and on the bought plan when the page names one (spec 1 §2).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SubscriptionAnswer } from '#api/account.ts';
import { subscriptionQuery } from '#app/features/account/subscription.ts';
import type { PlanId } from '#domain/plans/plan-id.ts';
import { SubscriptionStatus } from '#domain/plans/subscription-status.ts';

export const ORDER_POLL_MS = 2000;
export const ORDER_POLL_FOR_MS = 120_000;

const isDone = (user: SubscriptionAnswer | undefined, planId: PlanId | undefined) =>
  user?.status === SubscriptionStatus.Premium && (planId === undefined || user.planId === planId);

export function useOrderCompletion(planId: PlanId | undefined): boolean {
  const [openedAt] = useState(() => Date.now());
  const subscription = useQuery({
    ...subscriptionQuery(),
    refetchInterval: (query) =>
      isDone(query.state.data, planId) || Date.now() - openedAt > ORDER_POLL_FOR_MS ? false : ORDER_POLL_MS,
  });
  return subscription.dataUpdatedAt >= openedAt && isDone(subscription.data, planId);
}
