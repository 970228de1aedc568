/**
 * What /checkout/{planId} shows for the signed-in user (spec 1 §2): a premium subscriber paying
 * through a processor changes plan in place (the confirmation with the preview); a premium
 * subscriber already on the plan, or billed outside the app, is not sent to the store (that
 * would start a second subscription); everyone else (trial, ended, cancelled and running out)
 * buys in the store frame.
 */
import type { SubscriptionAnswer } from '#api/account.ts';
import type { PlanId } from '#domain/plans/plan-id.ts';
import { SubscriptionStatus } from '#domain/plans/subscription-status.ts';

export type CheckoutMode = 'change' | 'current' | 'outside' | 'store';

export function checkoutMode(
  user: Pick<SubscriptionAnswer, 'status' | 'planId' | 'processor'>,
  planId: PlanId,
): CheckoutMode {
  if (user.status !== SubscriptionStatus.Premium || user.planId === null) return 'store';
  if (!user.processor?.trim()) return 'outside';
  return user.planId === planId ? 'current' : 'change';
}
