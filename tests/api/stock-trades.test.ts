/**
 * Long and short stock in the trade log over real HTTP: the order editor's calculation, the
 * submit, the Open list's P/L and figures, the close, "show the math", the broker exports, and
 * the bad input each answers with its code.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { OrderAnswer, OrderLeg, Position, TradeCalculation } from '#api/trades.ts';
import { OPTION_MULTIPLIER } from '#domain/contracts/contract.ts';
import type { TradeExplanation } from '#domain/metrics/explain.ts';
import { MS_PER_DAY } from '#domain/metrics/position.ts';
import { toCents } from '#domain/orders/money.ts';
import { STOCK_HORIZON_DAYS } from '#domain/orders/stock-trade.ts';
import { type SignedInClient, signedIn } from '../support/auth.ts';
import { fileServer } from '../support/test-server.ts';
import {
  bullCallSpread,
  createAccount,
  json,
  lastPrice,
  optionChain,
  startTradeServer,
  submit,
} from '../support/trades.ts';

let alice: SignedInClient;
let accountId: number;
let ko: number;

const api = fileServer(startTradeServer);
beforeAll(async () => {
  alice = await signedIn(api.server, 'alice-stock@example.com');
  accountId = (await createAccount(alice, 'Main')).account_id;
  ko = await lastPrice(alice, 'KO');
});

const cents = (x: number) => Math.round(x * 100) / 100;
const shares = (quantity: number, limitPrice = cents(ko)): OrderLeg[] => [
  { contract: { kind: 'stock', symbol: 'KO' }, quantity, limitPrice },
];
const post = (path: string, body: unknown) =>
  alice.request(`/api/v1${path}`, { method: 'POST', body: JSON.stringify(body) });
const calculate = (strategy: string, legs: OrderLeg[], size = 1) =>
  post('/trades/trade', { strategy, legs, size });
const errorOf = async (res: Response) => ({
  status: res.status,
  ...(await json<{ code: string; message: string; details?: Record<string, string> }>(res)),
});
const openPositions = async () =>
  json<Position[]>(await alice.request(`/api/v1/trades/open?accountId=${accountId}`));

describe('the calculation (POST /trades/trade)', () => {
  test('long stock: max loss the entry × shares, unlimited profit, delta 1 a share, a month of probability', async () => {
    const entry = cents(ko - 0.5);
    const res = await calculate('long_stock', shares(300, entry), 2);
    expect(res.status).toBe(200);
    const { madeTrade, markTrade, markMadeTrade } = await json<TradeCalculation>(res);
    // Per share of the position: 300 shares weigh 3, so × 100 × size 2 is 600 shares' dollars.
    expect(madeTrade).toMatchObject({ strategy: 'long_stock', price_type: 'debit', size: 2 });
    expect(madeTrade.max_loss).toBeCloseTo(3 * entry, 9);
    expect(madeTrade.max_profit).toBeNull();
    expect(madeTrade.max_profit_unlimited).toBe(true);
    expect(madeTrade.breakevens?.[0]).toBeCloseTo(entry, 9);
    expect(madeTrade.margin).toBeCloseTo(3 * entry, 9);
    expect(madeTrade.delta).toBe(3);
    expect([madeTrade.gamma, madeTrade.theta, madeTrade.vega]).toEqual([0, 0, 0]);
    // P/L at expiration is linear in the price: a dollar up is 600 dollars on the order.
    const profile = madeTrade.pl_profile;
    const slope =
      (profile.atHorizon.at(-1)! - profile.atHorizon[0]!) / (profile.prices.at(-1)! - profile.prices[0]!);
    expect(slope).toBeCloseTo(3, 9);
    expect(profile.horizonMs - Date.now()).toBeGreaterThan((STOCK_HORIZON_DAYS - 1) * MS_PER_DAY);
    // Bought under the market: better than even odds over the month, never certain.
    expect(madeTrade.prob_profit).toBeGreaterThan(0.5);
    expect(madeTrade.prob_profit).toBeLessThan(0.7);
    expect((madeTrade.prob_profit ?? 0) + (madeTrade.prob_loss ?? 0)).toBeCloseTo(1, 9);
    expect(madeTrade.strike).toEqual([]);
    expect(madeTrade.expiration_date).toEqual([]);
    // The market's own trade fills at the middle of the stock's quote.
    expect(markTrade.legs[0]!.price).toBeCloseTo((markTrade.legs[0]!.bid + markTrade.legs[0]!.ask) / 2, 9);
    // Marked now: the P/L of 600 shares from the entry to the last price, in whole cents a share.
    // The market may tick between reading the leg and the underlying within one answer (each
    // read brings it up to the clock), so the two last prices may be a cent or two apart.
    const perShareCents = (markMadeTrade.plCents ?? Number.NaN) / 600;
    expect(Number.isInteger(perShareCents)).toBe(true);
    expect(
      Math.abs(perShareCents - (toCents(markMadeTrade.stock_last) - toCents(entry))),
    ).toBeLessThanOrEqual(2);
  });

  test('short stock: max profit the entry, unlimited loss, margin 150% of the shares, delta −1 a share', async () => {
    const entry = cents(ko);
    const res = await calculate('short_stock', shares(-100, entry));
    expect(res.status).toBe(200);
    const { madeTrade } = await json<TradeCalculation>(res);
    expect(madeTrade).toMatchObject({ strategy: 'short_stock', price_type: 'credit' });
    expect(madeTrade.max_profit).toBeCloseTo(entry, 9);
    expect(madeTrade.max_loss).toBeNull();
    expect(madeTrade.max_loss_unlimited).toBe(true);
    // The margin rule of every short share: 150% of the shares' value.
    expect(madeTrade.margin).toBeCloseTo(1.5 * madeTrade.stock_last, 9);
    expect(madeTrade.delta).toBe(-1);
    expect([madeTrade.gamma, madeTrade.theta, madeTrade.vega]).toEqual([0, 0, 0]);
    expect(madeTrade.prob_profit).toBeGreaterThan(0.3);
    expect(madeTrade.prob_profit).toBeLessThan(0.7);
  });

  test(`"show the math" measures shares alone ${STOCK_HORIZON_DAYS} days out, as the calculation does`, async () => {
    const legs = shares(100);
    const calc = await json<TradeCalculation>(await calculate('long_stock', legs));
    const res = await post('/trades/trade/explain', { strategy: 'long_stock', legs, fill: 'limit' });
    expect(res.status).toBe(200);
    const e = await json<TradeExplanation>(res);
    expect(e.horizonMs - e.asOfMs).toBe(STOCK_HORIZON_DAYS * MS_PER_DAY);
    const prob = e.sections.flatMap((s) => s.steps).find((s) => s.key === 'prob_profit')?.value;
    // The market moves on between the two calls: the probability by a hair.
    expect(prob).toBeCloseTo(calc.madeTrade.prob_profit ?? Number.NaN, 2);
  });
});

describe('the trade log (PUT /trades)', () => {
  test('long stock: submitted, listed with its P/L, invested the debit, closed at the mark', async () => {
    const entry = cents(ko);
    const legs = shares(200, entry);
    const opened = await submit(alice, accountId, 'long_stock', { legs, size: 3, comment: 'stock' });
    expect(opened.status).toBe(200);
    const made = await json<OrderAnswer>(opened);
    const debitCents = -toCents(entry) * 600;
    expect(made).toMatchObject({
      kind: 'open',
      strategy: 'long_stock',
      symbol: 'KO',
      order: { legs, size: 3, comment: 'stock' },
      closeDate: null,
      proceeds: [{ orderId: made.orderId, amountCents: debitCents }],
    });

    const position = (await openPositions()).find((p) => p.openingOrderId === made.orderId)!;
    expect(position).toMatchObject({
      strategy: 'long_stock',
      symbol: 'KO',
      size: 3,
      accountEffectCents: debitCents,
      strategyPriceCents: -toCents(entry) * 200,
      initialMarginCents: -debitCents,
    });
    const mark = position.legs[0]!.markPrice!;
    expect(mark).toBeGreaterThan(0);
    expect(position.plCents).toBe((toCents(mark) - toCents(entry)) * 600);
    expect(position.roi).toBeCloseTo(position.plCents! / position.initialMarginCents!, 12);
    // Unlimited profit: no % of max profit.
    expect(position.maxProfitGained).toBeNull();
    expect(position.data).toMatchObject({ strategy: 'long_stock', delta: 2, theta: 0 });
    expect(position.madeTrade.max_loss).toBeCloseTo(2 * entry, 9);

    // Adjusting the opening fill moves the figures fixed at the open with it.
    const refill = cents(entry - 0.5);
    const adjusted = await alice.request(`/api/v1/trades/${made.orderId}?accountId=${accountId}`, {
      method: 'PATCH',
      body: JSON.stringify({ legs: shares(200, refill), size: 3, comment: 'stock, refilled' }),
    });
    expect(adjusted.status).toBe(200);
    const moved = (await openPositions()).find((p) => p.openingOrderId === made.orderId)!;
    expect(moved.accountEffectCents).toBe(-toCents(refill) * 600);
    expect(moved.initialMarginCents).toBe(toCents(refill) * 600);
    expect(moved.madeTrade.max_loss).toBeCloseTo(2 * refill, 9);

    const exit = cents(refill + 1.25);
    const closed = await alice.request(`/api/v1/trades/${made.orderId}?accountId=${accountId}`, {
      method: 'PUT',
      body: JSON.stringify({ legs: shares(-200, exit), size: 3, comment: '' }),
    });
    expect(closed.status).toBe(200);
    const realized = await json<Position[]>(
      await alice.request(`/api/v1/trades/closed?accountId=${accountId}`),
    );
    const done = realized.find((p) => p.openingOrderId === made.orderId)!;
    // 600 shares, $1.25 a share.
    expect(done.plCents).toBe(75_000);
    expect(done.closedBy).toBe('order');
  });

  test('short stock: a credit, invested the margin, % of max profit over the entry', async () => {
    const entry = cents(ko);
    const opened = await submit(alice, accountId, 'short_stock', { legs: shares(-100, entry), size: 1 });
    expect(opened.status).toBe(200);
    const made = await json<OrderAnswer>(opened);
    expect(made.proceeds[0]!.amountCents).toBe(toCents(entry) * 100);
    const position = (await openPositions()).find((p) => p.openingOrderId === made.orderId)!;
    const mark = position.legs[0]!.markPrice!;
    expect(position.plCents).toBe((toCents(entry) - toCents(mark)) * 100);
    // 150% of the shares' value at the open: within a tick of the entry's.
    expect(position.initialMarginCents! / (1.5 * entry * OPTION_MULTIPLIER * 100)).toBeCloseTo(1, 1);
    expect(position.maxProfitGained).toBeCloseTo(position.plCents! / (toCents(entry) * 100), 12);
    expect(position.madeTrade.max_loss_unlimited).toBe(true);
  });

  test('the broker exports write shares as one order', async () => {
    const legs = shares(-100, 61.5);
    const tos = await post('/trades/trade/export/thinkorswim', { strategy: 'short_stock', legs, size: 2 });
    expect(tos.status).toBe(200);
    expect(await json(tos)).toEqual({ text: 'SELL -200 KO @61.50 LMT', multiple: false });
    const tradier = await post('/trades/trade/export/tradier', {
      strategy: 'long_stock',
      legs: shares(100, 61),
      size: 1,
    });
    expect(tradier.status).toBe(200);
    const { url } = await json<{ url: string }>(tradier);
    expect(decodeURIComponent(url)).toContain('class=equity&symbol=KO');
  });
});

describe('bad input answers a 4xx with its code', () => {
  test('shares not in lots of 100 (1 to 9 lots): 400 VALIDATION_FAILED naming the quantity', async () => {
    for (const quantity of [150, 1000, 1]) {
      const res = await submit(alice, accountId, 'long_stock', { legs: shares(quantity), size: 1 });
      await expect(errorOf(res)).resolves.toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
        details: { 'legs.0.quantity': 'Stock quantity must be 100 to 900 shares, in steps of 100.' },
      });
    }
    await expect(errorOf(await calculate('short_stock', shares(-150)))).resolves.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
  });

  test('a size that is not a whole number from 1, a price under a cent or with more decimals: 400', async () => {
    await expect(
      errorOf(await submit(alice, accountId, 'long_stock', { legs: shares(100), size: 0 })),
    ).resolves.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      details: { size: expect.any(String) },
    });
    await expect(
      errorOf(await submit(alice, accountId, 'long_stock', { legs: shares(100, 61.005), size: 1 })),
    ).resolves.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      details: { 'legs.0.limitPrice': 'Limit price can have at most 2 decimals.' },
    });
    await expect(
      errorOf(await submit(alice, accountId, 'long_stock', { legs: shares(100, 0), size: 1 })),
    ).resolves.toMatchObject({ status: 422, code: 'BAD_LEG_PRICE' });
  });

  test('legs that are not the strategy: 422 LEGS_MISMATCH with the rule', async () => {
    await expect(
      errorOf(await submit(alice, accountId, 'long_stock', { legs: shares(-100), size: 1 })),
    ).resolves.toMatchObject({
      status: 422,
      code: 'LEGS_MISMATCH',
      details: { legs: 'Long Stock holds the stock long.' },
    });
    await expect(errorOf(await calculate('short_stock', shares(100)))).resolves.toMatchObject({
      status: 422,
      code: 'LEGS_MISMATCH',
      details: { legs: 'Short Stock sells the stock short.' },
    });
    const spy = await lastPrice(alice, 'SPY');
    const options = bullCallSpread(await optionChain(alice, 'SPY'), spy);
    await expect(
      errorOf(await submit(alice, accountId, 'long_stock', { legs: options, size: 1 })),
    ).resolves.toMatchObject({ status: 422, code: 'LEGS_MISMATCH' });
  });

  test('a strategy the product does not know: 400 VALIDATION_FAILED; nothing was stored', async () => {
    const before = (await openPositions()).length;
    const res = await submit(alice, accountId, 'long_bond', { legs: shares(100), size: 1 });
    await expect(errorOf(res)).resolves.toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await openPositions()).toHaveLength(before);
  });
});
