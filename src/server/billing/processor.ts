/**
 * The seam between billing and a payment processor (docs/BILLING.md). The embedded test store
 * (`teststore/`) and Stripe (`stripe/`) implement it; billing (`billing-service.ts`) applies what
 * they report, the same way whether it arrives in a webhook or in the answer of a call, so a
 * webhook that repeats a call's result changes nothing.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { PlanChangePreview } from '#domain/plans/plan-change.ts';
import type { PlanId } from '#domain/plans/plan-id.ts';

export type ProcessorName = 'teststore' | 'stripe';

/** One charge attempt as the processor reports it; amounts in integer US cents. */
export interface ChargeReport {
  /** The processor's id of the invoice or charge: unique per processor (idempotency). */
  readonly externalId: string;
  readonly reason: 'purchase' | 'renewal' | 'upgrade';
  readonly planId: PlanId;
  /** The period the charge pays for, epoch ms, [start, end). */
  readonly periodStartMs: number;
  readonly periodEndMs: number;
  /** The plan's price for the period. */
  readonly subtotalCents: number;
  readonly discountCents: number;
  /** Prorated credit for the unused part of the previous plan's period. */
  readonly creditCents: number;
  /** What was charged (or attempted): subtotal − discount − credit, never below 0. */
  readonly totalCents: number;
  readonly paid: boolean;
  /** Why a failed charge failed (shown to the user). */
  readonly failureMessage?: string;
}

/** A subscription's state as the processor sees it after the event. */
export interface SubscriptionReport {
  readonly subscriptionId: string;
  readonly customerId: string;
  readonly planId: PlanId;
  readonly periodStartMs: number;
  readonly periodEndMs: number;
  readonly cancelAtPeriodEnd: boolean;
  /** A downgrade scheduled for the period end. */
  readonly pendingPlanId: PlanId | null;
  /** 'active' (paid), 'past_due' (a renewal failed; retrying), 'ended'. */
  readonly state: 'active' | 'past_due' | 'ended';
  /** The card on file as shown ('Visa •••• 4242'), when known. */
  readonly paymentMethod?: string | null;
}

/**
 * What happened at the processor. `occurredMs` orders state changes: a subscription state older
 * than the newest one applied is ignored, so events may arrive in any order. Charges are kept
 * whenever they arrive (unique by `externalId`).
 */
export interface BillingEvent {
  /** The processor's event id (idempotency: applied once). */
  readonly id: string;
  readonly occurredMs: number;
  /** The user, by their public id (guid), when the event names them (a checkout). */
  readonly userGuid?: string;
  readonly subscription?: SubscriptionReport;
  readonly charge?: ChargeReport;
  /** A refund of an earlier charge, by its external id. */
  readonly refund?: { readonly chargeExternalId: string; readonly amountCents: number };
}

/** What billing knows of a user's subscription when it asks the processor to act. */
export interface BilledSubscription {
  readonly userGuid: string;
  readonly email: string;
  readonly customerId: string;
  readonly subscriptionId: string;
  readonly planId: PlanId;
  readonly periodStartMs: number;
  readonly periodEndMs: number;
  readonly paymentMethod: string | null;
}

/** The checkout frame's query values (spec 1 §7). */
export interface CheckoutRequest {
  readonly productCode: string;
  readonly planId: PlanId;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly userGuid: string;
  readonly testMode: boolean;
  readonly coupon: string | null;
}

/**
 * The checkout frame's address: the store page under `/store/checkout` with spec 1 §7's query
 * values (the coupon only when there is one). Every processor serves its page there.
 */
export function storeCheckoutUrl(request: CheckoutRequest): string {
  const query = new URLSearchParams({
    product: request.productCode,
    first_name: request.firstName,
    last_name: request.lastName,
    email: request.email,
    guid: request.userGuid,
    test: request.testMode ? '1' : '0',
  });
  if (request.coupon) query.set('coupon', request.coupon);
  return `/store/checkout?${query}`;
}

/** A webhook request that is not a valid event of this processor: answered 400. */
export class WebhookRejected extends Error {
  override readonly name = 'WebhookRejected';
}

/** Hands signed events to the server's webhook (the test store posts its own; tests too). */
export type WebhookDelivery = (rawBody: string, headers: Record<string, string>) => Promise<void>;

export interface BillingProcessor {
  readonly name: ProcessorName;
  /** Test cards only, no money moves (the pricing page says so). */
  readonly testMode: boolean;
  /** The header that carries this processor's webhook signature ('stripe-signature'). */
  readonly signatureHeader: string;
  /** The plan's product code at the store (the checkout's `product` query value). */
  productCode(planId: PlanId): string;
  /** The checkout frame's address, relative to the server (`/store/checkout?…`). */
  checkoutUrl(request: CheckoutRequest): string;
  /** The processor's own pages (the checkout page and what it calls), outside /api. */
  mountPages(app: FastifyInstance, deliver: WebhookDelivery): Promise<void>;
  /** Verifies a webhook's signature and timestamp and reads its events; throws WebhookRejected. */
  readWebhook(rawBody: Buffer, headers: IncomingHttpHeaders, nowMs: number): readonly BillingEvent[];
  /** The processor's own preview of a plan change (the domain's rule for the test store). */
  previewChange(
    sub: BilledSubscription,
    to: PlanId,
    nowMs: number,
    discountCents: number,
  ): Promise<PlanChangePreview>;
  /**
   * Performs the change: an upgrade is charged and switched now, a downgrade is scheduled for
   * the period end. Answers the events to apply (the charge, the new subscription state).
   */
  changePlan(
    sub: BilledSubscription,
    to: PlanId,
    nowMs: number,
    discountCents: number,
  ): Promise<readonly BillingEvent[]>;
  /** Cancels at the period end. */
  cancelAtPeriodEnd(sub: BilledSubscription, nowMs: number): Promise<readonly BillingEvent[]>;
  /** Refunds a charge in full. */
  refund(
    sub: BilledSubscription,
    chargeExternalId: string,
    amountCents: number,
    nowMs: number,
  ): Promise<readonly BillingEvent[]>;
  /**
   * Renews a subscription whose period ended at `sub.periodEndMs` (the lifecycle job calls it for
   * every period end it finds due, dated at that end; `pendingPlanId` takes effect). `attempt` 0 is
   * the charge at the period end, 1, 2, … the daily retries of the grace period; each attempt's
   * event and charge ids are derived from (subscription, period end, attempt), so a second run of
   * the job reports the same ids and changes nothing. Absent when the processor renews by itself
   * and reports it by webhook (Stripe).
   */
  renew?(
    sub: BilledSubscription,
    pendingPlanId: PlanId | null,
    attempt: number,
    attemptMs: number,
  ): Promise<readonly BillingEvent[]>;
}
