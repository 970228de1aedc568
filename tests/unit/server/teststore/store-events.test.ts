/**
 * What the test store answers billing's calls with: plan changes (docs/PLANS.md's worked
 * examples), cancelling, refunds, renewals with their deterministic ids, and the 0341 card
 * whose later charges are declined. Also its product codes and checkout address.
 */
import { describe, expect, test } from 'vitest';
import type { BilledSubscription } from '#server/billing/processor.ts';
import { purchaseEvent } from '#server/billing/teststore/store-events.ts';
import { createTestStore } from '#server/billing/teststore/test-store.ts';

const store = createTestStore({
  secret: 'secret',
  clock: { now: () => 0 },
  priceOf: async () => ({ subtotalCents: 0, discountCents: 0, creditCents: 0 }),
});

const JAN_1 = Date.UTC(2025, 0, 1);
const FEB_1 = Date.UTC(2025, 1, 1);
const JAN_16 = Date.UTC(2025, 0, 16);

/** Beginner Monthly paid for 1 Jan – 1 Feb 2025. */
const SUB: BilledSubscription = {
  userGuid: 'u-1',
  email: 'ann@example.com',
  customerId: 'cus_ts_1',
  subscriptionId: 'sub_ts_1',
  planId: 1,
  periodStartMs: JAN_1,
  periodEndMs: FEB_1,
  paymentMethod: 'Visa •••• 4242',
};
const DECLINING: BilledSubscription = { ...SUB, paymentMethod: 'Visa •••• 0341' };

describe('product codes and the checkout address', () => {
  test.each([
    [1, 'OS-BEG-M'],
    [12, 'OS-BEG-Y'],
    [101, 'OS-ADV-M'],
    [112, 'OS-ADV-Y'],
  ] as const)('plan %i is %s', (planId, code) => {
    expect(store.productCode(planId)).toBe(code);
  });

  test('the address carries spec 1 §7 query values, URL-encoded, the coupon only when set', () => {
    const request = {
      productCode: 'OS-ADV-Y',
      planId: 112,
      firstName: 'Ann',
      lastName: 'Lee & Co',
      email: 'ann+x@x.test',
      userGuid: 'c0ffee00-0000-4000-8000-000000000001',
      testMode: true,
      coupon: 'SPRING',
    } as const;
    expect(store.checkoutUrl(request)).toBe(
      '/store/checkout?product=OS-ADV-Y&first_name=Ann&last_name=Lee+%26+Co&email=ann%2Bx%40x.test&guid=c0ffee00-0000-4000-8000-000000000001&test=1&coupon=SPRING',
    );
    expect(store.checkoutUrl({ ...request, coupon: null })).not.toContain('coupon');
  });

  test('a test store: test mode, its own signature header', () => {
    expect(store).toMatchObject({
      name: 'teststore',
      testMode: true,
      signatureHeader: 'teststore-signature',
    });
  });
});

describe('a purchase', () => {
  test('one event: a new subscription from now for one cycle and its paid charge', () => {
    const nowMs = Date.UTC(2025, 0, 31, 10);
    const event = purchaseEvent({
      userGuid: 'u-1',
      planId: 101,
      price: { subtotalCents: 7500, discountCents: 1500, creditCents: 0 },
      paymentMethod: 'Visa •••• 4242',
      nowMs,
    });
    const end = Date.UTC(2025, 1, 28, 10); // 31 Jan + 1 month = 28 Feb
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-f]{24}$/),
      occurredMs: nowMs,
      userGuid: 'u-1',
      subscription: {
        subscriptionId: expect.stringMatching(/^sub_ts_[0-9a-f]{24}$/),
        customerId: expect.stringMatching(/^cus_ts_[0-9a-f]{24}$/),
        planId: 101,
        periodStartMs: nowMs,
        periodEndMs: end,
        cancelAtPeriodEnd: false,
        pendingPlanId: null,
        state: 'active',
        paymentMethod: 'Visa •••• 4242',
      },
      charge: {
        externalId: expect.stringMatching(/^in_ts_[0-9a-f]{24}$/),
        reason: 'purchase',
        planId: 101,
        periodStartMs: nowMs,
        periodEndMs: end,
        subtotalCents: 7500,
        discountCents: 1500,
        creditCents: 0,
        totalCents: 6000,
        paid: true,
      },
    });
  });

  test('a credit for a cancelled period still running comes off the charge, never below zero', () => {
    const nowMs = Date.UTC(2025, 0, 31, 10);
    const buy = (creditCents: number) =>
      purchaseEvent({
        userGuid: 'u-1',
        planId: 1,
        price: { subtotalCents: 4900, discountCents: 0, creditCents },
        paymentMethod: 'Visa •••• 4242',
        nowMs,
      }).charge;
    expect(buy(1234)).toMatchObject({ subtotalCents: 4900, creditCents: 1234, totalCents: 3666 });
    expect(buy(4900)).toMatchObject({ creditCents: 4900, totalCents: 0 });
  });
});

