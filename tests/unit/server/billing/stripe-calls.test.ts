import { describe, expect, test } from 'vitest';
import { DomainError } from '#domain/errors.ts';
import { planChangePreview } from '#domain/plans/plan-change.ts';
import type { BilledSubscription } from '#server/billing/processor.ts';
import { createStripeProcessor } from '#server/billing/stripe/stripe-processor.ts';
import {
  type CannedAnswer,
  CONFIG,
  DEC_1,
  fakeStripe,
  GUID,
  invoice,
  NOV_1,
  ok,
  PRICES,
  subscription,
} from '#tests/support/stripe.ts';

const SUB: BilledSubscription = {
  userGuid: GUID,
  email: 'ann@x.test',
  customerId: 'cus_1',
  subscriptionId: 'sub_1',
  planId: 101,
  periodStartMs: NOV_1 * 1000,
  periodEndMs: DEC_1 * 1000,
  paymentMethod: null,
};
/** 16 November 2026, halfway through the period. */
const NOW_MS = (NOV_1 + 15 * 86_400) * 1000;
const NOW_S = String(NOV_1 + 15 * 86_400);

function setUp(answers: Record<string, CannedAnswer>) {
  const { stripe, requests } = fakeStripe({ 'GET /v1/subscriptions/sub_1': ok(subscription()), ...answers });
  return { processor: createStripeProcessor(CONFIG, { stripe }), requests };
}

const declined: CannedAnswer = {
  status: 402,
  body: {
    error: {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
};

describe('Stripe processor identity', () => {
  const { processor } = setUp({});

  test('names, header, test mode and product codes', () => {
    expect(processor).toMatchObject({ name: 'stripe', signatureHeader: 'stripe-signature', testMode: true });
    expect(processor.renew).toBeUndefined();
    expect(processor.productCode(112)).toBe(PRICES[112]);
  });

  test('the checkout address carries the checkout frame’s query values', () => {
    const url = processor.checkoutUrl({
      productCode: PRICES[112],
      planId: 112,
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@x.test',
      userGuid: GUID,
      testMode: true,
      coupon: 'SPRING',
    });
    expect(url).toBe(
      `/store/checkout?product=${PRICES[112]}&first_name=Ann&last_name=Lee&email=ann%40x.test&guid=${GUID}&test=1&coupon=SPRING`,
    );
    const plain = processor.checkoutUrl({
      productCode: PRICES[1],
      planId: 1,
      firstName: 'Ann Marie',
      lastName: "O'Hara",
      email: 'a+b@x.test',
      userGuid: GUID,
      testMode: false,
      coupon: null,
    });
    expect(Object.fromEntries(new URL(plain, 'http://h').searchParams)).toEqual({
      product: PRICES[1],
      first_name: 'Ann Marie',
      last_name: "O'Hara",
      email: 'a+b@x.test',
      guid: GUID,
      test: '0',
    });
  });
});

describe('cancel at period end', () => {
  test('sets cancel_at_period_end and answers the subscription’s new state', async () => {
    const { processor, requests } = setUp({
      'POST /v1/subscriptions/sub_1': ok(subscription({ cancelAtPeriodEnd: true })),
    });
    const events = await processor.cancelAtPeriodEnd(SUB, NOW_MS);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/subscriptions/sub_1',
      'POST /v1/subscriptions/sub_1',
    ]);
    expect(requests[1]?.params.get('cancel_at_period_end')).toBe('true');
    expect(events).toEqual([
      {
        id: 'req_2',
        occurredMs: NOW_MS,
        subscription: expect.objectContaining({ cancelAtPeriodEnd: true, planId: 101, state: 'active' }),
      },
    ]);
  });

  test('a pending downgrade’s schedule is released first (Stripe refuses the change otherwise)', async () => {
    const { stripe, requests } = fakeStripe({
      'GET /v1/subscriptions/sub_1': ok(subscription({ schedule: 'sub_sched_1' })),
      'POST /v1/subscription_schedules/sub_sched_1/release': ok({
        id: 'sub_sched_1',
        object: 'subscription_schedule',
      }),
      'POST /v1/subscriptions/sub_1': ok(subscription({ cancelAtPeriodEnd: true })),
    });
    await createStripeProcessor(CONFIG, { stripe }).cancelAtPeriodEnd(SUB, NOW_MS);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/subscriptions/sub_1',
      'POST /v1/subscription_schedules/sub_sched_1/release',
      'POST /v1/subscriptions/sub_1',
    ]);
    expect(requests[2]?.params.get('metadata[pendingPlanId]')).toBe('');
  });
});

