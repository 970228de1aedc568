/**
 * Broker exports against hand-written expected answers. The market is pinned to Wednesday
 * 2026-03-04 10:30 New York, so its series are known: SPY and AAPL monthlies on Friday
 * 2026-03-20 (the third Friday), an AAPL weekly on 2026-03-13, and the strikes used below.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OrderLeg } from '#api/trades.ts';
import { type SignedInClient, signedIn } from '../support/auth.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { json, lastPrice, optionChain, strikeNear, TEST_MARKET } from '../support/trades.ts';

let server: TestServer;
let alice: SignedInClient;
beforeAll(async () => {
  server = await startTestServer({
    staticDir: null,
    market: { ...TEST_MARKET, asOfMs: Date.parse('2026-03-04T15:30:00Z') },
  });
  alice = await signedIn(server, 'alice-exports@example.com');
});
afterAll(async () => {
  await server?.stop();
});

const option = (
  underlying: string,
  expiration: string,
  right: 'CALL' | 'PUT',
  strike: number,
  quantity: number,
  limitPrice: number,
): OrderLeg => ({
  contract: { kind: 'option', underlying, right, expiration, strike },
  quantity,
  limitPrice,
});
const stock = (symbol: string, quantity: number, limitPrice: number): OrderLeg => ({
  contract: { kind: 'stock', symbol },
  quantity,
  limitPrice,
});

const exportTo = (format: string, body: Record<string, unknown>) =>
  alice.request(`/api/v1/trades/trade/export/${format}`, {
    method: 'POST',
    body: JSON.stringify({ comment: '', ...body }),
  });
const answer = async (format: string, body: Record<string, unknown>) => {
  const res = await exportTo(format, body);
  expect(res.status).toBe(200);
  return json<Record<string, unknown>>(res);
};

const IRON_CONDOR = [
  option('SPY', '2026-03-20', 'CALL', 790, -1, 2.5),
  option('SPY', '2026-03-20', 'CALL', 800, 1, 1.2),
  option('SPY', '2026-03-20', 'PUT', 750, -1, 3.1),
  option('SPY', '2026-03-20', 'PUT', 740, 1, 2),
];

describe('Thinkorswim order-entry text', () => {
  test('iron condor: one SELL ticket at the net credit', async () => {
    await expect(
      answer('thinkorswim', { strategy: 'iron_condor', legs: IRON_CONDOR, size: 1 }),
    ).resolves.toEqual({
      text: 'SELL -1 IRON CONDOR SPY 100 20 MAR 26 790/800/750/740 CALL/PUT @2.40 LMT',
      multiple: false,
    });
  });

  test('closing the iron condor: BUY at the net debit', async () => {
    const closing = [
      option('SPY', '2026-03-20', 'CALL', 790, 1, 1),
      option('SPY', '2026-03-20', 'CALL', 800, -1, 0.4),
      option('SPY', '2026-03-20', 'PUT', 750, 1, 0.8),
      option('SPY', '2026-03-20', 'PUT', 740, -1, 0.3),
    ];
    await expect(
      answer('thinkorswim', { strategy: 'iron_condor', legs: closing, size: 3, closing: true }),
    ).resolves.toEqual({
      text: 'BUY +3 IRON CONDOR SPY 100 20 MAR 26 790/800/750/740 CALL/PUT @1.10 LMT',
      multiple: false,
    });
  });

  test('weekly bull call spread, size 2', async () => {
    const legs = [
      option('AAPL', '2026-03-13', 'CALL', 310, 1, 6),
      option('AAPL', '2026-03-13', 'CALL', 320, -1, 2.35),
    ];
    await expect(answer('thinkorswim', { strategy: 'bull_call_spread', legs, size: 2 })).resolves.toEqual({
      text: 'BUY +2 VERTICAL AAPL 100 (Weeklys) 13 MAR 26 310/320 CALL @3.65 LMT',
      multiple: false,
    });
  });

  test('covered call', async () => {
    const legs = [stock('AAPL', 100, 313), option('AAPL', '2026-03-20', 'CALL', 320, -1, 4.5)];
    await expect(answer('thinkorswim', { strategy: 'covered_call', legs, size: 1 })).resolves.toEqual({
      text: 'BUY +1 COVERED AAPL 100 20 MAR 26 320 CALL/AAPL @308.50 LMT',
      multiple: false,
    });
  });

  test('a collar has no one-ticket form: one order per line, multiple', async () => {
    const legs = [
      stock('AAPL', 100, 313),
      option('AAPL', '2026-03-20', 'PUT', 300, 1, 2.9),
      option('AAPL', '2026-03-20', 'CALL', 330, -1, 0.8),
    ];
    await expect(answer('thinkorswim', { strategy: 'collar', legs, size: 2 })).resolves.toEqual({
      text: [
        'BUY +200 AAPL @313.00 LMT',
        'BUY +2 AAPL 100 20 MAR 26 300 PUT @2.90 LMT',
        'SELL -2 AAPL 100 20 MAR 26 330 CALL @.80 LMT',
      ].join('\n'),
      multiple: true,
    });
  });

  test('one long put, size 3', async () => {
    const legs = [option('SPY', '2026-03-20', 'PUT', 760, 1, 5.25)];
    await expect(answer('thinkorswim', { strategy: 'long_put', legs, size: 3 })).resolves.toEqual({
      text: 'BUY +3 SPY 100 20 MAR 26 760 PUT @5.25 LMT',
      multiple: false,
    });
  });
});

describe('Tradier trade link', () => {
  test('iron condor: a multileg credit order, legs in order', async () => {
    await expect(answer('tradier', { strategy: 'iron_condor', legs: IRON_CONDOR, size: 2 })).resolves.toEqual(
      {
        url:
          'https://dash.tradier.com/trade?class=multileg&symbol=SPY&duration=day&type=credit&price=2.40' +
          '&option_symbol%5B0%5D=SPY260320C00790000&side%5B0%5D=sell_to_open&quantity%5B0%5D=2' +
          '&option_symbol%5B1%5D=SPY260320C00800000&side%5B1%5D=buy_to_open&quantity%5B1%5D=2' +
          '&option_symbol%5B2%5D=SPY260320P00750000&side%5B2%5D=sell_to_open&quantity%5B2%5D=2' +
          '&option_symbol%5B3%5D=SPY260320P00740000&side%5B3%5D=buy_to_open&quantity%5B3%5D=2',
      },
    );
  });

  test('closing a covered call: sell the shares, buy the call back', async () => {
    const legs = [stock('AAPL', -100, 318.1), option('AAPL', '2026-03-20', 'CALL', 320, 1, 1.05)];
    await expect(
      answer('tradier', { strategy: 'covered_call', legs, size: 1, closing: true }),
    ).resolves.toEqual({
      url:
        'https://dash.tradier.com/trade?class=combo&symbol=AAPL&duration=day&type=credit&price=317.05' +
        '&side%5B0%5D=sell&quantity%5B0%5D=100' +
        '&option_symbol%5B1%5D=AAPL260320C00320000&side%5B1%5D=buy_to_close&quantity%5B1%5D=1',
    });
  });

  test('one option: a limit order at its price', async () => {
    const legs = [option('SPY', '2026-03-20', 'PUT', 760, 1, 5.25)];
    await expect(answer('tradier', { strategy: 'long_put', legs, size: 3 })).resolves.toEqual({
      url:
        'https://dash.tradier.com/trade?class=option&symbol=SPY&duration=day&type=limit&price=5.25' +
        '&option_symbol%5B0%5D=SPY260320P00760000&side%5B0%5D=buy_to_open&quantity%5B0%5D=3',
    });
  });
});

describe('refusals (422) and bad requests', () => {
  for (const format of ['thinkorswim', 'tradier']) {
    test(`${format}: custom strategy, failed validation, LEGS_MISMATCH, BAD_LEG_PRICE, NOT_TRADED_CONTRACT`, async () => {
      const custom = await exportTo(format, { strategy: 'custom', legs: IRON_CONDOR, size: 1 });
      expect(custom.status).toBe(422);
      await expect(json(custom)).resolves.toEqual({
        code: 'EXPORT_NOT_AVAILABLE',
        message: 'This feature is not available for a custom strategy.',
      });
      const invalid = await exportTo(format, { strategy: 'iron_condor', legs: IRON_CONDOR, size: 0 });
      expect(invalid.status).toBe(422);
      await expect(json(invalid)).resolves.toEqual({
        code: 'EXPORT_NOT_AVAILABLE',
        message: 'This order cannot be sent to a broker.',
        details: { size: 'Size must be a whole number, at least 1.' },
      });
      const mismatch = await exportTo(format, {
        strategy: 'iron_condor',
        legs: IRON_CONDOR.slice(0, 3),
        size: 1,
      });
      expect(mismatch.status).toBe(422);
      await expect(json(mismatch)).resolves.toMatchObject({
        code: 'LEGS_MISMATCH',
        message: "The selected parameters don't fit the strategy definition.",
      });
      const unpriced = IRON_CONDOR.map((l, i) => (i === 2 ? { ...l, limitPrice: 0 } : l));
      const bad = await exportTo(format, { strategy: 'iron_condor', legs: unpriced, size: 1 });
      expect(bad.status).toBe(422);
      await expect(json(bad)).resolves.toMatchObject({
        code: 'BAD_LEG_PRICE',
        message: 'All legs must have a price.',
      });
      const unlisted = [option('SPY', '2026-03-20', 'PUT', 761.5, 1, 5)];
      const notTraded = await exportTo(format, { strategy: 'long_put', legs: unlisted, size: 1 });
      expect(notTraded.status).toBe(422);
      await expect(json(notTraded)).resolves.toMatchObject({ code: 'NOT_TRADED_CONTRACT' });
    });
  }

  test('unknown format 404, malformed body 400, no token 401', async () => {
    expect(
      (await exportTo('etrade', { strategy: 'long_put', legs: IRON_CONDOR.slice(3), size: 1 })).status,
    ).toBe(404);
    const malformed = await exportTo('tradier', { strategy: 'long_put', legs: 'none', size: 1 });
    expect(malformed.status).toBe(400);
    await expect(json(malformed)).resolves.toMatchObject({ code: 'VALIDATION_FAILED' });
    const anonymous = await server.request('/api/v1/trades/trade/export/tradier', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("the market's series: SPX's AM monthlies and SPXW weeklies, quarterlies, a holiday-moved monthly", () => {
  let indexServer: TestServer;
  let bob: SignedInClient;
  beforeAll(async () => {
    indexServer = await startTestServer({
      staticDir: null,
      market: { ...TEST_MARKET, symbols: ['SPX', 'SPY'], asOfMs: Date.parse('2026-03-04T15:30:00Z') },
    });
    bob = await signedIn(indexServer, 'bob-exports@example.com');
  });
  afterAll(async () => {
    await indexServer?.stop();
  });

  /** Two listed call strikes of `symbol` at `expiration`, a step apart, near the money. */
  const callSpread = async (symbol: string, expiration: string): Promise<OrderLeg[]> => {
    const chain = await optionChain(bob, symbol);
    const exp = chain.filter((r) => r.option.expiration === expiration && r.option.right === 'CALL');
    expect(exp.length).toBeGreaterThan(2);
    const k = strikeNear(chain, expiration, await lastPrice(bob, symbol));
    const next = strikeNear(chain, expiration, await lastPrice(bob, symbol), 1);
    return [option(symbol, expiration, 'CALL', k, 1, 3), option(symbol, expiration, 'CALL', next, -1, 1)];
  };
  const exported = async (format: string, legs: OrderLeg[]) => {
    const res = await bob.request(`/api/v1/trades/trade/export/${format}`, {
      method: 'POST',
      body: JSON.stringify({ strategy: 'bull_call_spread', legs, size: 1, comment: '' }),
    });
    expect(res.status).toBe(200);
    return json<{ text?: string; url?: string }>(res);
  };
  const strikesOf = (legs: OrderLeg[]) =>
    legs.map((l) => (l.contract.kind === 'option' ? l.contract.strike : 0)).join('/');

  test('thinkorswim tags each series as the market lists it', async () => {
    const monthly = await callSpread('SPX', '2026-03-20');
    await expect(exported('thinkorswim', monthly)).resolves.toEqual({
      text: `BUY +1 VERTICAL SPX 100 [AM] 20 MAR 26 ${strikesOf(monthly)} CALL @2.00 LMT`,
      multiple: false,
    });
    const weekly = await callSpread('SPX', '2026-03-13');
    await expect(exported('thinkorswim', weekly)).resolves.toMatchObject({
      text: `BUY +1 VERTICAL SPX 100 (Weeklys) 13 MAR 26 ${strikesOf(weekly)} CALL @2.00 LMT`,
    });
    const quarterly = await callSpread('SPY', '2026-03-31');
    await expect(exported('thinkorswim', quarterly)).resolves.toMatchObject({
      text: `BUY +1 VERTICAL SPY 100 (Quarterlys) 31 MAR 26 ${strikesOf(quarterly)} CALL @2.00 LMT`,
    });
    // 18 June 2027 is the Juneteenth holiday: the monthly expires on Thursday the 17th.
    const june = await callSpread('SPY', '2027-06-17');
    await expect(exported('thinkorswim', june)).resolves.toMatchObject({
      text: `BUY +1 VERTICAL SPY 100 17 JUN 27 ${strikesOf(june)} CALL @2.00 LMT`,
    });
  });

  test('Tradier: SPXW for the weekly, SPX for the monthly', async () => {
    const weekly = await callSpread('SPX', '2026-03-13');
    const { url } = await exported('tradier', weekly);
    const strike = (l: OrderLeg) => String(l.contract.kind === 'option' ? l.contract.strike * 1000 : 0);
    expect(decodeURIComponent(url ?? '')).toContain(
      `option_symbol[0]=SPXW260313C${strike(weekly[0]!).padStart(8, '0')}&`,
    );
    const monthly = await callSpread('SPX', '2026-03-20');
    const answer = await exported('tradier', monthly);
    expect(decodeURIComponent(answer.url ?? '')).toContain(
      `option_symbol[0]=SPX260320C${strike(monthly[0]!).padStart(8, '0')}&`,
    );
  });
});
