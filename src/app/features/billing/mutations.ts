/**
 * The subscription's writes: a plan change and cancelling. They need the network (no offline
 * queue: money moves). After either, the subscription and the billing record are refetched.
 */
import { partialMatchKey, type QueryClient } from '@tanstack/react-query';
import type { PlanId } from '#domain/plans/plan-id.ts';
import { accountKeys } from '../account/keys.ts';
import { billingKeys } from './keys.ts';
import { billingCall } from './queries.ts';

export const billingApi = {
  /** PROCEED on the plan-change confirmation; a downgrade answers PENDING_PLAN_CHANGE. */
  changePlan: (planId: PlanId) => billingCall('account.changePlan', { body: { planId, dryRun: false } }),
  /** Cancels at the period end; `reasonId` 7 ('other') is sent as none (domain `cancelRequest`). */
  cancel: (reasonId: number | null, reasonText: string | null) =>
    billingCall('account.cancelSubscription', { body: { reasonId, reasonText } }),
};

/**
 * After a change: the shell's subscription and every billing read, except plan-change previews.
 * A preview prices a change not yet made and is asked afresh whenever the confirmation opens;
 * asked again after the change it priced, it would be refused (the new plan is now the user's
 * own: PLAN_UNCHANGED) and the confirmation, still open, would leave for /pricing.
 */
export const refreshAccount = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    queryKey: accountKeys.all,
    predicate: (query) => !partialMatchKey(query.queryKey, billingKeys.previews()),
  });
