/**
 * Stripe behind the processor seam (docs/BILLING.md ("Switching to Stripe")). Stripe runs the subscriptions:
 * it renews, retries failed renewals and switches a scheduled downgrade by itself, and reports
 * each step by webhook; the calls here start a checkout, preview and change a plan, cancel and
 * refund, and answer the same events the webhooks will repeat.
 *
 * Choices:
 * - An upgrade restarts the billing period now (`billing_cycle_anchor: 'now'`), charging the new
 *   plan's full price less the unused part of the old one at once, as the domain's rule says.
 * - A downgrade is a Subscription Schedule: the current price until the period end, then the
 *   new one. The subscription's metadata `pendingPlanId` tells billing about it (a webhook
 *   carries no schedule details); the schedule's next phase removes it.
 */
import type { IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import { DomainError } from '#domain/errors.ts';
import { planChangeKind, planChangePreview } from '#domain/plans/plan-change.ts';
import { type PlanId, planParts } from '#domain/plans/plan-id.ts';
import {
  type BilledSubscription,
  type BillingEvent,
  type BillingProcessor,
  storeCheckoutUrl,
  WebhookRejected,
} from '../processor.ts';
import { mountStripeCheckoutPages } from './checkout-pages.ts';
import type { StripeConfig } from './stripe-config.ts';
import {
  billingEventsOf,
  INVOICE_ID_KEY,
  invoiceAmounts,
  PENDING_PLAN_KEY,
  refundEvents,
  StripeShapeError,
  subscriptionReport,
} from './stripe-events.ts';

/** Stripe's own default: a signature older than five minutes is a replay. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeProcessorDeps {
  /** A client pointed elsewhere (tests); by default one for the configured key. */
  readonly stripe?: Stripe;
}

function rejectionReason(error: unknown): string {
  if (error instanceof Stripe.errors.StripeSignatureVerificationError)
    return error.message.startsWith('Timestamp outside')
      ? 'the signature is too old'
      : 'the signature does not match the body';
  if (error instanceof SyntaxError) return 'the body is not JSON';
  return error instanceof Error ? error.message : String(error);
}

/** A declined card (or any card error) is the customer's problem to fix, not a defect. */
async function charging<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError)
      throw new DomainError('PAYMENT_DECLINED', { params: { reason: error.message } });
    throw error;
  }
}

