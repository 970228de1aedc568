import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import type { OptionChainRow } from '#api/market.ts';
import type { OrderAnswer, OrderLeg, Position, TradeCalculation } from '#api/trades.ts';
import { closingLegs, realizedPlCents } from '#domain/orders/position-pl.ts';
import { accountEffectCents } from '#domain/orders/strategy-price.ts';
import { type SignedInClient, setPlan, signedIn } from '../support/auth.ts';
import { fileServer } from '../support/test-server.ts';
import {
  bullCallSpread,
  coveredCall,
  createAccount,
  expirationAfter,
  expirations,
  ironCondor,
  json,
  lastPrice,
  optionChain,
  optionLeg,
  startTradeServer,
  strikeNear,
  submit,
} from '../support/trades.ts';

let alice: SignedInClient;
let bob: SignedInClient;
let accountId: number;
let spyChain: OptionChainRow[];
let spy: number;
let ko: number;
let koChain: OptionChainRow[];

const api = fileServer(startTradeServer);
beforeAll(async () => {
  alice = await signedIn(api.server, 'alice-trades@example.com');
  bob = await signedIn(api.server, 'bob-trades@example.com');
  accountId = (await createAccount(alice, 'Main')).account_id;
  spyChain = await optionChain(alice, 'SPY');
  spy = await lastPrice(alice, 'SPY');
  koChain = await optionChain(alice, 'KO');
  ko = await lastPrice(alice, 'KO');
});

const view = async (client: SignedInClient, name: string, account = accountId) =>
  json<Position[]>(await client.request(`/api/v1/trades/${name}?accountId=${account}`));
const order = async (client: SignedInClient, id: number) =>
  json<OrderAnswer>(await client.request(`/api/v1/trades/${id}`));
const reversed = (legs: readonly OrderLeg[], prices: readonly (number | null)[]): OrderLeg[] =>
  legs.map((leg, i) => ({
    contract: leg.contract,
    quantity: -leg.quantity,
    limitPrice: Math.max(0.01, Math.round((prices[i] ?? 0) * 100) / 100),
  }));
const errorOf = async (res: Response): Promise<Record<string, unknown> & { status: number }> => ({
  status: res.status,
  ...(await json<Record<string, unknown>>(res)),
});

