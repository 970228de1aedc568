/**
 * The market-data calls over HTTP (spec 1 §7, spec 3 §7): the market environment, the
 * underlyings, bars, IV vs HV history, option chains and contract values, the add-on twins, and
 * how unknown and malformed symbols and bad query values are answered.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type {
  Bar,
  ContractValuesRow,
  IvRvRow,
  OptionChainRow,
  UnderlyingFacts,
  UnderlyingRow,
} from '#api/market.ts';
import type { MarketEnvironment } from '#api/market-environment.ts';
import { loadReferenceData } from '#server/market/reference-data.ts';
import { type SignedInClient, setPlan, signedIn } from '../support/auth.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { json, TEST_MARKET } from '../support/trades.ts';

let server: TestServer;
let alice: SignedInClient;

beforeAll(async () => {
  // The trade tests' market plus an index.
  server = await startTestServer({
    staticDir: null,
    market: { ...TEST_MARKET, symbols: [...(TEST_MARKET.symbols ?? []), 'SPX'] },
  });
  alice = await signedIn(server, 'alice-market@example.com');
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string) => alice.request(`/api/v1${path}`);
const post = (path: string, body: unknown) =>
  alice.request(`/api/v1${path}`, { method: 'POST', body: JSON.stringify(body) });
const errorOf = async (res: Response) => ({
  status: res.status,
  ...(await json<{ code: string; message: string; details?: Record<string, string> }>(res)),
});

describe('GET /market/environment', () => {
  test("answers the market provider's risk-free rate", async () => {
    const res = await get('/market/environment');
    expect(res.status).toBe(200);
    expect(await json<MarketEnvironment>(res)).toEqual({
      riskFreeRate: loadReferenceData().model.riskFreeRate.value,
    });
  });

  test('needs a token', async () => {
    expect((await server.request('/api/v1/market/environment')).status).toBe(401);
  });
});

describe('GET /underlyings and /addon/underlyings', () => {
  test('rows carry the contract, name, type and sector code; the add-on twin answers the same', async () => {
    const rows = await json<UnderlyingRow[]>(await get('/underlyings'));
    const bySymbol = new Map(rows.map((r) => [r.contract.symbol, r]));
    expect([...bySymbol.keys()].sort()).toEqual(['AAPL', 'KO', 'QQQ', 'SPX', 'SPY']);
    expect(bySymbol.get('AAPL')).toEqual({
      contract: { kind: 'stock', symbol: 'AAPL' },
      name: 'Apple Inc.',
      type: 1,
      sector: 1,
    });
    expect(bySymbol.get('KO')).toMatchObject({ type: 1, sector: 6 });
    expect(bySymbol.get('SPY')).toMatchObject({ type: 2, sector: 0 });
    expect(bySymbol.get('SPX')).toMatchObject({ type: 3, sector: 0 });
    expect(await json<UnderlyingRow[]>(await get('/addon/underlyings'))).toEqual(rows);
  });
});

describe('GET /underlyings/{symbol}/bars', () => {
  test('daily bars oldest first; lower case is read as upper case', async () => {
    const bars = await json<Bar[]>(await get('/underlyings/ko/bars'));
    expect(bars.length).toBeGreaterThan(200);
    expect(Object.keys(bars[0] ?? {}).sort()).toEqual(['close', 'high', 'low', 'open', 'time', 'volume']);
    expect(bars.every((b, i) => i === 0 || b.time > (bars[i - 1]?.time ?? 0))).toBe(true);
  });

  test('an unknown symbol answers null', async () => {
    const res = await get('/underlyings/NOPE/bars');
    expect(res.status).toBe(200);
    expect(await json(res)).toBeNull();
  });

  test.each([
    ['junk with a slash', 'a%2Fb'],
    ['digits', 'AB1'],
    ['longer than 10 characters', 'ABCDEFGHIJK'],
    ['a trailing dot', 'BRK.'],
  ])('a malformed symbol (%s) is a 400 naming the path', async (_what, symbol) => {
    const err = await errorOf(await get(`/underlyings/${symbol}/bars`));
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(Object.keys(err.details ?? {})).toEqual(['path.symbol']);
  });
});

describe('GET /underlyings/{symbol}/iv-rv', () => {
  let defaults: IvRvRow[];
  beforeAll(async () => {
    defaults = await json<IvRvRow[]>(await get('/underlyings/AAPL/iv-rv'));
  });

  test('daily IV and HV as fractions, oldest first, one row per bar', async () => {
    const bars = await json<Bar[]>(await get('/underlyings/AAPL/bars'));
    expect(defaults.map((r) => r.time)).toEqual(bars.map((b) => b.time));
    for (const r of defaults) expect(r.iv).toBeGreaterThan(0.03);
    for (const r of defaults) expect(r.iv).toBeLessThan(3);
    // HV needs a full window of closes (30 days ≈ 21 sessions): null before it.
    const firstHv = defaults.findIndex((r) => r.hv !== null);
    expect(firstHv).toBeGreaterThan(15);
    expect(firstHv).toBeLessThan(30);
    for (const r of defaults.slice(firstHv)) expect(r.hv).toBeGreaterThan(0.01);
  });

  test('the defaults are delta 50, 30 days, both rights', async () => {
    const explicit = await json<IvRvRow[]>(await get('/underlyings/AAPL/iv-rv?delta=50&dte=30&right=null'));
    expect(explicit).toEqual(defaults);
  });

  test('delta, days to expiry and right select the IV; the HV window follows the days', async () => {
    const at = async (q: string) =>
      (await json<IvRvRow[]>(await get(`/underlyings/AAPL/iv-rv?${q}`))).at(-1)!;
    const puts = await at('delta=20&right=PUT');
    const calls = await at('delta=20&right=CALL');
    const both = await at('delta=20');
    expect(puts.iv).toBeGreaterThan(calls.iv);
    expect(both.iv).toBeCloseTo((puts.iv + calls.iv) / 2, 10);
    expect(both.hv).toBe(defaults.at(-1)?.hv);
    const long = await at('dte=90');
    expect(long.iv).not.toBe(defaults.at(-1)?.iv);
    expect(long.hv).not.toBe(defaults.at(-1)?.hv);
    // The edges of the range are accepted.
    for (const q of ['delta=0', 'delta=100', 'dte=7', 'dte=90']) {
      expect((await get(`/underlyings/AAPL/iv-rv?${q}`)).status).toBe(200);
    }
  });

  test.each([
    ['delta', 'delta=55'],
    ['delta', 'delta=110'],
    ['delta', 'delta=-10'],
    ['delta', 'delta=abc'],
    ['delta', 'delta='],
    ['dte', 'dte=6'],
    ['dte', 'dte=91'],
    ['dte', 'dte=30.5'],
    ['right', 'right=BOTH'],
    ['right', 'right=call'],
    ['size', 'size=10'],
  ])('a bad %s (%s) is a 400 naming the field', async (field, q) => {
    const err = await errorOf(await get(`/underlyings/AAPL/iv-rv?${q}`));
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(Object.keys(err.details ?? {})).toEqual([`query.${field}`]);
  });

  test('an unknown symbol is a 404, a malformed one a 400', async () => {
    await expect(errorOf(await get('/underlyings/NOPE/iv-rv'))).resolves.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Symbol NOPE not found.',
    });
    await expect(errorOf(await get('/underlyings/ABCDEFGHIJK/iv-rv'))).resolves.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('GET /trades/{id}/optionchain and /addon/{id}/optionchain', () => {
  test('the chain, and the same from the add-on twin', async () => {
    const chain = await json<OptionChainRow[]>(await get('/trades/KO/optionchain'));
    expect(chain.length).toBeGreaterThan(50);
    expect(chain[0]).toEqual({
      option: expect.objectContaining({ kind: 'option', underlying: 'KO' }),
      id: expect.stringMatching(/^KO\d{6}[CP]/),
      bid: expect.any(Number),
      ask: expect.any(Number),
      mid: chain[0]?.mid === null ? null : expect.any(Number),
      iv: expect.any(Number),
    });
    // Quotes move between two reads (the market ticks every second): compare the listing.
    const twin = await json<OptionChainRow[]>(await get('/addon/KO/optionchain'));
    expect(twin.map((r) => [r.id, r.option])).toEqual(chain.map((r) => [r.id, r.option]));
    expect(twin.every((r) => r.iv > 0 && r.ask >= r.bid)).toBe(true);
  });

  test.each(['/trades', '/addon'])('%s: an unknown symbol is a 404, a malformed one a 400', async (base) => {
    await expect(errorOf(await get(`${base}/NOPE/optionchain`))).resolves.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    await expect(errorOf(await get(`${base}/a%2Fb/optionchain`))).resolves.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('POST /contract and /addon/contract', () => {
  test('values by id, an unrecognised id with its own row, from both paths', async () => {
    const chain = await json<OptionChainRow[]>(await get('/trades/SPY/optionchain'));
    const option = chain.find((r) => r.mid !== null)!;
    const body = { contractIds: ['KO', option.id, 'NOPE', 'BAD ID'], fields: ['stock_last', 'mid', 'iv'] };
    const expected = [
      { contractId: 'KO', stock_last: expect.any(Number), mid: expect.any(Number), iv: null },
      {
        contractId: option.id,
        stock_last: expect.any(Number),
        mid: expect.any(Number),
        iv: expect.any(Number),
      },
      { contractId: 'NOPE', stock_last: null, mid: null, iv: null },
      { contractId: 'BAD ID', error: 'Unknown contract type.', stock_last: null, mid: null, iv: null },
    ];
    for (const path of ['/contract', '/addon/contract']) {
      const res = await post(path, body);
      expect(res.status).toBe(200);
      expect(await json<ContractValuesRow[]>(res)).toEqual(expected);
    }
  });

  test.each(['/contract', '/addon/contract'])('%s: a bad body is a 400 naming the field', async (path) => {
    const err = await errorOf(await post(path, { contractIds: [], fields: ['stock_last'] }));
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(Object.keys(err.details ?? {})).toEqual(['body.contractIds']);
  });
});

describe('the add-in’s calls (/addon/…) follow the plan (docs/PLANS.md)', () => {
  const addonCalls = [
    ['GET', '/addon/underlyings'],
    ['GET', '/addon/KO/optionchain'],
    ['POST', '/addon/contract'],
  ] as const;
  const call = (client: SignedInClient, [method, path]: (typeof addonCalls)[number]) =>
    method === 'GET'
      ? client.request(`/api/v1${path}`)
      : client.request(`/api/v1${path}`, {
          method,
          body: JSON.stringify({ contractIds: ['KO'], fields: ['stock_last'] }),
        });

  test.each([1, 12])(
    'Beginner (plan %i): 422 PLAN_LIMIT_REACHED on every add-in call; the app’s own calls work',
    async (planId) => {
      const email = `beginner-${planId}@example.com`;
      const beginner = await signedIn(server, email);
      await setPlan(server, email, planId);
      for (const c of addonCalls) {
        const err = await errorOf(await call(beginner, c));
        expect(err, c[1]).toMatchObject({ status: 422, code: 'PLAN_LIMIT_REACHED' });
        expect(err.message).toContain('Advanced');
      }
      expect((await beginner.request('/api/v1/underlyings')).status).toBe(200);
      expect((await beginner.request('/api/v1/trades/KO/optionchain')).status).toBe(200);
    },
  );

  test('Advanced and a trial may use them', async () => {
    const email = 'advanced-addin@example.com';
    const advanced = await signedIn(server, email);
    for (const c of addonCalls) expect((await call(alice, c)).status, `trial ${c[1]}`).toBe(200);
    await setPlan(server, email, 112);
    for (const c of addonCalls) expect((await call(advanced, c)).status, `advanced ${c[1]}`).toBe(200);
  });
});

describe('GET /underlyings/{symbol}/facts', () => {
  test("the underlying's own datapoints now, in the catalogue's units, whatever a scan asked for", async () => {
    const res = await get('/underlyings/aapl/facts');
    expect(res.status).toBe(200);
    const facts = await json<UnderlyingFacts>(res);
    expect(facts.symbol).toBe('AAPL');
    expect(Number.isNaN(Date.parse(facts.asOf))).toBe(false);
    const v = facts.values;
    expect(v.name).toEqual(expect.any(String));
    expect(v.stock_last).toBeGreaterThan(0);
    // IV, its rank and the realised volatility are fractions.
    expect(v.stock_iv).toBeGreaterThan(0.03);
    expect(v.stock_iv).toBeLessThan(3);
    expect(v.stock_iv_pr).toBeGreaterThanOrEqual(0);
    expect(v.stock_iv_pr).toBeLessThanOrEqual(1);
    expect(v.stock_skew).toEqual(expect.any(Number));
    expect(v.total_oi).toBeGreaterThan(0);
    expect(v.market_cap).toBeGreaterThan(0);
    expect(v.p_e).toEqual(expect.any(Number));
    expect(v.sector_id).toEqual(expect.any(Number));
    if (v.earnings_date !== null) expect(v.earnings_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(v.weekly_options).toEqual(expect.any(Boolean));
    // The last price is the quote the contract call answers (the market may tick in between).
    const [stock] = await json<ContractValuesRow[]>(
      await post('/contract', { contractIds: ['AAPL'], fields: ['stock_last'] }),
    );
    expect(Math.abs(Number(v.stock_last) / (stock?.stock_last ?? 1) - 1)).toBeLessThan(0.01);
  });

  test('an unknown symbol is a 404, a malformed one a 400', async () => {
    expect((await errorOf(await get('/underlyings/ZZZZ/facts'))).status).toBe(404);
    expect(await errorOf(await get('/underlyings/a-b/facts'))).toMatchObject({ status: 400 });
  });
});