export function createStripeProcessor(
  config: StripeConfig,
  deps: StripeProcessorDeps = {},
): BillingProcessor {
  const stripe = deps.stripe ?? new Stripe(config.secretKey, { maxNetworkRetries: 2 });
  const { priceIds } = config;

  /** The events a call's answer reports; the request id keeps a repeated call's apart. */
  const answered = (sub: Stripe.Response<Stripe.Subscription>, nowMs: number): BillingEvent[] => {
    const subscription = subscriptionReport(sub, priceIds);
    if (!subscription) return [];
    const id = sub.lastResponse?.requestId || `${sub.id}@${nowMs}`;
    return [{ id, occurredMs: nowMs, subscription }];
  };

  const retrieve = async (sub: BilledSubscription) => {
    const current = await stripe.subscriptions.retrieve(sub.subscriptionId);
    const item = current.items.data[0];
    if (!item) throw new StripeShapeError(`subscription ${current.id} has no item`);
    return { current, item };
  };

  /** A direct change of the subscription ends its schedule (a pending downgrade) first. */
  const releaseSchedule = async (current: Stripe.Subscription) => {
    const schedule = typeof current.schedule === 'string' ? current.schedule : current.schedule?.id;
    if (schedule) await stripe.subscriptionSchedules.release(schedule);
  };

  const scheduleDowngrade = async (sub: BilledSubscription, to: PlanId, nowMs: number) => {
    const { current, item } = await retrieve(sub);
    const schedule =
      typeof current.schedule === 'string'
        ? await stripe.subscriptionSchedules.retrieve(current.schedule)
        : (current.schedule ??
          (await stripe.subscriptionSchedules.create({ from_subscription: current.id })));
    const startDate =
      schedule.current_phase?.start_date ?? schedule.phases[0]?.start_date ?? item.current_period_start;
    await stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: 'release',
      phases: [
        {
          items: [{ price: item.price.id, quantity: 1 }],
          start_date: startDate,
          end_date: item.current_period_end,
        },
        {
          items: [{ price: priceIds[to], quantity: 1 }],
          duration: { interval: planParts(to).cycle === 12 ? 'year' : 'month' },
          proration_behavior: 'none',
          metadata: { [PENDING_PLAN_KEY]: '' },
        },
      ],
    });
    return answered(
      await stripe.subscriptions.update(current.id, { metadata: { [PENDING_PLAN_KEY]: String(to) } }),
      nowMs,
    );
  };

  return {
    name: 'stripe',
    testMode: config.testMode,
    signatureHeader: 'stripe-signature',

    productCode: (planId) => priceIds[planId],

    checkoutUrl: storeCheckoutUrl,

    // Stripe calls the webhook itself: nothing to deliver.
    mountPages: (app) => mountStripeCheckoutPages(app, { stripe, config }),

    readWebhook(rawBody, headers: IncomingHttpHeaders, nowMs) {
      const header = headers['stripe-signature'];
      if (typeof header !== 'string' || header === '')
        throw new WebhookRejected('no stripe-signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          header,
          config.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          nowMs,
        );
      } catch (error) {
        throw new WebhookRejected(rejectionReason(error));
      }
      try {
        return billingEventsOf(event, priceIds);
      } catch (error) {
        if (error instanceof StripeShapeError) throw new WebhookRejected(error.message);
        throw error;
      }
    },

    async previewChange(sub, to, nowMs, discountCents) {
      // A downgrade costs nothing now: the domain's rule answers without asking Stripe.
      if (planChangeKind(sub.planId, to) !== 'upgrade')
        return planChangePreview({ ...sub, from: sub.planId, to, nowMs, discountCents });
      const { current, item } = await retrieve(sub);
      const preview = await stripe.invoices.createPreview({
        customer: sub.customerId,
        subscription: current.id,
        subscription_details: {
          items: [{ id: item.id, price: priceIds[to] }],
          billing_cycle_anchor: { type: 'now' },
          proration_behavior: 'always_invoice',
          proration_date: Math.floor(nowMs / 1000),
        },
      });
      const amounts = invoiceAmounts(preview, priceIds);
      return {
        kind: 'upgrade',
        immediateChargeAmount: amounts.totalCents,
        newPlanPrice: amounts.subtotalCents,
        discountAmount: amounts.discountCents,
        deductAmount: amounts.creditCents,
        nextBillingDate: amounts.periodEndMs,
      };
    },

    async changePlan(sub, to, nowMs) {
      const kind = planChangeKind(sub.planId, to);
      if (kind === 'none') throw new DomainError('PLAN_UNCHANGED');
      if (kind === 'downgrade') return scheduleDowngrade(sub, to, nowMs);
      const { current, item } = await retrieve(sub);
      await releaseSchedule(current);
      const updated = await charging(
        stripe.subscriptions.update(current.id, {
          items: [{ id: item.id, price: priceIds[to] }],
          billing_cycle_anchor: { type: 'now' },
          proration_behavior: 'always_invoice',
          proration_date: Math.floor(nowMs / 1000),
          // A declined card leaves the subscription as it was and answers an error.
          payment_behavior: 'error_if_incomplete',
          metadata: { [PENDING_PLAN_KEY]: '' },
        }),
      );
      // The invoice of the upgrade arrives by webhook (invoice.paid).
      return answered(updated, nowMs);
    },

    async cancelAtPeriodEnd(sub, nowMs) {
      const { current } = await retrieve(sub);
      await releaseSchedule(current);
      return answered(
        await stripe.subscriptions.update(current.id, {
          cancel_at_period_end: true,
          metadata: { [PENDING_PLAN_KEY]: '' },
        }),
        nowMs,
      );
    },

    async refund(_sub, invoiceId, _amountCents, nowMs) {
      const invoice = await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] });
      const payment = invoice.payments?.data.find((p) => p.status === 'paid')?.payment;
      const paymentIntent = payment?.payment_intent;
      const charge = payment?.charge;
      if (!paymentIntent && !charge)
        throw new DomainError('NOT_FOUND', { message: 'The invoice has no payment.' });
      const refund = await stripe.refunds.create({
        ...(paymentIntent
          ? { payment_intent: typeof paymentIntent === 'string' ? paymentIntent : paymentIntent.id }
          : { charge: typeof charge === 'string' ? charge : charge?.id }),
        metadata: { [INVOICE_ID_KEY]: invoiceId },
      });
      return refundEvents([refund], nowMs);
    },
  };
}