describe('a position from open to archive', () => {
  test('open a covered call, see it in Open marked to the market, adjust, close, archive', async () => {
    const legs = coveredCall(koChain, 'KO', ko);
    const opened = await submit(alice, accountId, 'covered_call', { legs, size: 2, comment: 'income' });
    expect(opened.status).toBe(200);
    const made = await json<OrderAnswer>(opened);
    const effect = accountEffectCents(legs, 2);
    expect(made).toMatchObject({
      kind: 'open',
      accountId,
      strategy: 'covered_call',
      symbol: 'KO',
      order: { legs, size: 2, comment: 'income' },
      closeDate: null,
      proceeds: [{ orderId: made.orderId, amountCents: effect }],
    });
    expect(made.openingOrderId).toBe(made.orderId);
    expect(made.markPrices).toHaveLength(2);
    // A covered call is a debit: the shares cost more than the call brings in.
    expect(effect).toBeLessThan(0);

    const [position] = await view(alice, 'open');
    expect(position).toBeDefined();
    const p = position!;
    expect(p).toMatchObject({
      openingOrderId: made.orderId,
      lastOrderId: made.orderId,
      strategy: 'covered_call',
      size: 2,
      accountEffectCents: effect,
      closeDate: null,
      closedBy: null,
      archived: false,
      comments: { open: 'income', close: null },
    });
    expect(p.legs.map((l) => l.fillPrice)).toEqual(legs.map((l) => l.limitPrice));
    // P/L marked to the market: the opening cash plus closing at the marks it shows.
    const marks = p.legs.map((l) => l.markPrice!);
    expect(p.plCents).toBe(realizedPlCents(effect, closingLegs(legs, marks), 2));
    // Invested: the margin of a covered call is its net debit.
    expect(p.initialMarginCents).toBe(-effect);
    expect(p.roi).toBeCloseTo(p.plCents! / p.initialMarginCents!, 12);
    // Held minutes: too short to annualize.
    expect(p.roiAnnualized).toBeNull();
    expect(p.strategyPriceCents).toBe(effect / 2);
    expect(p.madeTrade.strategy).toBe('covered_call');
    expect(typeof p.data.delta).toBe('number');
    expect(p.data.strike).toEqual([legs[1]!.contract.kind === 'option' ? legs[1]!.contract.strike : 0]);
    await expect(view(alice, 'closed')).resolves.toEqual([]);

    // Adjust the opening order: new fills and comment; legs and size stay.
    const adjustedLegs = legs.map((l) => ({
      ...l,
      limitPrice: Math.round((l.limitPrice + 0.1) * 100) / 100,
    }));
    const adjust = await alice.request(
      `/api/v1/trades/${made.orderId}?accountId=${accountId}&strategy=covered_call`,
      {
        method: 'PATCH',
        body: JSON.stringify({ legs: adjustedLegs, size: 2, comment: 'income, rolled' }),
      },
    );
    expect(adjust.status).toBe(200);
    const adjusted = await json<OrderAnswer>(adjust);
    expect(adjusted.order.comment).toBe('income, rolled');
    expect(adjusted.proceeds).toEqual([
      { orderId: made.orderId, amountCents: accountEffectCents(adjustedLegs, 2) },
    ]);
    const changedLegs = await alice.request(`/api/v1/trades/${made.orderId}`, {
      method: 'PATCH',
      body: JSON.stringify({ legs: adjustedLegs.slice(0, 1), size: 2, comment: '' }),
    });
    await expect(errorOf(changedLegs)).resolves.toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    const changedSize = await alice.request(`/api/v1/trades/${made.orderId}`, {
      method: 'PATCH',
      body: JSON.stringify({ legs: adjustedLegs, size: 3, comment: '' }),
    });
    await expect(errorOf(changedSize)).resolves.toMatchObject({
      status: 400,
      details: { 'body.size': "The size of an existing order can't change." },
    });

    // Close: the legs reversed, at the mark prices the order answer gives.
    const loaded = await order(alice, made.orderId);
    const closingOrder = reversed(adjustedLegs, loaded.markPrices);
    const closeId = randomUUID();
    const close = await alice.request(
      `/api/v1/trades/${made.orderId}?accountId=${accountId}&strategy=covered_call`,
      {
        method: 'PUT',
        body: JSON.stringify({ legs: closingOrder, size: 2, comment: 'called away', clientOrderId: closeId }),
      },
    );
    expect(close.status).toBe(200);
    const closed = await json<OrderAnswer>(close);
    const closeEffect = accountEffectCents(closingOrder, 2);
    expect(closed).toMatchObject({
      kind: 'close',
      openingOrderId: made.orderId,
      closeDate: expect.any(String),
    });
    expect(closed.proceeds.map((x) => x.amountCents)).toEqual([
      accountEffectCents(adjustedLegs, 2),
      closeEffect,
    ]);

    await expect(view(alice, 'open')).resolves.toEqual([]);
    const [done] = await view(alice, 'closed');
    expect(done).toMatchObject({
      lastOrderId: closed.orderId,
      plCents: accountEffectCents(adjustedLegs, 2) + closeEffect,
      closedBy: 'order',
      comments: { open: 'income, rolled', close: 'called away' },
    });
    expect(done!.legs.map((l) => l.markPrice)).toEqual(closingOrder.map((l) => l.limitPrice));

    // Closing again is refused; replaying the same close answers the close it made.
    const twice = await alice.request(`/api/v1/trades/${made.orderId}`, {
      method: 'PUT',
      body: JSON.stringify({ legs: closingOrder, size: 2, comment: '' }),
    });
    await expect(errorOf(twice)).resolves.toMatchObject({
      status: 409,
      code: 'POSITION_CLOSED',
      message: 'This position is already closed.',
    });
    const replay = await alice.request(`/api/v1/trades/${made.orderId}`, {
      method: 'PUT',
      body: JSON.stringify({ legs: closingOrder, size: 2, comment: 'called away', clientOrderId: closeId }),
    });
    expect(replay.status).toBe(200);
    expect((await json<OrderAnswer>(replay)).orderId).toBe(closed.orderId);

    // Adjusting the closed position's closing order moves the realized P/L.
    const newClose = closingOrder.map((l) => ({
      ...l,
      limitPrice: Math.round((l.limitPrice + 0.05) * 100) / 100,
    }));
    const adjustClosed = await alice.request(`/api/v1/trades/${closed.orderId}`, {
      method: 'PATCH',
      body: JSON.stringify({ legs: newClose, size: 2, comment: 'called away at expiry' }),
    });
    expect(adjustClosed.status).toBe(200);
    const [reclosed] = await view(alice, 'closed');
    expect(reclosed!.plCents).toBe(accountEffectCents(adjustedLegs, 2) + accountEffectCents(newClose, 2));
    expect(reclosed!.comments.close).toBe('called away at expiry');

    // Archive takes it out of Closed into Archived; unarchive brings it back.
    expect((await alice.request(`/api/v1/trades/${closed.orderId}/archive`, { method: 'POST' })).status).toBe(
      204,
    );
    await expect(view(alice, 'closed')).resolves.toEqual([]);
    const [archived] = await view(alice, 'archived');
    expect(archived).toMatchObject({ positionId: done!.positionId, archived: true });
    expect((await alice.request(`/api/v1/trades/${made.orderId}/unarchive`, { method: 'POST' })).status).toBe(
      204,
    );
    await expect(view(alice, 'archived')).resolves.toEqual([]);
    expect((await view(alice, 'closed')).map((x) => x.positionId)).toEqual([done!.positionId]);
  });

  test('an open position can be archived; it stays open underneath', async () => {
    const account = (await createAccount(alice, 'Archive test')).account_id;
    const res = await submit(alice, account, 'bull_call_spread', {
      legs: bullCallSpread(spyChain, spy),
      size: 1,
    });
    const { orderId } = await json<OrderAnswer>(res);
    await alice.request(`/api/v1/trades/${orderId}/archive`, { method: 'POST' });
    await expect(view(alice, 'open', account)).resolves.toEqual([]);
    const [archived] = await view(alice, 'archived', account);
    expect(archived).toMatchObject({ closeDate: null, archived: true });
    expect(typeof archived!.plCents).toBe('number');
  });
});

