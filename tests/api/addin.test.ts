/**
 * The spreadsheet add-in's calls over HTTP (docs/ADDIN.md): the user's add-in token (made, shown
 * once, replaced, revoked, refused everywhere but the add-in's reads), the quotes and options its
 * cell functions read (the market's own figures, in the order asked), the plan that gates them,
 * and bad input.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AddinOptionsAnswer, AddinQuotesAnswer, AddinTokenAnswer, AddinTokenState } from '#api/addin.ts';
import type { OptionChainRow, UnderlyingFacts, UnderlyingRow } from '#api/market.ts';
import { PLAN_LIMIT_MESSAGES } from '#domain/errors.ts';
import { DEFAULT_RATE_LIMITS } from '#server/config.ts';
import { createSimulatedMarket } from '#server/market/simulator.ts';
import { clientWithToken, moveClock, type SignedInClient, setPlan, signedIn } from '../support/auth.ts';
import { negotiate } from '../support/hub.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { json, TEST_MARKET } from '../support/trades.ts';

/** The market stands still, so two reads of a figure agree to the last digit. */
const MARKET_NOW = Date.now();
const isoDaysAhead = (days: number) => new Date(MARKET_NOW + days * 86_400_000).toISOString().slice(0, 10);
const market = createSimulatedMarket(TEST_MARKET, { clock: () => MARKET_NOW });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ staticDir: null }, {}, { market });
});
afterAll(async () => {
  await server?.stop();
  market.close();
});

const errorOf = async (res: Response) => ({
  status: res.status,
  ...(await json<{ code: string; message: string; details?: Record<string, string> }>(res)),
});

/** A trial user with an add-in token: `app` calls with the sign-in token, `sheet` with the add-in's. */
async function userWithToken(email: string): Promise<{ app: SignedInClient; sheet: SignedInClient }> {
  const app = await signedIn(server, email);
  return { app, sheet: clientWithToken(server, email, (await newToken(app)).token) };
}

async function newToken(app: SignedInClient): Promise<AddinTokenAnswer> {
  const res = await app.request('/api/v1/addin/token', { method: 'POST' });
  expect(res.status).toBe(200);
  return json<AddinTokenAnswer>(res);
}

const stateOf = async (app: SignedInClient) => {
  const res = await app.request('/api/v1/addin/token');
  expect(res.status).toBe(200);
  return json<AddinTokenState>(res);
};

const quotes = (client: SignedInClient, symbols: string) =>
  client.request(`/api/v1/addin/quotes?symbols=${symbols}`);
const options = (client: SignedInClient, contracts: string) =>
  client.request(`/api/v1/addin/options?contracts=${contracts}`);

