/**
 * The events the test store reports: a purchase (its checkout page's payment), plan changes,
 * cancelling, refunds and renewals. Money is integer US cents; a charge's total is
 * subtotal − discount − credit, never below 0.
 */
import { randomBytes } from 'node:crypto';
import { addMonthsUtc } from '#domain/plans/calendar.ts';
import { PLANS } from '#domain/plans/plan-catalogue.ts';
import { type PlanChangePreview, planChangePreview } from '#domain/plans/plan-change.ts';
import { type PlanId, planParts } from '#domain/plans/plan-id.ts';
import type { BilledSubscription, BillingEvent, ChargeReport, SubscriptionReport } from '../processor.ts';
import { DECLINED_MESSAGE, laterChargeDeclined } from './test-cards.ts';

/** A fresh processor id such as `evt_3f9c…` (unguessable, unique). */
const newId = (prefix: string): string => `${prefix}_${randomBytes(12).toString('hex')}`;

/** The price of a plan's period at the store, as billing's promotions set it. */
export interface StorePrice {
  readonly subtotalCents: number;
  readonly discountCents: number;
  /** The unused part of a cancelled subscription that still runs, credited on a new purchase. */
  readonly creditCents: number;
}

const totalOf = (subtotalCents: number, discountCents: number, creditCents: number) =>
  Math.max(0, subtotalCents - discountCents - creditCents);

/** A charge to the card on file: the 0341 card declines it (a charge of 0 takes nothing from the card). */
function chargeOnFile(
  sub: BilledSubscription,
  charge: Omit<ChargeReport, 'paid' | 'failureMessage'>,
): ChargeReport {
  return charge.totalCents > 0 && laterChargeDeclined(sub.paymentMethod)
    ? { ...charge, paid: false, failureMessage: DECLINED_MESSAGE }
    : { ...charge, paid: true };
}

/** The subscription as billing knows it, running, with `changes`. */
function reportOf(sub: BilledSubscription, changes: Partial<SubscriptionReport>): SubscriptionReport {
  return {
    subscriptionId: sub.subscriptionId,
    customerId: sub.customerId,
    planId: sub.planId,
    periodStartMs: sub.periodStartMs,
    periodEndMs: sub.periodEndMs,
    cancelAtPeriodEnd: false,
    pendingPlanId: null,
    state: 'active',
    paymentMethod: sub.paymentMethod,
    ...changes,
  };
}

export interface Purchase {
  readonly userGuid: string;
  readonly planId: PlanId;
  readonly price: StorePrice;
  /** The card as shown ('Visa •••• 4242'). */
  readonly paymentMethod: string;
  readonly nowMs: number;
}

/** A paid checkout: a new subscription whose first period starts now. */
export function purchaseEvent(p: Purchase): BillingEvent {
  const periodEndMs = addMonthsUtc(p.nowMs, planParts(p.planId).cycle);
  const { subtotalCents, discountCents, creditCents } = p.price;
  return {
    id: newId('evt'),
    occurredMs: p.nowMs,
    userGuid: p.userGuid,
    subscription: {
      subscriptionId: newId('sub_ts'),
      customerId: newId('cus_ts'),
      planId: p.planId,
      periodStartMs: p.nowMs,
      periodEndMs,
      cancelAtPeriodEnd: false,
      pendingPlanId: null,
      state: 'active',
      paymentMethod: p.paymentMethod,
    },
    charge: {
      externalId: newId('in_ts'),
      reason: 'purchase',
      planId: p.planId,
      periodStartMs: p.nowMs,
      periodEndMs,
      subtotalCents,
      discountCents,
      creditCents,
      totalCents: totalOf(subtotalCents, discountCents, creditCents),
      paid: true,
    },
  };
}

/** The domain's preview of changing `sub` to `to` at `nowMs` (the store has no rule of its own). */
export function changePreview(
  sub: BilledSubscription,
  to: PlanId,
  nowMs: number,
  discountCents: number,
): PlanChangePreview {
  return planChangePreview({
    from: sub.planId,
    to,
    periodStartMs: sub.periodStartMs,
    periodEndMs: sub.periodEndMs,
    nowMs,
    discountCents,
  });
}

/**
 * An upgrade is charged now (less the unused part of the current period) and starts a new
 * period now; a declined charge leaves the subscription as it was. A downgrade is only
 * scheduled for the period end.
 */
export function planChangeEvents(
  sub: BilledSubscription,
  to: PlanId,
  nowMs: number,
  discountCents: number,
): readonly BillingEvent[] {
  const preview = changePreview(sub, to, nowMs, discountCents);
  if (preview.kind === 'downgrade') {
    return [{ id: newId('evt'), occurredMs: nowMs, subscription: reportOf(sub, { pendingPlanId: to }) }];
  }
  const charge = chargeOnFile(sub, {
    externalId: newId('in_ts'),
    reason: 'upgrade',
    planId: to,
    periodStartMs: nowMs,
    periodEndMs: preview.nextBillingDate,
    subtotalCents: preview.newPlanPrice,
    discountCents: preview.discountAmount,
    creditCents: preview.deductAmount,
    totalCents: preview.immediateChargeAmount,
  });
  const subscription = charge.paid
    ? reportOf(sub, { planId: to, periodStartMs: nowMs, periodEndMs: preview.nextBillingDate })
    : undefined;
  return [{ id: newId('evt'), occurredMs: nowMs, charge, ...(subscription ? { subscription } : {}) }];
}

/** Cancelling at the period end drops a scheduled downgrade: the subscription will not renew. */
export function cancelEvents(sub: BilledSubscription, nowMs: number): readonly BillingEvent[] {
  return [{ id: newId('evt'), occurredMs: nowMs, subscription: reportOf(sub, { cancelAtPeriodEnd: true }) }];
}

export function refundEvents(
  chargeExternalId: string,
  amountCents: number,
  nowMs: number,
): readonly BillingEvent[] {
  return [{ id: newId('evt'), occurredMs: nowMs, refund: { chargeExternalId, amountCents } }];
}

/**
 * Renewal attempt `attempt` (0 at the period end, 1, 2, … the daily retries) of the period that ended at
 * `sub.periodEndMs`. Its ids are built from the subscription, the period end and the attempt,
 * so running the lifecycle job twice reports the same event and the same charge (applied once).
 * A paid renewal starts the next period at the old period's end, on the pending plan if any; a
 * declined one leaves the subscription past due on its current period.
 */
export function renewalEvents(
  sub: BilledSubscription,
  pendingPlanId: PlanId | null,
  attempt: number,
  attemptMs: number,
): readonly BillingEvent[] {
  const planId = pendingPlanId ?? sub.planId;
  const key = `${sub.subscriptionId}_${sub.periodEndMs}_${attempt}`;
  const periodEndMs = addMonthsUtc(sub.periodEndMs, planParts(planId).cycle);
  const subtotalCents = PLANS[planId].billedPriceCents;
  const charge = chargeOnFile(sub, {
    externalId: `in_ts_${key}`,
    reason: 'renewal',
    planId,
    periodStartMs: sub.periodEndMs,
    periodEndMs,
    subtotalCents,
    discountCents: 0,
    creditCents: 0,
    totalCents: subtotalCents,
  });
  const subscription = charge.paid
    ? reportOf(sub, { planId, periodStartMs: sub.periodEndMs, periodEndMs })
    : reportOf(sub, { pendingPlanId, state: 'past_due' });
  return [{ id: `evt_ts_renew_${key}`, occurredMs: attemptMs, subscription, charge }];
}
