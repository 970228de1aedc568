import { describe, expect, test } from 'vitest';
import { WebhookRejected } from '#server/billing/processor.ts';
import { createStripeProcessor } from '#server/billing/stripe/stripe-processor.ts';
import {
  CONFIG,
  DEC_1,
  fakeStripe,
  GUID,
  invoice,
  NOV_1,
  PRICES,
  signed,
  stripeEvent,
  subscription,
} from '#tests/support/stripe.ts';

const { stripe, requests } = fakeStripe({});
const processor = createStripeProcessor(CONFIG, { stripe });
const CREATED = NOV_1 + 60;
const NOW_MS = (CREATED + 5) * 1000;

/** Signs `payload` now and reads it as the webhook route would. */
const read = (payload: string, nowMs = NOW_MS) => {
  const { body, headers } = signed(payload, CREATED * 1000);
  return processor.readWebhook(body, headers, nowMs);
};

const rejection = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof WebhookRejected) return error.message;
    throw error;
  }
  throw new Error('not rejected');
};

describe('Stripe webhook signature', () => {
  const payload = stripeEvent('customer.subscription.updated', subscription());

  test('a body signed with the endpoint secret within 300 s is read', () => {
    expect(read(payload, NOW_MS + 290_000)).toHaveLength(1);
  });

  test('a signature older than 300 s is rejected', () => {
    expect(rejection(() => read(payload, (CREATED + 301) * 1000))).toBe('the signature is too old');
  });

  test('another secret, a tampered body or a missing header is rejected', () => {
    const wrongSecret = signed(payload, CREATED * 1000, 'whsec_other');
    expect(rejection(() => processor.readWebhook(wrongSecret.body, wrongSecret.headers, NOW_MS))).toBe(
      'the signature does not match the body',
    );
    const { headers } = signed(payload, CREATED * 1000);
    const tampered = Buffer.from(payload.replace(PRICES[101], PRICES[112]));
    expect(rejection(() => processor.readWebhook(tampered, headers, NOW_MS))).toBe(
      'the signature does not match the body',
    );
    expect(rejection(() => processor.readWebhook(Buffer.from(payload), {}, NOW_MS))).toBe(
      'no stripe-signature header',
    );
  });

  test('a signed body that is not JSON is rejected', () => {
    expect(rejection(() => read('{"id":'))).toBe('the body is not JSON');
  });

  test('reading a webhook calls no Stripe API', () => {
    read(payload);
    expect(requests).toEqual([]);
  });
});