describe('submits are idempotent by client order id', () => {
  test('a repeated or concurrent submit with one id makes one position', async () => {
    const account = (await createAccount(alice, 'Idempotent')).account_id;
    const legs = bullCallSpread(spyChain, spy);
    const clientOrderId = randomUUID();
    const first = await json<OrderAnswer>(
      await submit(alice, account, 'bull_call_spread', { legs, size: 1, clientOrderId }),
    );
    const again = await json<OrderAnswer>(
      await submit(alice, account, 'bull_call_spread', { legs, size: 1, clientOrderId }),
    );
    expect(again.orderId).toBe(first.orderId);
    const racing = randomUUID();
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        submit(alice, account, 'bull_call_spread', { legs, size: 1, clientOrderId: racing }),
      ),
    );
    const ids = await Promise.all(answers.map(async (r) => (await json<OrderAnswer>(r)).orderId));
    expect(new Set(ids).size).toBe(1);
    await expect(view(alice, 'open', account)).resolves.toHaveLength(2);
    // The id is the user's: another user's submit with the same id is a new order.
    const bobAccount = (await createAccount(bob, 'Bob main')).account_id;
    const bobs = await json<OrderAnswer>(
      await submit(bob, bobAccount, 'bull_call_spread', { legs, size: 1, clientOrderId }),
    );
    expect(bobs.orderId).not.toBe(first.orderId);
  });
});