describe('upgrade', () => {
  const preview = invoice({
    id: 'upcoming_in',
    reason: 'subscription_update',
    lines: [
      { amount: -3_750, price: PRICES[101], proration: true },
      { amount: 70_800, price: PRICES[112], start: NOV_1 + 15 * 86_400, end: DEC_1 + 350 * 86_400 },
    ],
    total: 67_050,
  });

  test('the preview is Stripe’s: the new period’s price, less the unused time, charged now', async () => {
    const { processor, requests } = setUp({ 'POST /v1/invoices/create_preview': ok(preview) });
    expect(await processor.previewChange(SUB, 112, NOW_MS, 0)).toEqual({
      kind: 'upgrade',
      immediateChargeAmount: 67_050,
      newPlanPrice: 70_800,
      discountAmount: 0,
      deductAmount: 3_750,
      nextBillingDate: (DEC_1 + 350 * 86_400) * 1000,
    });
    const params = requests[1]?.params;
    expect(requests[1]?.path).toBe('/v1/invoices/create_preview');
    expect(Object.fromEntries(params ?? [])).toEqual({
      customer: 'cus_1',
      subscription: 'sub_1',
      'subscription_details[items][0][id]': 'si_1',
      'subscription_details[items][0][price]': PRICES[112],
      'subscription_details[billing_cycle_anchor][type]': 'now',
      'subscription_details[proration_behavior]': 'always_invoice',
      'subscription_details[proration_date]': NOW_S,
    });
  });

  test('switches the item’s price now, invoicing at once; a declined card fails the call', async () => {
    const { processor, requests } = setUp({
      'POST /v1/subscriptions/sub_1': ok(subscription({ price: PRICES[112] })),
    });
    const events = await processor.changePlan(SUB, 112, NOW_MS, 0);
    expect(Object.fromEntries(requests[1]?.params ?? [])).toEqual({
      'items[0][id]': 'si_1',
      'items[0][price]': PRICES[112],
      'billing_cycle_anchor[type]': 'now',
      proration_behavior: 'always_invoice',
      proration_date: NOW_S,
      payment_behavior: 'error_if_incomplete',
      'metadata[pendingPlanId]': '',
    });
    expect(events).toEqual([
      { id: 'req_2', occurredMs: NOW_MS, subscription: expect.objectContaining({ planId: 112 }) },
    ]);
  });

  test('a declined card is PAYMENT_DECLINED with the card issuer’s reason', async () => {
    const { processor } = setUp({ 'POST /v1/subscriptions/sub_1': declined });
    const error = await processor.changePlan(SUB, 112, NOW_MS, 0).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      code: 'PAYMENT_DECLINED',
      message: 'The payment was declined: Your card has insufficient funds.',
    });
  });

  test('the same plan is PLAN_UNCHANGED without a call', async () => {
    const { processor, requests } = setUp({});
    await expect(processor.changePlan(SUB, 101, NOW_MS, 0)).rejects.toMatchObject({ code: 'PLAN_UNCHANGED' });
    expect(requests).toEqual([]);
  });
});

