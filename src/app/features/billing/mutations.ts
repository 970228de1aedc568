/**
 * The subscription's writes: a plan change and cancelling. They need the network (no offline
 * queue: money moves). After either, the subscription and the billing record are refetched.
 */
import type { QueryClient } from '@tanstack/react-query';
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
 * After a change: the shell's subscription and every billing read. Previews are dropped, not
 * refetched: priced for the plan before the change, a new dry run of it would now fail (the same
 * plan) and send the confirmation screen, still mounted, to /pricing.
 */
export async function refreshAccount(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: billingKeys.previews() });
  queryClient.removeQueries({ queryKey: billingKeys.previews() });
  await queryClient.invalidateQueries({ queryKey: accountKeys.all });
}
