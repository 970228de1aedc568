/**
 * Stripe without the network: a client whose HTTP goes to a recording fake (canned answers by
 * method and path), signed webhook bodies, and the Stripe objects the adapter reads, reduced to
 * the fields it uses.
 */
import Stripe from 'stripe';
import type { PlanId } from '#domain/plans/plan-id.ts';
import type { StripeConfig } from '#server/billing/stripe/stripe-config.ts';

export const PRICES: Readonly<Record<PlanId, string>> = {
  1: 'price_beg_m',
  12: 'price_beg_y',
  101: 'price_adv_m',
  112: 'price_adv_y',
};

export const CONFIG: StripeConfig = {
  secretKey: 'sk_test_fixture',
  webhookSecret: 'whsec_fixture',
  publishableKey: 'pk_test_fixture',
  priceIds: PRICES,
  testMode: true,
};

export const GUID = '3f0c8a52-6a4e-4c1e-9a53-2d7f1f0b9c11';
/** 1 Nov 2026 and 1 Dec 2026, 00:00 UTC, in Stripe's unix seconds. */
export const NOV_1 = Date.UTC(2026, 10, 1) / 1000;
export const DEC_1 = Date.UTC(2026, 11, 1) / 1000;

export interface Recorded {
  readonly method: string;
  /** The path with its query string, e.g. `/v1/invoices/in_1?expand[0]=payments`. */
  readonly path: string;
  /** The form-encoded body, decoded. */
  readonly params: URLSearchParams;
}

export interface CannedAnswer {
  readonly status?: number;
  readonly body: unknown;
}

/** A 200 answer. */
export const ok = (body: unknown): CannedAnswer => ({ body });

/**
 * A Stripe client answering from `answers` (key `'POST /v1/subscriptions/sub_1'`, matched on the
 * path without its query) and recording every request; an unknown request fails the test.
 */
export function fakeStripe(answers: Readonly<Record<string, CannedAnswer>>) {
  const requests: Recorded[] = [];
  let counter = 0;
  const fakeFetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? init.body : '';
    requests.push({
      method,
      path: decodeURIComponent(url.pathname + url.search),
      params: new URLSearchParams(body),
    });
    const key = `${method} ${url.pathname}`;
    const canned = answers[key];
    if (!canned)
      return new Response(JSON.stringify({ error: { message: `no fake for ${key}` } }), { status: 500 });
    counter += 1;
    return new Response(JSON.stringify(canned.body), {
      status: canned.status ?? 200,
      headers: { 'content-type': 'application/json', 'request-id': `req_${counter}` },
    });
  };
  const stripe = new Stripe(CONFIG.secretKey, {
    httpClient: Stripe.createFetchHttpClient(fakeFetch),
    maxNetworkRetries: 0,
  });
  return { stripe, requests };
}

/** A webhook body and its `stripe-signature` header, signed `signedAtMs` with the fixture secret. */
export function signed(payload: string, signedAtMs: number, secret = CONFIG.webhookSecret) {
  const header = new Stripe('sk_test_signing').webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(signedAtMs / 1000),
  });
  return { body: Buffer.from(payload), headers: { 'stripe-signature': header } };
}

export function stripeEvent(type: string, object: object, overrides: { id?: string; created?: number } = {}) {
  return JSON.stringify({
    id: overrides.id ?? 'evt_1',
    object: 'event',
    api_version: '2026-10-28.endive',
    created: overrides.created ?? NOV_1 + 60,
    type,
    data: { object },
  });
}

export interface SubscriptionFixture {
  readonly id?: string;
  readonly price?: string;
  readonly status?: string;
  readonly start?: number;
  readonly end?: number;
  readonly cancelAtPeriodEnd?: boolean;
  readonly metadata?: Record<string, string>;
  readonly schedule?: string | null;
}

export function subscription(f: SubscriptionFixture = {}) {
  return {
    id: f.id ?? 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: f.status ?? 'active',
    cancel_at_period_end: f.cancelAtPeriodEnd ?? false,
    metadata: f.metadata ?? { userGuid: GUID },
    schedule: f.schedule ?? null,
    default_payment_method: null,
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          object: 'subscription_item',
          price: { id: f.price ?? PRICES[101], object: 'price' },
          current_period_start: f.start ?? NOV_1,
          current_period_end: f.end ?? DEC_1,
        },
      ],
    },
  };
}

export interface LineFixture {
  readonly amount: number;
  readonly price: string;
  readonly proration?: boolean;
  readonly start?: number;
  readonly end?: number;
}

export function invoice(f: {
  readonly id?: string;
  readonly reason: string;
  readonly lines: readonly LineFixture[];
  readonly discounts?: readonly number[];
  readonly total: number;
  readonly userGuid?: string;
}) {
  return {
    id: f.id ?? 'in_1',
    object: 'invoice',
    billing_reason: f.reason,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: 'sub_1', metadata: f.userGuid ? { userGuid: f.userGuid } : {} },
    },
    lines: {
      object: 'list',
      data: f.lines.map((line, i) => ({
        id: `il_${i}`,
        object: 'line_item',
        amount: line.amount,
        period: { start: line.start ?? NOV_1, end: line.end ?? DEC_1 },
        pricing: { type: 'price_details', price_details: { price: line.price, product: 'prod_1' } },
        parent: {
          type: 'subscription_item_details',
          subscription_item_details: { proration: line.proration ?? false, subscription_item: 'si_1' },
        },
      })),
    },
    subtotal: f.lines.reduce((sum, line) => sum + line.amount, 0),
    total_discount_amounts: (f.discounts ?? []).map((amount) => ({ amount, discount: 'di_1' })),
    total: f.total,
    last_finalization_error: null,
  };
}