describe('the add-in token', () => {
  test('a trial user makes one, shown once; the state says when it was made and last used', async () => {
    const app = await signedIn(server, 'maker@example.com');
    expect(await stateOf(app)).toEqual({ exists: false, createdAt: null, lastUsedAt: null });

    const made = await newToken(app);
    expect(made.token).toMatch(/^osa_[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(made.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const res = await app.request('/api/v1/addin/token');
    const text = await res.text();
    expect(text).not.toContain(made.token);
    expect(JSON.parse(text)).toEqual({ exists: true, createdAt: made.createdAt, lastUsedAt: null });

    const sheet = clientWithToken(server, app.email, made.token);
    expect((await quotes(sheet, 'KO')).status).toBe(200);
    const used = await stateOf(app);
    expect(used.createdAt).toBe(made.createdAt);
    expect(Date.parse(used.lastUsedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(made.createdAt));
  });

  test('a new token replaces the old one, which stops working; DELETE revokes, twice too', async () => {
    const { app, sheet: first } = await userWithToken('replacer@example.com');
    expect((await quotes(first, 'KO')).status).toBe(200);

    const second = clientWithToken(server, app.email, (await newToken(app)).token);
    expect(second.token).not.toBe(first.token);
    await expect(errorOf(await quotes(first, 'KO'))).resolves.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
    expect((await quotes(second, 'KO')).status).toBe(200);

    for (let i = 0; i < 2; i++) {
      const res = await app.request('/api/v1/addin/token', { method: 'DELETE' });
      expect(res.status).toBe(204);
    }
    expect(await stateOf(app)).toEqual({ exists: false, createdAt: null, lastUsedAt: null });
    expect((await quotes(second, 'KO')).status).toBe(401);
    expect((await options(second, 'KO261218C50')).status).toBe(401);
  });

  test('opens nothing but the add-in’s reads: every other call answers 401', async () => {
    const { app, sheet } = await userWithToken('narrow@example.com');
    const calls: [string, string][] = [
      ['GET', '/account/settings'],
      ['GET', '/account/subscription'],
      ['DELETE', '/account'],
      ['GET', '/addin/token'],
      ['POST', '/addin/token'],
      ['DELETE', '/addin/token'],
      ['GET', '/underlyings'],
      ['GET', '/trades/KO/optionchain'],
      ['GET', '/addon/underlyings'],
      ['GET', '/tradeaccount'],
    ];
    for (const [method, path] of calls) {
      const err = await errorOf(await sheet.request(`/api/v1${path}`, { method }));
      expect(err, `${method} ${path}`).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    }
    // Nor does it open the live updates (the sign-in token does).
    expect((await negotiate(server, sheet.token)).status).toBe(401);
    expect((await negotiate(server, app.token)).status).toBe(200);
    // Nothing happened: the account and its token are still there.
    expect(await stateOf(app)).toMatchObject({ exists: true });
    expect((await quotes(sheet, 'KO')).status).toBe(200);
  });

  test('a token that was never made is refused', async () => {
    const forged = clientWithToken(server, 'nobody@example.com', `osa_${'A'.repeat(43)}`);
    await expect(errorOf(await quotes(forged, 'KO'))).resolves.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
  });

  test('a new token’s answer is never replayed for an Idempotency-Key: each POST makes a new one', async () => {
    const app = await signedIn(server, 'replay@example.com');
    const post = () =>
      app.request('/api/v1/addin/token', {
        method: 'POST',
        headers: { 'idempotency-key': 'addin-token-key-1' },
      });
    const first = await json<AddinTokenAnswer>(await post());
    const again = await post();
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    const second = await json<AddinTokenAnswer>(again);
    expect(second.token).not.toBe(first.token);
    expect((await quotes(clientWithToken(server, app.email, first.token), 'KO')).status).toBe(401);
  });

  test('lastUsedAt moves at most once a minute', async () => {
    const { app, sheet } = await userWithToken('frequent@example.com');
    expect((await quotes(sheet, 'KO')).status).toBe(200);
    const first = (await stateOf(app)).lastUsedAt;
    expect((await quotes(sheet, 'KO')).status).toBe(200);
    expect((await stateOf(app)).lastUsedAt).toBe(first);
    try {
      await moveClock(server, 1);
      expect((await quotes(sheet, 'KO')).status).toBe(200);
      const later = (await stateOf(app)).lastUsedAt;
      expect(Date.parse(later ?? '') - Date.parse(first ?? '')).toBeGreaterThan(23 * 3600_000);
    } finally {
      await moveClock(server, 0);
    }
  });

  test('deleting the account deletes its token', async () => {
    const { app, sheet } = await userWithToken('leaver@example.com');
    expect((await app.request('/api/v1/account', { method: 'DELETE' })).status).toBe(204);
    expect((await quotes(sheet, 'KO')).status).toBe(401);
  });
});

describe('GET /addin/quotes and /addin/options', () => {
  let app: SignedInClient;
  let sheet: SignedInClient;
  beforeAll(async () => {
    ({ app, sheet } = await userWithToken('reader@example.com'));
  });

  test('quotes in the order asked, null for a name the market does not list; the figures are the market’s', async () => {
    const res = await quotes(sheet, 'KO,NOPE,AAPL,KO');
    expect(res.status).toBe(200);
    const answer = await json<AddinQuotesAnswer>(res);
    expect(answer.quotes.map((q) => q?.symbol ?? null)).toEqual(['KO', null, 'AAPL', 'KO']);

    const names = new Map(
      (await json<UnderlyingRow[]>(await app.request('/api/v1/underlyings'))).map((r) => [
        r.contract.symbol,
        r.name,
      ]),
    );
    const asOf = new Date(market.now()).toISOString();
    for (const q of answer.quotes) {
      if (!q) continue;
      const facts = await json<UnderlyingFacts>(await app.request(`/api/v1/underlyings/${q.symbol}/facts`));
      expect(q, q.symbol).toEqual({
        symbol: q.symbol,
        name: names.get(q.symbol),
        last: facts.values.stock_last,
        change: expect.any(Number),
        changePercent: expect.any(Number),
        iv: facts.values.stock_iv,
        ivRank: expect.any(Number),
        asOf,
      });
      // The rank is a fraction in the facts, 0–100 in a cell.
      expect(q.ivRank).toBeCloseTo(Number(facts.values.stock_iv_pr) * 100, 10);
      expect(q.ivRank).toBeGreaterThanOrEqual(0);
      expect(q.ivRank).toBeLessThanOrEqual(100);
      // The change is a fraction of the previous close.
      expect(q.changePercent).toBeCloseTo(q.change / (q.last - q.change), 10);
    }
    expect(answer.quotes[0]).toEqual(answer.quotes[3]);
    // The user's sign-in token reads the same.
    expect(await json<AddinQuotesAnswer>(await quotes(app, 'KO,NOPE,AAPL,KO'))).toEqual(answer);
  });

  test('options in the order asked, null for one the market does not list; the chain’s figures', async () => {
    const chain = await json<OptionChainRow[]>(await app.request('/api/v1/trades/KO/optionchain'));
    const facts = await json<UnderlyingFacts>(await app.request('/api/v1/underlyings/KO/facts'));
    const spot = Number(facts.values.stock_last);
    // Near the money, a month or more out: an option with every greek alive (deep in the money an
    // American put may sit at its exercise value, with no gamma or vega).
    const listed = chain.filter(
      (r) => r.mid !== null && r.bid > 0 && r.option.expiration >= isoDaysAhead(30),
    );
    const nearest = (right: 'CALL' | 'PUT') =>
      listed
        .filter((r) => r.option.right === right)
        .sort((a, b) => Math.abs(a.option.strike - spot) - Math.abs(b.option.strike - spot))[0]!;
    const call = nearest('CALL');
    const put = nearest('PUT');
    const unlisted = call.id.replace(/C[\d.]+$/, 'C99999');
    const ids = [put.id, unlisted, call.id, 'NOPE261218C200'];

    const res = await options(sheet, ids.join(','));
    expect(res.status).toBe(200);
    const answer = await json<AddinOptionsAnswer>(res);
    expect(answer.options.map((o) => o?.contract ?? null)).toEqual([put.id, null, call.id, null]);
    const asOf = new Date(market.now()).toISOString();
    for (const row of [put, call]) {
      const o = answer.options.find((x) => x?.contract === row.id)!;
      expect(o).toMatchObject({ bid: row.bid, ask: row.ask, mid: row.mid, iv: row.iv, asOf });
      expect(o.volume).toBeGreaterThanOrEqual(0);
      expect(o.openInterest).toBeGreaterThan(0);
      expect(o.gamma).toBeGreaterThan(0);
      expect(o.vega).toBeGreaterThan(0);
      expect(o.theta).toBeLessThan(0);
    }
    const [p, , c] = answer.options;
    expect(c?.delta).toBeGreaterThan(0);
    expect(c?.delta).toBeLessThan(1);
    expect(p?.delta).toBeLessThan(0);
    expect(p?.delta).toBeGreaterThan(-1);
    expect(await json<AddinOptionsAnswer>(await options(app, ids.join(',')))).toEqual(answer);
  });

  const symbols101 = Array.from({ length: 101 }, () => 'KO').join(',');
  const contracts101 = Array.from({ length: 101 }, () => 'KO261218C50').join(',');
  test.each([
    ['lower case', 'query.symbols', '/addin/quotes?symbols=ko'],
    ['101 symbols', 'query.symbols', `/addin/quotes?symbols=${symbols101}`],
    ['no symbols', 'query.symbols', '/addin/quotes'],
    ['an empty list', 'query.symbols', '/addin/quotes?symbols='],
    ['an empty item', 'query.symbols', '/addin/quotes?symbols=KO,,AAPL'],
    ['quotes: an unknown parameter', 'query.fields', '/addin/quotes?symbols=KO&fields=last'],
    ['a stock for an option', 'query.contracts', '/addin/options?contracts=KO'],
    ['a malformed id', 'query.contracts', '/addin/options?contracts=KO261218X50'],
    ['a month that does not exist', 'query.contracts', '/addin/options?contracts=KO261318C50'],
    ['a zero strike', 'query.contracts', '/addin/options?contracts=KO261218C0'],
    ['101 contracts', 'query.contracts', `/addin/options?contracts=${contracts101}`],
    ['options: an unknown parameter', 'query.symbols', '/addin/options?contracts=KO261218C50&symbols=KO'],
  ])('%s: a 400 naming %s', async (_what, field, path) => {
    const err = await errorOf(await sheet.request(`/api/v1${path}`));
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(Object.keys(err.details ?? {})).toEqual([field]);
  });
  test('the 400 for a date or strike that cannot exist names those ids only', async () => {
    const err = await errorOf(await options(sheet, 'KO261218C50,KO261318C50,KO260230P40'));
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(err.details?.['query.contracts']).toBe('No such date or strike: KO261318C50, KO260230P40.');
  });
});

describe('the plan', () => {
  const planLimit = { status: 422, code: 'PLAN_LIMIT_REACHED', message: PLAN_LIMIT_MESSAGES.addIn };

  test('Beginner: no new token, and the token made on the trial reads nothing; it can still be seen and revoked', async () => {
    const email = 'beginner-addin@example.com';
    const { app, sheet } = await userWithToken(email);
    await setPlan(server, email, 1);
    await expect(
      errorOf(await app.request('/api/v1/addin/token', { method: 'POST' })),
    ).resolves.toMatchObject(planLimit);
    for (const client of [sheet, app]) {
      await expect(errorOf(await quotes(client, 'KO'))).resolves.toMatchObject(planLimit);
      await expect(errorOf(await options(client, 'KO261218C50'))).resolves.toMatchObject(planLimit);
    }
    expect(await stateOf(app)).toMatchObject({ exists: true });
    expect((await app.request('/api/v1/addin/token', { method: 'DELETE' })).status).toBe(204);
  });

  test('Advanced works; once ended, 403 SUBSCRIPTION_ENDED with either token', async () => {
    const email = 'advanced-addin@example.com';
    const { app, sheet } = await userWithToken(email);
    await setPlan(server, email, 112);
    expect((await quotes(sheet, 'KO')).status).toBe(200);
    expect((await options(sheet, 'KO261218C50')).status).toBe(200);
    await setPlan(server, email, 112, 4);
    const ended = { status: 403, code: 'SUBSCRIPTION_ENDED' };
    for (const client of [sheet, app]) {
      await expect(errorOf(await quotes(client, 'KO'))).resolves.toMatchObject(ended);
      await expect(errorOf(await options(client, 'KO261218C50'))).resolves.toMatchObject(ended);
    }
    await expect(
      errorOf(await app.request('/api/v1/addin/token', { method: 'POST' })),
    ).resolves.toMatchObject(ended);
    // Seeing and revoking the token need no plan.
    expect(await stateOf(app)).toMatchObject({ exists: true });
    expect((await app.request('/api/v1/addin/token', { method: 'DELETE' })).status).toBe(204);
  });
});

describe('request limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    const api = { max: 4, windowMs: 60_000 };
    limited = await startTestServer(
      { staticDir: null, rateLimits: { ...DEFAULT_RATE_LIMITS, api } },
      {},
      { market },
    );
  });
  afterAll(() => limited?.stop());

  test('the add-in token’s calls count in its user’s bucket, with the sign-in token’s', async () => {
    const app = await signedIn(limited, 'busy@example.com');
    const res = await app.request('/api/v1/addin/token', { method: 'POST' });
    const sheet = clientWithToken(limited, app.email, (await json<AddinTokenAnswer>(res)).token);
    expect((await quotes(sheet, 'KO')).status).toBe(200);
    expect((await quotes(app, 'KO')).status).toBe(200);
    expect((await quotes(sheet, 'KO')).status).toBe(200);
    const over = await quotes(sheet, 'KO');
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBeTruthy();
    expect((await quotes(app, 'KO')).status).toBe(429);
    // Another user at the same address has a bucket of their own.
    expect((await quotes(await signedIn(limited, 'calm@example.com'), 'KO')).status).toBe(200);
  });
});
