/**
 * Reads Stripe's objects as billing's events (docs/BILLING.md ("Switching to Stripe")). Pure: no network, so a
 * webhook is read from its own payload and a call's answer the same way. Anything billing needs
 * that the object lacks (an id, a known price) makes it unreadable (`StripeShapeError`).
 */
import type Stripe from 'stripe';
import { PLAN_IDS, type PlanId, parsePlanId } from '#domain/plans/plan-id.ts';
import type { BillingEvent, ChargeReport, SubscriptionReport } from '../processor.ts';

/** A Stripe object billing cannot read (the webhook answers 400, so Stripe shows and retries it). */
export class StripeShapeError extends Error {
  override readonly name = 'StripeShapeError';
}

export type PriceIds = Readonly<Record<PlanId, string>>;

const seconds = (s: number): number => s * 1000;
const idOf = (value: string | { readonly id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

function planOfPrice(priceIds: PriceIds, priceId: string | null): PlanId | null {
  return PLAN_IDS.find((id) => priceIds[id] === priceId) ?? null;
}

/** The metadata key of a downgrade scheduled for the period end. */
export const PENDING_PLAN_KEY = 'pendingPlanId';
/** The metadata key naming the user (set by the checkout on the subscription). */
export const USER_GUID_KEY = 'userGuid';

const STATES: Readonly<Record<string, SubscriptionReport['state']>> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'ended',
  canceled: 'ended',
  incomplete_expired: 'ended',
  paused: 'ended',
};

/**
 * The subscription's state; null while it is `incomplete` (its first payment is still open: a
 * checkout that has not succeeded yet is nothing to report).
 */
export function subscriptionReport(
  sub: Stripe.Subscription,
  priceIds: PriceIds,
  ended = false,
): SubscriptionReport | null {
  const state = ended ? 'ended' : STATES[sub.status];
  if (state === undefined) return null;
  const item = sub.items?.data?.[0];
  const customerId = idOf(sub.customer);
  if (!sub.id || !customerId || !item)
    throw new StripeShapeError('subscription without id, customer or item');
  const planId = planOfPrice(priceIds, item.price?.id ?? null);
  if (planId === null) throw new StripeShapeError(`subscription ${sub.id} has a price of no plan`);
  const pending = parsePlanId(sub.metadata?.[PENDING_PLAN_KEY] ?? '')?.planId ?? null;
  return {
    subscriptionId: sub.id,
    customerId,
    planId,
    periodStartMs: seconds(item.current_period_start),
    periodEndMs: seconds(item.current_period_end),
    // A cancellation set as a date (Stripe's dashboard may) that falls within the period counts too.
    cancelAtPeriodEnd:
      sub.cancel_at_period_end || (sub.cancel_at != null && sub.cancel_at <= item.current_period_end),
    // Once the schedule has switched the price, the key may linger: it is pending no more.
    pendingPlanId: pending === planId ? null : pending,
    state,
  };
}

/**
 * What an invoice (or a preview of one) charges, in billing's terms: the subtotal is its positive
 * lines (the new period's price), the credit its negative proration lines (the unused time).
 */
type InvoiceAmounts = Pick<
  ChargeReport,
  | 'planId'
  | 'periodStartMs'
  | 'periodEndMs'
  | 'subtotalCents'
  | 'discountCents'
  | 'creditCents'
  | 'totalCents'
>;

const isProration = (line: Stripe.InvoiceLineItem): boolean =>
  line.parent?.subscription_item_details?.proration ?? line.parent?.invoice_item_details?.proration ?? false;

const priceOfLine = (line: Stripe.InvoiceLineItem): string | null => idOf(line.pricing?.price_details?.price);

export function invoiceAmounts(invoice: Stripe.Invoice, priceIds: PriceIds): InvoiceAmounts {
  const lines = invoice.lines?.data ?? [];
  const planned = lines
    .filter((line) => line.amount >= 0 && planOfPrice(priceIds, priceOfLine(line)) !== null)
    // The new period's line first; an upgrade without one bills only the prorated rest.
    .sort((a, b) => Number(isProration(a)) - Number(isProration(b)));
  const line = planned[0];
  const planId = line ? planOfPrice(priceIds, priceOfLine(line)) : null;
  if (!line || planId === null) throw new StripeShapeError(`invoice ${invoice.id} bills no plan's price`);
  const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);
  return {
    planId,
    periodStartMs: seconds(line.period.start),
    periodEndMs: seconds(line.period.end),
    subtotalCents: sum(lines.filter((l) => l.amount > 0).map((l) => l.amount)),
    discountCents: sum((invoice.total_discount_amounts ?? []).map((d) => d.amount)),
    creditCents: sum(lines.filter((l) => l.amount < 0 && isProration(l)).map((l) => -l.amount)),
    totalCents: Math.max(0, invoice.total),
  };
}

