/**
 * The subscription screens' reads: the plans on offer (with promotions), the user's billing
 * record, a plan change's preview (a dry run of the change) and the checkout frame's address.
 */
import { queryOptions } from '@tanstack/react-query';
import { BILLING_CALLS } from '#api/contract/billing.ts';
import { apiCaller } from '#app/api/api-caller.ts';
import type { PlanId } from '#domain/plans/plan-id.ts';
import { billingKeys } from './keys.ts';

export const billingCall = apiCaller(BILLING_CALLS);

export const plansQuery = () =>
  queryOptions({
    queryKey: billingKeys.plans(),
    queryFn: ({ signal }) => billingCall('billing.plans', {}, signal),
  });

export const billingRecordQuery = () =>
  queryOptions({
    queryKey: billingKeys.record(),
    queryFn: ({ signal }) => billingCall('account.billing', {}, signal),
    staleTime: 0,
  });

/** The preview is priced at the server's now: never reused from the cache. */
export const planChangePreviewQuery = (planId: PlanId) =>
  queryOptions({
    queryKey: billingKeys.preview(planId),
    queryFn: ({ signal }) => billingCall('account.changePlan', { body: { planId, dryRun: true } }, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export const checkoutUrlQuery = (planId: PlanId, coupon: string | null) =>
  queryOptions({
    queryKey: billingKeys.checkout(planId, coupon),
    queryFn: ({ signal }) =>
      billingCall('billing.checkout', { body: { planId, ...(coupon ? { coupon } : {}) } }, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
