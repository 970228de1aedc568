/** Plans, the billing record and plan-change previews; cleared with the account's keys. */
import type { PlanId } from '#domain/plans/plan-id.ts';
import { accountKeys } from '../account/keys.ts';

export const billingKeys = {
  plans: () => ['billing', 'plans'] as const,
  /** Under the account's keys: another user's sign-in clears it. */
  record: () => [...accountKeys.all, 'billing'] as const,
  previews: () => [...accountKeys.all, 'billing', 'preview'] as const,
  preview: (planId: PlanId) => [...billingKeys.previews(), planId] as const,
  checkout: (planId: PlanId, coupon: string | null) =>
    [...accountKeys.all, 'billing', 'checkout', planId, coupon] as const,
};