describe('plan changes', () => {
  test("upgrade, docs/PLANS.md's example: Beginner → Advanced Monthly on 16 Jan, 16 of 31 days unused", async () => {
    const preview = await store.previewChange(SUB, 101, JAN_16, 0);
    // credit 4900 × 16/31 = 2529.03 → 2529; charge 7500 − 2529 = 4971; next billing 16 Feb.
    expect([preview.kind, preview.deductAmount, preview.immediateChargeAmount]).toEqual([
      'upgrade',
      2529,
      4971,
    ]);
    expect(preview.nextBillingDate).toBe(Date.UTC(2025, 1, 16));
    const [event, ...more] = await store.changePlan(SUB, 101, JAN_16, 0);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      occurredMs: JAN_16,
      charge: {
        reason: 'upgrade',
        planId: 101,
        periodStartMs: JAN_16,
        periodEndMs: Date.UTC(2025, 1, 16),
        subtotalCents: 7500,
        discountCents: 0,
        creditCents: 2529,
        totalCents: 4971,
        paid: true,
      },
      subscription: {
        subscriptionId: 'sub_ts_1',
        customerId: 'cus_ts_1',
        planId: 101,
        periodStartMs: JAN_16,
        periodEndMs: Date.UTC(2025, 1, 16),
        cancelAtPeriodEnd: false,
        pendingPlanId: null,
        state: 'active',
        paymentMethod: 'Visa •••• 4242',
      },
    });
    expect(event?.charge?.externalId).toMatch(/^in_ts_/);
    expect(event?.userGuid).toBeUndefined();
  });

  test('upgrade with a promotion: the discount comes off the charge too', async () => {
    const [event] = await store.changePlan(SUB, 101, JAN_16, 1000);
    expect(event?.charge).toMatchObject({
      subtotalCents: 7500,
      discountCents: 1000,
      creditCents: 2529,
      totalCents: 3971,
    });
  });

  test('the second example: Beginner → Advanced Yearly on 2 Jul 2025, 183 of 365 days unused', async () => {
    const yearly: BilledSubscription = {
      ...SUB,
      planId: 12,
      periodStartMs: JAN_1,
      periodEndMs: Date.UTC(2026, 0, 1),
    };
    const [event] = await store.changePlan(yearly, 112, Date.UTC(2025, 6, 2), 0);
    expect(event?.charge).toMatchObject({
      subtotalCents: 70800,
      creditCents: 23464,
      totalCents: 47336,
      paid: true,
    });
    expect(event?.subscription?.periodEndMs).toBe(Date.UTC(2026, 6, 2));
  });

  test('an upgrade on the 0341 card is declined: the charge unpaid, the subscription untouched', async () => {
    const [event] = await store.changePlan(DECLINING, 101, JAN_16, 0);
    expect(event?.charge).toMatchObject({
      reason: 'upgrade',
      totalCents: 4971,
      paid: false,
      failureMessage: 'Your card was declined.',
    });
    expect(event?.subscription).toBeUndefined();
  });

  test('an upgrade that charges nothing goes through on the 0341 card (nothing is taken from it)', async () => {
    const [event] = await store.changePlan(DECLINING, 101, JAN_16, 7500);
    expect(event?.charge).toMatchObject({ totalCents: 0, paid: true });
    expect(event?.subscription?.planId).toBe(101);
  });

  test('a downgrade charges nothing and schedules the plan for the period end', async () => {
    const advancedYearly: BilledSubscription = { ...SUB, planId: 112, periodEndMs: Date.UTC(2026, 0, 1) };
    const preview = await store.previewChange(advancedYearly, 101, JAN_16, 0);
    expect(preview).toMatchObject({
      kind: 'downgrade',
      immediateChargeAmount: 0,
      nextBillingDate: Date.UTC(2026, 0, 1),
    });
    const events = await store.changePlan(advancedYearly, 101, JAN_16, 0);
    expect(events).toEqual([
      {
        id: expect.stringMatching(/^evt_/),
        occurredMs: JAN_16,
        subscription: {
          subscriptionId: 'sub_ts_1',
          customerId: 'cus_ts_1',
          planId: 112,
          periodStartMs: JAN_1,
          periodEndMs: Date.UTC(2026, 0, 1),
          cancelAtPeriodEnd: false,
          pendingPlanId: 101,
          state: 'active',
          paymentMethod: 'Visa •••• 4242',
        },
      },
    ]);
  });
});