const CHARGE_REASONS: Readonly<Record<string, ChargeReport['reason']>> = {
  subscription_create: 'purchase',
  subscription_cycle: 'renewal',
  subscription_update: 'upgrade',
};

/** A subscription invoice's charge; null for an invoice of anything else (not ours to keep). */
function invoiceEvent(event: Stripe.Event, invoice: Stripe.Invoice, priceIds: PriceIds, paid: boolean) {
  const reason = CHARGE_REASONS[invoice.billing_reason ?? ''];
  const subscription = invoice.parent?.subscription_details;
  if (!reason || !subscription) return [];
  if (!invoice.id) throw new StripeShapeError('invoice without id');
  const charge: ChargeReport = {
    externalId: invoice.id,
    reason,
    ...invoiceAmounts(invoice, priceIds),
    paid,
    ...(paid
      ? {}
      : { failureMessage: invoice.last_finalization_error?.message ?? 'The card payment was declined.' }),
  };
  const userGuid = subscription.metadata?.[USER_GUID_KEY];
  return [{ id: event.id, occurredMs: seconds(event.created), ...(userGuid ? { userGuid } : {}), charge }];
}

/**
 * A refund of a subscription invoice. Refunds made by the app name the invoice in their metadata
 * (`invoiceId`); others (made in Stripe's dashboard) cannot be tied to an invoice offline and
 * are left out. The refund's id is the event id, so the call's answer and the webhooks that
 * repeat it apply once.
 */
export const INVOICE_ID_KEY = 'invoiceId';

export function refundEvents(refunds: readonly Stripe.Refund[], occurredMs: number): BillingEvent[] {
  return refunds.flatMap((refund) => {
    const invoiceId = refund.metadata?.[INVOICE_ID_KEY];
    if (!invoiceId || refund.status === 'failed' || refund.status === 'canceled') return [];
    return [
      { id: refund.id, occurredMs, refund: { chargeExternalId: invoiceId, amountCents: refund.amount } },
    ];
  });
}

/** The events a Stripe event reports; [] for the types billing does not follow. */
export function billingEventsOf(event: Stripe.Event, priceIds: PriceIds): BillingEvent[] {
  if (!event.id || typeof event.created !== 'number') throw new StripeShapeError('event without id or time');
  const occurredMs = seconds(event.created);
  const subscriptionEvent = (sub: Stripe.Subscription, ended: boolean): BillingEvent[] => {
    const subscription = subscriptionReport(sub, priceIds, ended);
    if (!subscription) return [];
    const userGuid = sub.metadata?.[USER_GUID_KEY];
    return [{ id: event.id, occurredMs, ...(userGuid ? { userGuid } : {}), subscription }];
  };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return [];
      // The subscription's own events carry its state; this one ties the user to the checkout.
      if (!session.client_reference_id || !idOf(session.subscription))
        throw new StripeShapeError(`checkout ${session.id} names no user or subscription`);
      return [{ id: event.id, occurredMs, userGuid: session.client_reference_id }];
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
      return subscriptionEvent(event.data.object, false);
    case 'customer.subscription.deleted':
      return subscriptionEvent(event.data.object, true);
    case 'invoice.paid':
      return invoiceEvent(event, event.data.object, priceIds, true);
    case 'invoice.payment_failed':
      return invoiceEvent(event, event.data.object, priceIds, false);
    case 'charge.refunded':
      return refundEvents(event.data.object.refunds?.data ?? [], occurredMs);
    case 'refund.created':
      return refundEvents([event.data.object], occurredMs);
    default:
      return [];
  }
}