describe('order checks', () => {
  const exp = () => expirationAfter(spyChain, 20);

  test('missing strategy, missing account, unknown account', async () => {
    const legs = bullCallSpread(spyChain, spy);
    const noStrategy = await alice.request(`/api/v1/trades?accountId=${accountId}`, {
      method: 'PUT',
      body: JSON.stringify({ legs, size: 1 }),
    });
    await expect(errorOf(noStrategy)).resolves.toMatchObject({ status: 400, code: 'NO_STRATEGY' });
    const noAccount = await alice.request('/api/v1/trades?strategy=bull_call_spread', {
      method: 'PUT',
      body: JSON.stringify({ legs, size: 1 }),
    });
    await expect(errorOf(noAccount)).resolves.toMatchObject({ status: 400, code: 'NO_TRADE_ACCOUNT' });
    await expect(
      errorOf(await submit(alice, 999_999, 'bull_call_spread', { legs, size: 1 })),
    ).resolves.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    const unknownStrategy = await alice.request(`/api/v1/trades?accountId=${accountId}&strategy=long_bond`, {
      method: 'PUT',
      body: JSON.stringify({ legs, size: 1 }),
    });
    await expect(errorOf(unknownStrategy)).resolves.toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });

  test('a leg without a price is BAD_LEG_PRICE (422)', async () => {
    const legs = bullCallSpread(spyChain, spy).map((l, i) => (i === 1 ? { ...l, limitPrice: 0 } : l));
    await expect(
      errorOf(await submit(alice, accountId, 'bull_call_spread', { legs, size: 1 })),
    ).resolves.toMatchObject({
      status: 422,
      code: 'BAD_LEG_PRICE',
      message: 'All legs must have a price.',
      details: { 'legs.1.limitPrice': 'No price.' },
    });
  });

  test('field rules answer 400 VALIDATION_FAILED naming every field with the editor message', async () => {
    const [a, b] = bullCallSpread(spyChain, spy);
    const legs = [
      { ...a!, limitPrice: 1.005 },
      { ...b!, quantity: -10 },
    ];
    const res = await submit(alice, accountId, 'bull_call_spread', { legs, size: 0 });
    await expect(errorOf(res)).resolves.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      details: {
        'legs.0.limitPrice': 'Limit price can have at most 2 decimals.',
        'legs.1.quantity': 'Option quantity must be a whole number from 1 to 9.',
        size: 'Size must be a whole number, at least 1.',
      },
    });
    const stock = coveredCall(koChain, 'KO', ko).map((l, i) => (i === 0 ? { ...l, quantity: 150 } : l));
    await expect(
      errorOf(await submit(alice, accountId, 'covered_call', { legs: stock, size: 1 })),
    ).resolves.toMatchObject({
      details: { 'legs.0.quantity': 'Stock quantity must be 100 to 900 shares, in steps of 100.' },
    });
  });

  test('legs that do not fit the strategy are LEGS_MISMATCH (422) with the broken rule', async () => {
    const [a, b] = bullCallSpread(spyChain, spy);
    // Sold the lower strike: a bear call spread, not a bull call spread.
    const swapped = [
      { ...a!, quantity: -1 },
      { ...b!, quantity: 1 },
    ];
    const res = await submit(alice, accountId, 'bull_call_spread', { legs: swapped, size: 1 });
    const body = await errorOf(res);
    expect(body).toMatchObject({
      status: 422,
      code: 'LEGS_MISMATCH',
      message: "The selected parameters don't fit the strategy definition.",
    });
    expect((body.details as { legs: string }).legs).toBe(
      'The Long CALL strike must be below the Short CALL strike.',
    );
  });

  test('a contract the market does not list is NOT_TRADED_CONTRACT (422)', async () => {
    const legs: OrderLeg[] = [
      {
        contract: { kind: 'option', underlying: 'SPY', right: 'CALL', expiration: exp(), strike: 12_345.5 },
        quantity: 1,
        limitPrice: 1,
      },
    ];
    await expect(
      errorOf(await submit(alice, accountId, 'long_call', { legs, size: 1 })),
    ).resolves.toMatchObject({
      status: 422,
      code: 'NOT_TRADED_CONTRACT',
      message: 'All contracts must be traded.',
    });
    const unknownStock: OrderLeg[] = [
      { contract: { kind: 'stock', symbol: 'NOPE' }, quantity: 100, limitPrice: 10 },
      legs[0]!,
    ];
    await expect(
      errorOf(await submit(alice, accountId, 'custom', { legs: unknownStock, size: 1 })),
    ).resolves.toMatchObject({
      code: 'NOT_TRADED_CONTRACT',
    });
  });

  test('custom strategies: the plan caps legs (PLAN_LIMIT_REACHED), the product caps the structure', async () => {
    const e = exp();
    const three = [
      optionLeg(spyChain, e, 'CALL', strikeNear(spyChain, e, spy, 0), 1),
      optionLeg(spyChain, e, 'CALL', strikeNear(spyChain, e, spy, 2), -1),
      optionLeg(spyChain, e, 'PUT', strikeNear(spyChain, e, spy, -2), -1),
    ];
    // The trial allows five custom legs.
    expect((await submit(alice, accountId, 'custom', { legs: three, size: 1 })).status).toBe(200);
    const beginner = await signedIn(api.server, 'beginner-trades@example.com');
    await setPlan(api.server, beginner.email, 1);
    const account = (await createAccount(beginner, 'B')).account_id;
    await expect(
      errorOf(await submit(beginner, account, 'custom', { legs: three, size: 1 })),
    ).resolves.toMatchObject({
      status: 422,
      code: 'PLAN_LIMIT_REACHED',
      message: 'Unable to proceed with the trade due to current subscription plan limitations.',
    });
    const [later] = expirations(spyChain).filter((d) => d > e);
    const mixed = [three[0]!, optionLeg(spyChain, later!, 'CALL', strikeNear(spyChain, later!, spy, 2), -1)];
    await expect(
      errorOf(await submit(alice, accountId, 'custom', { legs: mixed, size: 1 })),
    ).resolves.toMatchObject({
      status: 422,
      code: 'INVALID_STRATEGY_LEGS',
      details: { legs: 'All legs must share the same expiration date.' },
    });
  });

  test('a closing order must reverse the position legs and keep its size', async () => {
    const legs = bullCallSpread(spyChain, spy);
    const { orderId } = await json<OrderAnswer>(
      await submit(alice, accountId, 'bull_call_spread', { legs, size: 2 }),
    );
    const sameSide = await alice.request(`/api/v1/trades/${orderId}`, {
      method: 'PUT',
      body: JSON.stringify({ legs, size: 2 }),
    });
    await expect(errorOf(sameSide)).resolves.toMatchObject({
      status: 400,
      details: { 'body.legs': "A closing order holds the position's legs with the opposite sign." },
    });
    const wrongStrategy = await alice.request(`/api/v1/trades/${orderId}?strategy=iron_condor`, {
      method: 'PUT',
      body: JSON.stringify({ legs: reversed(legs, [1, 1]), size: 2 }),
    });
    await expect(errorOf(wrongStrategy)).resolves.toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    const unpriced = await alice.request(`/api/v1/trades/${orderId}`, {
      method: 'PUT',
      body: JSON.stringify({
        legs: reversed(legs, [1, 0]).map((l, i) => (i ? { ...l, limitPrice: 0 } : l)),
        size: 2,
      }),
    });
    await expect(errorOf(unpriced)).resolves.toMatchObject({ status: 422, code: 'BAD_LEG_PRICE' });
  });
});

