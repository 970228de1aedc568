/**
 * Billing calls (spec 1 §3, §4, §7, §9; docs/BILLING.md): the plans on offer, the checkout frame's
 * address, plan changes, cancelling, and the account's billing record. Money is integer US cents;
 * instants are ISO 8601 strings. The app imports only the types (zod stays out of its chunks).
 */
import { z } from 'zod';
import { PLANS } from '#domain/plans/plan-catalogue.ts';
import type { PlanId } from '#domain/plans/plan-id.ts';
import type { SubscriptionStatus } from '#domain/plans/subscription-status.ts';

const planIdSchema = z.union([z.literal(1), z.literal(12), z.literal(101), z.literal(112)], {
  error: 'The plan must be 1, 12, 101 or 112.',
});

/** `PATCH /account/plan`: with `dryRun` the preview only, without it the change itself. */
export const planChangeSchema = z.strictObject({ planId: planIdSchema, dryRun: z.boolean() });

/** Longest cancel reason text kept. */
export const CANCEL_REASON_MAX = 1000;

/** `DELETE /account/subscription`: reason 7 ('other') is sent as none (spec 1 §4). */
export const cancelSubscriptionSchema = z.strictObject({
  reasonId: z.number().int().min(1).max(6).nullable().optional(),
  reasonText: z.string().max(CANCEL_REASON_MAX).nullable().optional(),
});

/** `POST /billing/checkout`: the frame's address for buying `planId`. */
export const checkoutSchema = z.strictObject({
  planId: planIdSchema,
  coupon: z
    .string()
    .max(40)
    .regex(/^[A-Za-z0-9_-]*$/, 'A coupon code has letters, digits, - and _ only.')
    .optional(),
});

/** An operator's promotion on a plan (`npm run ops -- promo`). */
export interface PlanPromotion {
  /** The promoted price per month, cents (the list price is shown crossed out). */
  readonly newMonthlyPriceCents: number;
  /** What the first period costs with the promotion, cents. */
  readonly newBilledPriceCents: number;
  /** Sent to the store with the checkout; null when the price applies without a code. */
  readonly couponCode: string | null;
  /** The pricing page's banner text, or null. */
  readonly banner: string | null;
}

export interface PlanOffer {
  readonly planId: PlanId;
  /** 'Advanced Yearly'. */
  readonly name: string;
  readonly levelName: string;
  readonly cycleName: string;
  /** List price per month, cents. */
  readonly monthlyPriceCents: number;
  /** One billing period at list price, cents. */
  readonly billedPriceCents: number;
  /** The checkout's product code at the store. */
  readonly productCode: string;
  readonly promotion: PlanPromotion | null;
}

/** A plan as offered: the catalogue's names and prices, the store's product code, any promotion. */
export function planOffer(planId: PlanId, productCode: string, promotion: PlanPromotion | null): PlanOffer {
  const plan = PLANS[planId];
  return {
    planId,
    name: plan.name,
    levelName: plan.levelName,
    cycleName: plan.cycleName,
    monthlyPriceCents: plan.monthlyPriceCents,
    billedPriceCents: plan.billedPriceCents,
    productCode,
    promotion,
  };
}

/** `GET /billing/plans`. */
export interface PlansAnswer {
  readonly plans: readonly PlanOffer[];
  /** The embedded test store takes test cards only; no money moves. */
  readonly testMode: boolean;
  /** Where users write to change a plan billed outside the app. */
  readonly supportEmail: string;
}

/** `POST /billing/checkout`. */
export interface CheckoutAnswer {
  /** The store page to show in the checkout frame, with the query values of spec 1 §7. */
  readonly url: string;
}

/** `PATCH /account/plan` (spec 1 §3's plan change preview). */
export interface PlanChangeAnswer {
  readonly kind: 'upgrade' | 'downgrade';
  readonly planId: PlanId;
  readonly immediateChargeAmount: number;
  readonly newPlanPrice: number;
  readonly discountAmount: number;
  /** Prorated credit for the unused part of the current period. */
  readonly deductAmount: number;
  readonly nextBillingDate: string;
}

export interface InvoiceLine {
  readonly description: string;
  /** Negative for credits and discounts. */
  readonly amountCents: number;
}

export interface Invoice {
  readonly id: number;
  /** The receipt number, e.g. 'R-000042'. */
  readonly number: string;
  readonly issuedAt: string;
  readonly planId: PlanId;
  /** 'purchase', 'renewal' or 'upgrade'. */
  readonly reason: 'purchase' | 'renewal' | 'upgrade';
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly lines: readonly InvoiceLine[];
  readonly totalCents: number;
  /** 'paid', 'failed' (a renewal the card declined) or 'refunded'. */
  readonly status: 'paid' | 'failed' | 'refunded';
  readonly refundedCents: number;
}

/** `GET /account/billing`: the account page's plan, next billing date and invoices. */
export interface BillingAnswer {
  readonly status: SubscriptionStatus;
  readonly planId: PlanId | null;
  /** 'teststore' or 'stripe'; null when billed outside the app. */
  readonly processor: string | null;
  readonly periodStart: string | null;
  /** The next billing date, or when a cancelled subscription ends. */
  readonly periodEnd: string | null;
  readonly cancelAtPeriodEnd: boolean;
  /** A downgrade waiting for the next billing date. */
  readonly pendingPlanId: PlanId | null;
  /** A renewal failed: access lasts until `graceEndsAt` unless a payment succeeds. */
  readonly paymentProblem: { readonly since: string; readonly graceEndsAt: string } | null;
  readonly invoices: readonly Invoice[];
  readonly supportEmail: string;
}