describe('cancelling and refunds', () => {
  test('cancelling keeps the period and stops the renewal', async () => {
    const [event] = await store.cancelAtPeriodEnd(SUB, JAN_16);
    expect(event).toMatchObject({
      occurredMs: JAN_16,
      subscription: {
        planId: 1,
        periodEndMs: FEB_1,
        cancelAtPeriodEnd: true,
        pendingPlanId: null,
        state: 'active',
      },
    });
    expect(event?.charge).toBeUndefined();
  });

  test('a refund names the charge and the amount', async () => {
    const events = await store.refund(SUB, 'in_ts_9', 70800, JAN_16);
    expect(events).toEqual([
      {
        id: expect.stringMatching(/^evt_/),
        occurredMs: JAN_16,
        refund: { chargeExternalId: 'in_ts_9', amountCents: 70800 },
      },
    ]);
  });
});

describe('renewals', () => {
  const renew = (
    sub: BilledSubscription,
    pending: 1 | 12 | 101 | 112 | null,
    attempt: number,
    atMs: number,
  ) => store.renew!(sub, pending, attempt, atMs);
  const FEB_1_LATE = FEB_1 + 3_600_000;

  test('the next period from the old end, at list price, with ids built from the subscription, period end and attempt', async () => {
    const [event] = await renew(SUB, null, 0, FEB_1_LATE);
    expect(event).toEqual({
      id: `evt_ts_renew_sub_ts_1_${FEB_1}_0`,
      occurredMs: FEB_1_LATE,
      subscription: {
        subscriptionId: 'sub_ts_1',
        customerId: 'cus_ts_1',
        planId: 1,
        periodStartMs: FEB_1,
        periodEndMs: Date.UTC(2025, 2, 1),
        cancelAtPeriodEnd: false,
        pendingPlanId: null,
        state: 'active',
        paymentMethod: 'Visa •••• 4242',
      },
      charge: {
        externalId: `in_ts_sub_ts_1_${FEB_1}_0`,
        reason: 'renewal',
        planId: 1,
        periodStartMs: FEB_1,
        periodEndMs: Date.UTC(2025, 2, 1),
        subtotalCents: 4900,
        discountCents: 0,
        creditCents: 0,
        totalCents: 4900,
        paid: true,
      },
    });
  });

  test('the same attempt twice answers the same ids; the next attempt new ones', async () => {
    const [a] = await renew(SUB, null, 0, FEB_1_LATE);
    const [b] = await renew(SUB, null, 0, FEB_1_LATE + 60_000);
    const [c] = await renew(SUB, null, 1, FEB_1_LATE + 86_400_000);
    expect(b?.id).toBe(a?.id);
    expect(b?.charge?.externalId).toBe(a?.charge?.externalId);
    expect(c?.id).toBe(`evt_ts_renew_sub_ts_1_${FEB_1}_1`);
    expect(c?.charge?.externalId).toBe(`in_ts_sub_ts_1_${FEB_1}_1`);
  });

  test('a pending downgrade takes effect: the new plan, its price and its cycle', async () => {
    const advancedYearly: BilledSubscription = { ...SUB, planId: 112, periodEndMs: Date.UTC(2026, 0, 1) };
    const [event] = await renew(advancedYearly, 101, 0, Date.UTC(2026, 0, 1));
    expect(event?.charge).toMatchObject({ planId: 101, subtotalCents: 7500, totalCents: 7500, paid: true });
    expect(event?.subscription).toMatchObject({
      planId: 101,
      periodStartMs: Date.UTC(2026, 0, 1),
      periodEndMs: Date.UTC(2026, 1, 1),
      pendingPlanId: null,
      state: 'active',
    });
  });

  test('on the 0341 card a renewal is declined: past due, on the same period and plan, the downgrade still pending', async () => {
    const [event] = await renew({ ...DECLINING, planId: 112 }, 101, 3, FEB_1_LATE);
    expect(event?.charge).toMatchObject({
      externalId: `in_ts_sub_ts_1_${FEB_1}_3`,
      planId: 101,
      paid: false,
      failureMessage: 'Your card was declined.',
    });
    expect(event?.subscription).toMatchObject({
      planId: 112,
      periodStartMs: JAN_1,
      periodEndMs: FEB_1,
      pendingPlanId: 101,
      state: 'past_due',
    });
  });
});
