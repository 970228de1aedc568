/**
 * Billing over real HTTP on the embedded database, through the embedded test store: plans and
 * promotions, checkout, the webhook's signature rules, plan changes with their preview in cents,
 * cancelling, and the account's billing record. The lifecycle job's runs are in
 * billing-lifecycle.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PlanChangeAnswer, PlansAnswer } from '#api/billing.ts';
import { DAY_MS } from '#domain/plans/calendar.ts';
import { moveClock, ops, setPlan, signedIn } from '../support/auth.ts';
import {
  billingRecord,
  buy,
  CARDS,
  checkoutUrl,
  mailsTo,
  payAtStore,
  postWebhook,
  promoteSpring,
  startBillingServer,
  testStoreSignature,
} from '../support/billing.ts';
import type { TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startBillingServer({ staticDir: null });
});
afterAll(() => server?.stop());

const subscription = async (client: Awaited<ReturnType<typeof signedIn>>) =>
  (await (await client.request('/api/v1/account/subscription')).json()) as {
    status: number;
    planId: number | null;
    processor: string | null;
  };

const changePlan = (client: Awaited<ReturnType<typeof signedIn>>, planId: unknown, dryRun: boolean) =>
  client.request('/api/v1/account/plan', { method: 'PATCH', body: JSON.stringify({ planId, dryRun }) });

describe('plans and checkout', () => {
  test('the four plans at their prices, with product codes, in test mode', async () => {
    const client = await signedIn(server, 'plans@example.com');
    const answer = (await (await client.request('/api/v1/billing/plans')).json()) as PlansAnswer;
    expect(answer.testMode).toBe(true);
    expect(answer.plans.map((p) => [p.planId, p.monthlyPriceCents, p.billedPriceCents])).toEqual([
      [1, 4900, 4900],
      [12, 3900, 46800],
      [101, 7500, 7500],
      [112, 5900, 70800],
    ]);
    expect(new Set(answer.plans.map((p) => p.productCode)).size).toBe(4);
    expect(answer.plans.every((p) => p.promotion === null)).toBe(true);
  });

  test("the checkout frame's address carries spec 1 §7's query values", async () => {
    const client = await signedIn(server, 'frame@example.com');
    const url = await checkoutUrl(client, 112, 'SPRING');
    const guid = ((await (await client.request('/api/v1/account/subscription')).json()) as { guid: string })
      .guid;
    expect(url.pathname).toBe('/store/checkout');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      email: 'frame@example.com',
      guid,
      test: '1',
      coupon: 'SPRING',
      first_name: 'frame',
    });
    expect(url.searchParams.get('product')).toBeTruthy();
    expect(url.searchParams.has('last_name')).toBe(true);
  });

  test('an unknown plan or a bad coupon is refused with a code', async () => {
    const client = await signedIn(server, 'badplan@example.com');
    for (const body of [{ planId: 2 }, { planId: '1' }, { planId: 1, coupon: '<x>' }, {}]) {
      const res = await client.request('/api/v1/billing/checkout', {
        method: 'POST',
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
    }
  });

  test('a successful card makes the user premium through the webhook, with an invoice, a ledger and a receipt', async () => {
    const client = await signedIn(server, 'buyer@example.com');
    await buy(server, client, 1);
    expect(await subscription(client)).toMatchObject({ status: 2, planId: 1, processor: 'teststore' });
    const record = await billingRecord(client);
    expect(record.invoices).toHaveLength(1);
    expect(record.invoices[0]).toMatchObject({
      planId: 1,
      reason: 'purchase',
      totalCents: 4900,
      status: 'paid',
    });
    expect(record.invoices[0]?.number).toMatch(/^R-\d{6}$/);
    expect(record.cancelAtPeriodEnd).toBe(false);
    const days = (Date.parse(record.periodEnd ?? '') - Date.parse(record.periodStart ?? '')) / DAY_MS;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    const receipts = await mailsTo(server.config.dataDir, 'buyer@example.com', /receipt/i);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain('49.00');
    expect(receipts[0]?.html).toBeTruthy();
    // Buying again while it runs is refused: the plan is changed instead.
    const again = await client.request('/api/v1/billing/checkout', {
      method: 'POST',
      body: JSON.stringify({ planId: 1 }),
    });
    expect(again.status).toBe(409);
  });

  test('a declined card changes nothing', async () => {
    const client = await signedIn(server, 'declined@example.com');
    const paid = await payAtStore(server, await checkoutUrl(client, 101), CARDS.declined);
    expect(paid.status).toBe(402);
    expect(paid.body.message).toBe('Your card was declined.');
    expect(await subscription(client)).toMatchObject({ status: 0, planId: null });
    expect((await billingRecord(client)).invoices).toEqual([]);
  });

  test('a promotion shows on the plans and is charged with its coupon', async () => {
    await promoteSpring(server, 'Spring sale: Advanced Yearly at $49/month');
    try {
      const client = await signedIn(server, 'promo@example.com');
      const plans = (await (await client.request('/api/v1/billing/plans')).json()) as PlansAnswer;
      expect(plans.plans.find((p) => p.planId === 112)?.promotion).toEqual({
        newMonthlyPriceCents: 4900,
        newBilledPriceCents: 58800,
        couponCode: 'SPRING',
        banner: 'Spring sale: Advanced Yearly at $49/month',
      });
      await buy(server, client, 112, CARDS.ok, 'spring');
      const [invoice] = (await billingRecord(client)).invoices;
      expect(invoice).toMatchObject({ totalCents: 58800 });
      expect(invoice?.lines).toEqual([
        { description: 'Advanced Yearly, first period', amountCents: 70800 },
        { description: 'Promotion', amountCents: -12000 },
      ]);
    } finally {
      await ops(server, 'promo', '112', '--clear');
    }
  });
});

describe('the webhook', () => {
  const stateEvent = (guid: string, id: string, occurredMs: number, cancelAtPeriodEnd: boolean) =>
    JSON.stringify({
      id,
      occurredMs,
      userGuid: guid,
      subscription: {
        subscriptionId: `sub_${guid}`,
        customerId: `cus_${guid}`,
        planId: 101,
        periodStartMs: occurredMs,
        periodEndMs: occurredMs + 30 * DAY_MS,
        cancelAtPeriodEnd,
        pendingPlanId: null,
        state: 'active',
      },
    });
  const guidOf = async (email: string) => {
    const client = await signedIn(server, email);
    return {
      client,
      guid: ((await (await client.request('/api/v1/account/subscription')).json()) as { guid: string }).guid,
    };
  };

  test('a bad signature, an old or missing timestamp, a garbled body: 400, nothing applied', async () => {
    const { client, guid } = await guidOf('forged@example.com');
    const body = stateEvent(guid, 'evt_forged', Date.now(), false);
    const cases = [
      testStoreSignature(body, Date.now(), 'not the secret'),
      testStoreSignature(body, Date.now() - 10 * 60_000),
      testStoreSignature(`${body} `, Date.now()),
      'v1=abc',
      null,
    ];
    for (const signature of cases) {
      const res = await postWebhook(server, body, signature);
      expect(res.status, String(signature)).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('WEBHOOK_REJECTED');
    }
    const notJson = '{"id": ';
    expect((await postWebhook(server, notJson, testStoreSignature(notJson, Date.now()))).status).toBe(400);
    expect((await subscription(client)).status).toBe(0);
  });

  test('a replayed event has no second effect; events out of order leave the newest state', async () => {
    const { client, guid } = await guidOf('ordered@example.com');
    const t0 = Date.now() - 60_000;
    const older = stateEvent(guid, 'evt_older', t0, false);
    const newer = stateEvent(guid, 'evt_newer', t0 + 30_000, true);
    expect((await postWebhook(server, newer, testStoreSignature(newer, Date.now()))).status).toBe(200);
    expect((await postWebhook(server, older, testStoreSignature(older, Date.now()))).status).toBe(200);
    expect(await subscription(client)).toMatchObject({ status: 3, planId: 101 });
    // The newer event again (e.g. the store retrying): accepted, nothing changes.
    const replay = await postWebhook(server, newer, testStoreSignature(newer, Date.now()));
    expect(replay.status).toBe(200);
    expect((await billingRecord(client)).cancelAtPeriodEnd).toBe(true);
  });

  test('an event naming nobody is refused, so the processor retries it later', async () => {
    const body = stateEvent('00000000-0000-4000-8000-000000000000', 'evt_nobody', Date.now(), false);
    const res = await postWebhook(server, body, testStoreSignature(body, Date.now()));
    expect(res.status).toBe(400);
  });
});

describe('changing plan', () => {
  test('upgrade: the preview matches a hand computation in cents, PROCEED charges it and switches now', async () => {
    const s = await startBillingServer({ staticDir: null });
    try {
      const client = await signedIn(s, 'upgrade@example.com');
      await buy(s, client, 1);
      const { periodStart, periodEnd } = await billingRecord(client);
      const periodDays = Math.round((Date.parse(periodEnd ?? '') - Date.parse(periodStart ?? '')) / DAY_MS);
      await moveClock(s, 15);
      const res = await changePlan(client, 101, true);
      expect(res.status).toBe(200);
      const preview = (await res.json()) as PlanChangeAnswer;
      // Beginner Monthly paid $49.00 for the period; 15 days of it are used. The unused part,
      // (periodDays − 15) / periodDays of $49.00, is credited against Advanced Monthly's $75.00:
      //   30-day period: 15/30 × 4900 = 2450 → charge 7500 − 2450 = 5050
      //   31-day period: 16/31 × 4900 = 2529.03 → 2529 → charge 4971
      //   28-day period: 13/28 × 4900 = 2275 → charge 5225
      const byPeriod: Record<number, [number, number]> = {
        28: [2275, 5225],
        30: [2450, 5050],
        31: [2529, 4971],
      };
      const [credit, charge] = byPeriod[periodDays] ?? [Number.NaN, Number.NaN];
      expect(preview).toMatchObject({
        kind: 'upgrade',
        planId: 101,
        newPlanPrice: 7500,
        discountAmount: 0,
        deductAmount: credit,
        immediateChargeAmount: charge,
      });
      // Nothing happened yet.
      expect((await subscription(client)).planId).toBe(1);

      const proceed = await changePlan(client, 101, false);
      expect(proceed.status).toBe(200);
      expect(await subscription(client)).toMatchObject({ status: 2, planId: 101 });
      const record = await billingRecord(client);
      expect(record.invoices[0]).toMatchObject({ reason: 'upgrade', totalCents: charge, status: 'paid' });
      expect(record.invoices[0]?.lines.at(-1)).toEqual({
        description: 'Credit for the unused part of the previous plan',
        amountCents: -credit,
      });
      const changed = (await proceed.json()) as PlanChangeAnswer;
      expect(changed.immediateChargeAmount).toBe(charge);
      expect(record.periodEnd).toBe(changed.nextBillingDate);
    } finally {
      await s.stop();
    }
  });

  test('downgrade: nothing charged, PENDING_PLAN_CHANGE, the pending plan on the record', async () => {
    const client = await signedIn(server, 'downgrade@example.com');
    await buy(server, client, 112);
    const preview = (await (await changePlan(client, 12, true)).json()) as PlanChangeAnswer;
    const record = await billingRecord(client);
    expect(preview).toMatchObject({
      kind: 'downgrade',
      immediateChargeAmount: 0,
      deductAmount: 0,
      newPlanPrice: 46800,
    });
    expect(preview.nextBillingDate).toBe(record.periodEnd);
    const res = await changePlan(client, 12, false);
    expect(res.status).toBe(409);
    const body = (await res.json()) as { code: string; details: Record<string, string> };
    expect(body.code).toBe('PENDING_PLAN_CHANGE');
    expect(body.details.nextBillingDate).toBe(record.periodEnd);
    expect(await billingRecord(client)).toMatchObject({ planId: 112, pendingPlanId: 12 });
    expect((await billingRecord(client)).invoices).toHaveLength(1);
  });

  test('the same plan, an unknown plan, no subscription, a plan billed outside the app: coded errors', async () => {
    const premium = await signedIn(server, 'same@example.com');
    await buy(server, premium, 101);
    const same = await changePlan(premium, 101, true);
    expect([same.status, ((await same.json()) as { code: string }).code]).toEqual([409, 'PLAN_UNCHANGED']);
    for (const planId of [0, 2, 113, '12', null]) {
      const res = await changePlan(premium, planId, true);
      expect(res.status).toBe(400);
    }
    const trial = await signedIn(server, 'trialist@example.com');
    const none = await changePlan(trial, 101, true);
    expect([none.status, ((await none.json()) as { code: string }).code]).toEqual([409, 'NO_SUBSCRIPTION']);
    await setPlan(server, 'granted@example.com', 1);
    const granted = await signedIn(server, 'granted@example.com');
    for (const res of [
      await changePlan(granted, 101, true),
      await granted.request('/api/v1/account/subscription', { method: 'DELETE', body: '{}' }),
    ]) {
      const body = (await res.json()) as { code: string; message: string };
      expect([res.status, body.code]).toEqual([409, 'BILLED_OUTSIDE_APP']);
      expect(body.message).toMatch(/e-mail support@/);
    }
  });

  test('a card that declines later charges: the upgrade answers PAYMENT_DECLINED and nothing changes', async () => {
    const client = await signedIn(server, 'laterdeclined@example.com');
    await buy(server, client, 1, CARDS.laterDeclined);
    const res = await changePlan(client, 101, false);
    expect(res.status).toBe(402);
    expect(((await res.json()) as { code: string }).code).toBe('PAYMENT_DECLINED');
    expect((await subscription(client)).planId).toBe(1);
  });
});

describe('cancelling', () => {
  test('cancels at the period end with the reason; twice is harmless; access lasts to the period end', async () => {
    const s = await startBillingServer({ staticDir: null });
    try {
      const client = await signedIn(s, 'cancel@example.com');
      await buy(s, client, 101);
      const cancel = (body: object) =>
        client.request('/api/v1/account/subscription', { method: 'DELETE', body: JSON.stringify(body) });
      expect((await cancel({ reasonText: 'x'.repeat(1001) })).status).toBe(400);
      expect((await cancel({ reasonId: 9 })).status).toBe(400);
      const first = await cancel({ reasonId: 1, reasonText: '  Too expensive for me  ' });
      expect(first.status).toBe(200);
      expect(await first.json()).toMatchObject({ status: 3, cancelAtPeriodEnd: true });
      expect((await cancel({})).status).toBe(200);
      expect((await subscription(client)).status).toBe(3);
      expect((await client.request('/api/v1/tradeaccount')).status).toBe(200);
      await moveClock(s, 32);
      expect((await subscription(client)).status).toBe(4);
      expect((await client.request('/api/v1/tradeaccount')).status).toBe(403);
      // An ended user can buy again.
      await buy(s, client, 1);
      expect(await subscription(client)).toMatchObject({ status: 2, planId: 1 });
      expect((await billingRecord(client)).cancelAtPeriodEnd).toBe(false);
    } finally {
      await s.stop();
    }
  });
});

describe('buying and upgrading at the shown price', () => {
  test('buying while a cancelled subscription still runs credits its unused part, as an upgrade does', async () => {
    const s = await startBillingServer({ staticDir: null });
    try {
      const client = await signedIn(s, 'rebuy@example.com');
      await buy(s, client, 101);
      await client.request('/api/v1/account/subscription', { method: 'DELETE', body: '{}' });
      const { periodStart, periodEnd } = await billingRecord(client);
      const periodDays = Math.round((Date.parse(periodEnd ?? '') - Date.parse(periodStart ?? '')) / DAY_MS);
      await moveClock(s, 10);
      // Advanced Monthly $75.00 for P days, P − 10 unused: 7500 × 20/30 = 5000, × 21/31 = 5080.65 → 5081.
      const credit = ({ 30: 5000, 31: 5081 } as Record<number, number>)[periodDays] ?? Number.NaN;
      const frame = await checkoutUrl(client, 12);
      const page = await (await s.request(`${frame.pathname}${frame.search}`)).text();
      expect(page).toContain(`−$${(credit / 100).toFixed(2)}`);
      await buy(s, client, 12);
      const [invoice] = (await billingRecord(client)).invoices;
      expect(invoice).toMatchObject({ planId: 12, totalCents: 46800 - credit });
      expect(invoice?.lines.at(-1)).toEqual({
        description: 'Credit for the unused part of the previous plan',
        amountCents: -credit,
      });
      expect((await billingRecord(client)).cancelAtPeriodEnd).toBe(false);
    } finally {
      await s.stop();
    }
  });

  test('an upgrade is priced with the promotion the pricing page shows on the new plan', async () => {
    const s = await startBillingServer({ staticDir: null });
    try {
      await promoteSpring(s, 'Spring sale');
      const client = await signedIn(s, 'promo-upgrade@example.com');
      await buy(s, client, 1);
      const preview = (await (await changePlan(client, 112, true)).json()) as PlanChangeAnswer;
      // Advanced Yearly at $49 a month for the first year: 70800 − 58800 = 12000 off.
      expect(preview).toMatchObject({ newPlanPrice: 70800, discountAmount: 12000 });
      expect(preview.immediateChargeAmount).toBe(58800 - preview.deductAmount);
    } finally {
      await s.stop();
    }
  });
});