describe('one user never reaches another user’s trades', () => {
  test('orders, views and calculations of another user are 404', async () => {
    const legs = bullCallSpread(spyChain, spy);
    const { orderId } = await json<OrderAnswer>(
      await submit(alice, accountId, 'bull_call_spread', { legs, size: 1 }),
    );
    const attempts: [string, RequestInit][] = [
      [`/api/v1/trades/${orderId}`, {}],
      [`/api/v1/trades/open?accountId=${accountId}`, {}],
      [
        `/api/v1/trades/${orderId}`,
        { method: 'PATCH', body: JSON.stringify({ legs, size: 1, comment: 'x' }) },
      ],
      [
        `/api/v1/trades/${orderId}`,
        { method: 'PUT', body: JSON.stringify({ legs: reversed(legs, [1, 1]), size: 1 }) },
      ],
      [`/api/v1/trades/${orderId}/archive`, { method: 'POST' }],
      [`/api/v1/trades/${orderId}/unarchive`, { method: 'POST' }],
      [
        '/api/v1/trades/trade',
        {
          method: 'POST',
          body: JSON.stringify({ strategy: 'bull_call_spread', legs, size: 1, asofOrderId: orderId }),
        },
      ],
    ];
    for (const [path, init] of attempts) {
      const res = await bob.request(path, init);
      expect([path, res.status]).toEqual([path, 404]);
      expect((await json<{ code: string }>(res)).code).toBe('NOT_FOUND');
    }
    const bobAccount = (await createAccount(bob, 'Bob iso')).account_id;
    await expect(
      errorOf(await submit(bob, accountId, 'bull_call_spread', { legs, size: 1 })),
    ).resolves.toMatchObject({
      status: 404,
    });
    await expect(view(bob, 'open', bobAccount)).resolves.toEqual([]);
    // Alice's order is untouched.
    expect((await order(alice, orderId)).order.comment).toBe('');
    for (const id of ['abc', '0', '12345678901234567890']) {
      expect((await alice.request(`/api/v1/trades/${id}`)).status).toBe(404);
    }
  });

  test('deleting an account deletes its trades', async () => {
    const account = (await createAccount(alice, 'Short lived')).account_id;
    const { orderId } = await json<OrderAnswer>(
      await submit(alice, account, 'bull_call_spread', { legs: bullCallSpread(spyChain, spy), size: 1 }),
    );
    await alice.request(`/api/v1/tradeaccount/${account}`, { method: 'DELETE' });
    expect((await alice.request(`/api/v1/trades/${orderId}`)).status).toBe(404);
    expect((await alice.request(`/api/v1/trades/open?accountId=${account}`)).status).toBe(404);
  });

  test('an ended subscription is refused (403)', async () => {
    const ended = await signedIn(api.server, 'ended-trades@example.com');
    await setPlan(api.server, ended.email, 1, 4);
    const res = await ended.request('/api/v1/trades/trade', {
      method: 'POST',
      body: JSON.stringify({
        strategy: 'long_call',
        legs: bullCallSpread(spyChain, spy).slice(0, 1),
        size: 1,
      }),
    });
    expect(res.status).toBe(403);
  });
});