describe('downgrade', () => {
  test('the preview is the domain’s, without a call', async () => {
    const { processor, requests } = setUp({});
    expect(await processor.previewChange(SUB, 1, NOW_MS, 0)).toEqual(
      planChangePreview({ ...SUB, from: 101, to: 1, nowMs: NOW_MS }),
    );
    expect(requests).toEqual([]);
  });

  test('is scheduled for the period end and reported as the pending plan', async () => {
    const { processor, requests } = setUp({
      'POST /v1/subscription_schedules': ok({
        id: 'sub_sched_1',
        object: 'subscription_schedule',
        current_phase: { start_date: NOV_1, end_date: DEC_1 },
        phases: [{ start_date: NOV_1, end_date: DEC_1 }],
      }),
      'POST /v1/subscription_schedules/sub_sched_1': ok({
        id: 'sub_sched_1',
        object: 'subscription_schedule',
      }),
      'POST /v1/subscriptions/sub_1': ok(subscription({ metadata: { userGuid: GUID, pendingPlanId: '1' } })),
    });
    const events = await processor.changePlan(SUB, 1, NOW_MS, 0);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/subscriptions/sub_1',
      'POST /v1/subscription_schedules',
      'POST /v1/subscription_schedules/sub_sched_1',
      'POST /v1/subscriptions/sub_1',
    ]);
    expect(requests[1]?.params.get('from_subscription')).toBe('sub_1');
    expect(Object.fromEntries(requests[2]?.params ?? [])).toEqual({
      end_behavior: 'release',
      'phases[0][items][0][price]': PRICES[101],
      'phases[0][items][0][quantity]': '1',
      'phases[0][start_date]': String(NOV_1),
      'phases[0][end_date]': String(DEC_1),
      'phases[1][items][0][price]': PRICES[1],
      'phases[1][items][0][quantity]': '1',
      'phases[1][duration][interval]': 'month',
      'phases[1][proration_behavior]': 'none',
      'phases[1][metadata][pendingPlanId]': '',
    });
    expect(requests[3]?.params.get('metadata[pendingPlanId]')).toBe('1');
    expect(events[0]?.subscription).toMatchObject({ planId: 101, pendingPlanId: 1 });
  });

  test('a second downgrade rewrites the schedule the first one made', async () => {
    const { stripe, requests } = fakeStripe({
      'GET /v1/subscriptions/sub_1': ok(subscription({ price: PRICES[112], schedule: 'sub_sched_1' })),
      'GET /v1/subscription_schedules/sub_sched_1': ok({
        id: 'sub_sched_1',
        object: 'subscription_schedule',
        current_phase: { start_date: NOV_1 - 86_400, end_date: DEC_1 },
        phases: [],
      }),
      'POST /v1/subscription_schedules/sub_sched_1': ok({
        id: 'sub_sched_1',
        object: 'subscription_schedule',
      }),
      'POST /v1/subscriptions/sub_1': ok(
        subscription({ price: PRICES[112], metadata: { userGuid: GUID, pendingPlanId: '12' } }),
      ),
    });
    const events = await createStripeProcessor(CONFIG, { stripe }).changePlan(
      { ...SUB, planId: 112 },
      12,
      NOW_MS,
      0,
    );
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/subscriptions/sub_1',
      'GET /v1/subscription_schedules/sub_sched_1',
      'POST /v1/subscription_schedules/sub_sched_1',
      'POST /v1/subscriptions/sub_1',
    ]);
    expect(requests[2]?.params.get('phases[0][start_date]')).toBe(String(NOV_1 - 86_400));
    expect(requests[2]?.params.get('phases[1][items][0][price]')).toBe(PRICES[12]);
    expect(requests[2]?.params.get('phases[1][duration][interval]')).toBe('year');
    expect(events[0]?.subscription).toMatchObject({ planId: 112, pendingPlanId: 12 });
  });
});

describe('refund', () => {
  const RENEWAL = invoice({
    reason: 'subscription_cycle',
    lines: [{ amount: 7_500, price: PRICES[101] }],
    total: 7_500,
  });

  test('refunds the invoice’s payment, naming the invoice so its webhook can be tied back', async () => {
    const { processor, requests } = setUp({
      'GET /v1/invoices/in_1': ok({
        ...RENEWAL,
        payments: {
          object: 'list',
          data: [
            {
              id: 'inpay_1',
              object: 'invoice_payment',
              status: 'paid',
              payment: { type: 'payment_intent', payment_intent: 'pi_1' },
            },
          ],
        },
      }),
      'POST /v1/refunds': ok({
        id: 're_1',
        object: 'refund',
        amount: 7_500,
        status: 'succeeded',
        metadata: { invoiceId: 'in_1' },
      }),
    });
    const events = await processor.refund(SUB, 'in_1', 7_500, NOW_MS);
    expect(requests[0]?.path).toBe('/v1/invoices/in_1?expand[0]=payments');
    expect(Object.fromEntries(requests[1]?.params ?? [])).toEqual({
      payment_intent: 'pi_1',
      'metadata[invoiceId]': 'in_1',
    });
    expect(events).toEqual([
      { id: 're_1', occurredMs: NOW_MS, refund: { chargeExternalId: 'in_1', amountCents: 7_500 } },
    ]);
  });

  test('an invoice without a paid payment cannot be refunded', async () => {
    const { processor, requests } = setUp({
      'GET /v1/invoices/in_1': ok({ ...RENEWAL, payments: { object: 'list', data: [] } }),
    });
    await expect(processor.refund(SUB, 'in_1', 7_500, NOW_MS)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(requests.map((r) => r.method)).toEqual(['GET']);
  });
});
