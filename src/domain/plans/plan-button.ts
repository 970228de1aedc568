/**
 * The pricing grid's button for each plan, per user state (spec 1 §2, §6).
 * - No running paid subscription (trial, ended, or cancelled and running out): BUY.
 * - Paid through a processor: CANCEL on the current plan, UPGRADE or DOWNGRADE on the others.
 * - Paid without a processor (billed outside the app): an email contact, since the plan cannot
 *   be changed or cancelled in-app.
 * A cancelled subscription is not changed in-app: it runs out, and the grid offers BUY.
 */
import { PlanChangeKind, planChangeKind } from './plan-change.ts';
import type { PlanId } from './plan-id.ts';
import { SubscriptionStatus } from './subscription-status.ts';

export const PlanButton = {
  Buy: 'BUY',
  Upgrade: 'UPGRADE',
  Downgrade: 'DOWNGRADE',
  Cancel: 'CANCEL',
  Email: 'EMAIL',
} as const;
export type PlanButton = (typeof PlanButton)[keyof typeof PlanButton];

export function planButton(
  userPlan: PlanId | null,
  status: SubscriptionStatus,
  processor: string | null | undefined,
  targetPlan: PlanId,
): PlanButton {
  if (status !== SubscriptionStatus.Premium || userPlan === null) return PlanButton.Buy;
  if (!processor?.trim()) return PlanButton.Email;
  switch (planChangeKind(userPlan, targetPlan)) {
    case PlanChangeKind.None:
      return PlanButton.Cancel;
    case PlanChangeKind.Upgrade:
      return PlanButton.Upgrade;
    default:
      return PlanButton.Downgrade;
  }
}