describe('trade calculation (POST /trades/trade)', () => {
  const calc = (client: SignedInClient, body: unknown) =>
    client.request('/api/v1/trades/trade', { method: 'POST', body: JSON.stringify(body) });

  test('made, mark and marked-made trades of an iron condor', async () => {
    const legs = ironCondor(spyChain, spy);
    const res = await calc(alice, { strategy: 'iron_condor', legs, size: 3 });
    expect(res.status).toBe(200);
    const { madeTrade, markTrade, markMadeTrade } = await json<TradeCalculation>(res);
    // Filled at the limits: the credit is the legs' net price.
    const credit = -legs.reduce((s, l) => s + l.limitPrice * l.quantity, 0);
    expect(madeTrade.price_type).toBe('credit');
    expect(madeTrade.price).toBeCloseTo(credit, 9);
    expect(madeTrade.legs.map((l) => l.price)).toEqual(legs.map((l) => l.limitPrice));
    expect(madeTrade.size).toBe(3);
    expect(madeTrade.max_profit).toBeCloseTo(credit, 9);
    expect(madeTrade.breakevens).toHaveLength(2);
    expect(madeTrade.pl_profile.prices.length).toBeGreaterThan(80);
    expect(madeTrade.legs.every((l) => l.iv! > 0 && l.open_interest! >= 0 && l.delta !== null)).toBe(true);
    expect(madeTrade.stock_last).toBeGreaterThan(0);
    // At the mids now.
    expect(markTrade.legs.map((l) => l.price)).toEqual(markTrade.legs.map((l) => l.mid));
    expect(markTrade.price).toBeCloseTo(markTrade.mid!, 9);
    // The made trade marked now: P/L of three condors, the marks against the limits.
    const marks = markMadeTrade.legs.map((l) => l.mid);
    expect(markMadeTrade.plCents).toBe(
      realizedPlCents(accountEffectCents(legs, 3), closingLegs(legs, marks), 3),
    );
  });

  test('asofOrderId marks the stored order, at its own fills and size', async () => {
    const legs = bullCallSpread(spyChain, spy);
    const { orderId } = await json<OrderAnswer>(
      await submit(alice, accountId, 'bull_call_spread', { legs, size: 4 }),
    );
    const other = legs.map((l) => ({ ...l, limitPrice: l.limitPrice + 1 }));
    const res = await calc(alice, {
      strategy: 'bull_call_spread',
      legs: other,
      size: 1,
      asofOrderId: orderId,
    });
    const { madeTrade, markMadeTrade } = await json<TradeCalculation>(res);
    expect(madeTrade.legs.map((l) => l.price)).toEqual(other.map((l) => l.limitPrice));
    expect(markMadeTrade.size).toBe(4);
    expect(markMadeTrade.legs.map((l) => l.price)).toEqual(legs.map((l) => l.limitPrice));
  });

  test('errors: LEGS_MISMATCH, BAD_LEG_PRICE, NOT_TRADED_CONTRACT, bad input', async () => {
    const legs = ironCondor(spyChain, spy);
    const mismatch = await calc(alice, { strategy: 'iron_condor', legs: legs.slice(0, 2), size: 1 });
    await expect(errorOf(mismatch)).resolves.toMatchObject({
      status: 422,
      code: 'LEGS_MISMATCH',
      details: { legs: 'Iron Condor needs 4 option legs; got 2 option legs.' },
    });
    const unpriced = await calc(alice, {
      strategy: 'iron_condor',
      legs: legs.map((l) => ({ ...l, limitPrice: 0 })),
    });
    await expect(errorOf(unpriced)).resolves.toMatchObject({ status: 422, code: 'BAD_LEG_PRICE' });
    const unlisted = legs.map((l, i) =>
      i === 0 && l.contract.kind === 'option' ? { ...l, contract: { ...l.contract, strike: 0.5 } } : l,
    );
    await expect(
      errorOf(await calc(alice, { strategy: 'iron_condor', legs: unlisted })),
    ).resolves.toMatchObject({
      status: 422,
      code: 'NOT_TRADED_CONTRACT',
    });
    await expect(errorOf(await calc(alice, { strategy: 'iron_condor', legs: [] }))).resolves.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    const malformed = await alice.request('/api/v1/trades/trade', {
      method: 'POST',
      body: '{"strategy":',
      headers: { 'content-type': 'application/json' },
    });
    await expect(errorOf(malformed)).resolves.toMatchObject({ status: 400, code: 'MALFORMED_JSON' });
  });
});