describe('Stripe events as billing events', () => {
  test('checkout.session.completed names the user of the checkout', () => {
    const session = {
      id: 'cs_1',
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: GUID,
    };
    expect(read(stripeEvent('checkout.session.completed', { ...session, subscription: 'sub_1' }))).toEqual([
      { id: 'evt_1', occurredMs: CREATED * 1000, userGuid: GUID },
    ]);
    expect(
      rejection(() => read(stripeEvent('checkout.session.completed', { ...session, subscription: null }))),
    ).toBe('checkout cs_1 names no user or subscription');
    const payment = { ...session, mode: 'payment', subscription: null };
    expect(read(stripeEvent('checkout.session.completed', payment))).toEqual([]);
  });

  test('customer.subscription.created reports the plan of its price, its period and its user', () => {
    expect(read(stripeEvent('customer.subscription.created', subscription({ price: PRICES[112] })))).toEqual([
      {
        id: 'evt_1',
        occurredMs: CREATED * 1000,
        userGuid: GUID,
        subscription: {
          subscriptionId: 'sub_1',
          customerId: 'cus_1',
          planId: 112,
          periodStartMs: NOV_1 * 1000,
          periodEndMs: DEC_1 * 1000,
          cancelAtPeriodEnd: false,
          pendingPlanId: null,
          state: 'active',
        },
      },
    ]);
  });

  test.each([
    ['active', 'active'],
    ['trialing', 'active'],
    ['past_due', 'past_due'],
    ['unpaid', 'ended'],
    ['canceled', 'ended'],
    ['incomplete_expired', 'ended'],
  ])('customer.subscription.updated with status %s → %s', (status, state) => {
    const [event] = read(stripeEvent('customer.subscription.updated', subscription({ status })));
    expect(event?.subscription?.state).toBe(state);
  });

  test('an incomplete subscription (first payment still open) reports nothing', () => {
    expect(
      read(stripeEvent('customer.subscription.created', subscription({ status: 'incomplete' }))),
    ).toEqual([]);
  });

  test('cancel at period end and a scheduled downgrade are reported; a downgrade already applied is not pending', () => {
    const cancelling = subscription({
      cancelAtPeriodEnd: true,
      metadata: { userGuid: GUID, pendingPlanId: '1' },
    });
    const [event] = read(stripeEvent('customer.subscription.updated', cancelling));
    expect(event?.subscription).toMatchObject({ cancelAtPeriodEnd: true, pendingPlanId: 1, planId: 101 });
    const switched = subscription({ price: PRICES[1], metadata: { userGuid: GUID, pendingPlanId: '1' } });
    const [after] = read(stripeEvent('customer.subscription.updated', switched));
    expect(after?.subscription).toMatchObject({ planId: 1, pendingPlanId: null });
  });

  test('a cancellation date within the period is a cancel at period end', () => {
    const atEnd = { ...subscription(), cancel_at: DEC_1 };
    const [event] = read(stripeEvent('customer.subscription.updated', atEnd));
    expect(event?.subscription?.cancelAtPeriodEnd).toBe(true);
    const later = { ...subscription(), cancel_at: DEC_1 + 86_400 };
    const [other] = read(stripeEvent('customer.subscription.updated', later));
    expect(other?.subscription?.cancelAtPeriodEnd).toBe(false);
  });

  test('customer.subscription.deleted ends the subscription', () => {
    const [event] = read(stripeEvent('customer.subscription.deleted', subscription({ status: 'canceled' })));
    expect(event?.subscription?.state).toBe('ended');
  });

  test('a subscription to a price of no plan, or without customer, is rejected', () => {
    expect(
      rejection(() => read(stripeEvent('customer.subscription.updated', subscription({ price: 'price_x' })))),
    ).toBe('subscription sub_1 has a price of no plan');
    const noCustomer = { ...subscription(), customer: null };
    expect(rejection(() => read(stripeEvent('customer.subscription.updated', noCustomer)))).toBe(
      'subscription without id, customer or item',
    );
  });

  test('invoice.paid of the first period is a purchase', () => {
    const paid = invoice({
      reason: 'subscription_create',
      lines: [{ amount: 70_800, price: PRICES[112], start: NOV_1, end: NOV_1 + 365 * 86_400 }],
      total: 70_800,
      userGuid: GUID,
    });
    expect(read(stripeEvent('invoice.paid', paid))).toEqual([
      {
        id: 'evt_1',
        occurredMs: CREATED * 1000,
        userGuid: GUID,
        charge: {
          externalId: 'in_1',
          reason: 'purchase',
          planId: 112,
          periodStartMs: NOV_1 * 1000,
          periodEndMs: (NOV_1 + 365 * 86_400) * 1000,
          subtotalCents: 70_800,
          discountCents: 0,
          creditCents: 0,
          totalCents: 70_800,
          paid: true,
        },
      },
    ]);
  });

  test('invoice.paid of an upgrade: the new price, the discount and the unused time as credit', () => {
    const upgrade = invoice({
      reason: 'subscription_update',
      lines: [
        { amount: -3_750, price: PRICES[101], proration: true },
        { amount: 70_800, price: PRICES[112], start: NOV_1 + 15 * 86_400, end: DEC_1 + 365 * 86_400 },
      ],
      discounts: [7_080],
      total: 59_970,
    });
    const [event] = read(stripeEvent('invoice.paid', upgrade));
    expect(event?.userGuid).toBeUndefined();
    expect(event?.charge).toMatchObject({
      reason: 'upgrade',
      planId: 112,
      periodStartMs: (NOV_1 + 15 * 86_400) * 1000,
      subtotalCents: 70_800,
      discountCents: 7_080,
      creditCents: 3_750,
      totalCents: 59_970,
    });
  });

  test('invoice.payment_failed of a renewal is an unpaid renewal with a reason', () => {
    const failed = invoice({
      reason: 'subscription_cycle',
      lines: [{ amount: 7_500, price: PRICES[101] }],
      total: 7_500,
    });
    const [event] = read(stripeEvent('invoice.payment_failed', failed));
    expect(event?.charge).toMatchObject({ reason: 'renewal', paid: false, totalCents: 7_500 });
    expect(event?.charge?.failureMessage).toBeTruthy();
  });

  test('an invoice of no subscription, or billed by hand, is not billing’s', () => {
    const manual = invoice({ reason: 'manual', lines: [{ amount: 100, price: PRICES[1] }], total: 100 });
    expect(read(stripeEvent('invoice.paid', manual))).toEqual([]);
    const oneOff = { ...invoice({ reason: 'subscription_create', lines: [], total: 0 }), parent: null };
    expect(read(stripeEvent('invoice.paid', oneOff))).toEqual([]);
  });

  test('an invoice billing no plan’s price is rejected', () => {
    const odd = invoice({
      reason: 'subscription_cycle',
      lines: [{ amount: 100, price: 'price_x' }],
      total: 100,
    });
    expect(rejection(() => read(stripeEvent('invoice.paid', odd)))).toBe(
      "invoice in_1 bills no plan's price",
    );
  });

  test('charge.refunded and refund.created report the refund of the invoice the app refunded', () => {
    const refund = {
      id: 're_1',
      object: 'refund',
      amount: 7_500,
      status: 'succeeded',
      metadata: { invoiceId: 'in_1' },
    };
    const expected = [
      { id: 're_1', occurredMs: CREATED * 1000, refund: { chargeExternalId: 'in_1', amountCents: 7_500 } },
    ];
    const charge = {
      id: 'ch_1',
      object: 'charge',
      amount_refunded: 7_500,
      refunds: { object: 'list', data: [refund] },
    };
    expect(read(stripeEvent('charge.refunded', charge))).toEqual(expected);
    expect(read(stripeEvent('refund.created', refund))).toEqual(expected);
    // A refund made elsewhere names no invoice: acknowledged, not recorded.
    expect(read(stripeEvent('refund.created', { ...refund, metadata: {} }))).toEqual([]);
    expect(read(stripeEvent('charge.refunded', { ...charge, refunds: null }))).toEqual([]);
  });

  test('other event types are acknowledged and ignored', () => {
    expect(read(stripeEvent('customer.created', { id: 'cus_1', object: 'customer' }))).toEqual([]);
    expect(read(stripeEvent('invoice.upcoming', { id: 'in_2', object: 'invoice' }))).toEqual([]);
  });
});