describe('market data for the editor', () => {
  test('underlyings, chain, bars and contract values', async () => {
    const underlyings = await json<{ contract: { symbol: string }; name: string }[]>(
      await alice.request('/api/v1/underlyings'),
    );
    expect(underlyings.map((u) => u.contract.symbol).sort()).toEqual(['AAPL', 'KO', 'QQQ', 'SPY']);
    expect(spyChain.length).toBeGreaterThan(100);
    expect(spyChain.every((r) => r.mid === null || (r.mid >= r.bid && r.mid <= r.ask))).toBe(true);
    const bars = await json<{ time: number; close: number }[]>(
      await alice.request('/api/v1/underlyings/KO/bars'),
    );
    expect(bars.length).toBeGreaterThan(200);
    await expect(json(await alice.request('/api/v1/underlyings/NOPE/bars'))).resolves.toBeNull();
    await expect(optionChain(alice, 'NOPE')).rejects.toThrow('chain of NOPE: 404');
    const row = spyChain[0]!;
    const values = await json<Record<string, unknown>[]>(
      await alice.request('/api/v1/contract', {
        method: 'POST',
        body: JSON.stringify({ contractIds: ['KO', row.id, 'BAD ID'], fields: ['stock_last', 'mid'] }),
      }),
    );
    expect(values).toEqual([
      { contractId: 'KO', stock_last: expect.any(Number), mid: expect.any(Number) },
      { contractId: row.id, stock_last: expect.any(Number), mid: expect.any(Number) },
      { contractId: 'BAD ID', error: 'Unknown contract type.', stock_last: null, mid: null },
    ]);
  });
});
