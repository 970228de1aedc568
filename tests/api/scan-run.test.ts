/**
 * POST /api/v1/scans/run and GET /api/v1/scans/filters over real HTTP on a small simulated
 * market: pages, the per-user cache (paging reuses it, the last 3 are kept), narrowing, and every
 * bad input answering 4xx with a code (never 500); a scan past the time budget answers 504.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ScanFiltersAnswer, ScanGroupRow, ScanRunAnswer } from '#api/scans.ts';
import { parseContractId } from '#domain/contracts/contract-id.ts';
import { STRATEGIES } from '#domain/strategies/catalogue.ts';
import type { SimulatorConfig } from '#server/market/sim-config.ts';
import { type SignedInClient, setPlan, signedIn } from '../support/auth.ts';
import { saveUniverse } from '../support/screener.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/** Eight single stocks, always open, pinned to a Wednesday morning. */
const SCAN_MARKET: SimulatorConfig = {
  seed: 3,
  universe: 'S',
  hours: 'always',
  asOfMs: Date.parse('2026-03-04T15:30:00Z'),
  symbols: ['AAPL', 'KO', 'XLU', 'MSFT', 'JPM', 'PFE', 'INTC', 'T'],
};

let server: TestServer;
let alice: SignedInClient;
let bob: SignedInClient;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null, market: SCAN_MARKET });
  alice = await signedIn(server, 'alice-scans@example.com');
  bob = await signedIn(server, 'bob-scans@example.com');
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const run = (client: SignedInClient, body: unknown) =>
  client.request('/api/v1/scans/run', { method: 'POST', body: JSON.stringify(body) });
const ok = async (res: Response): Promise<ScanRunAnswer> => {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ScanRunAnswer;
};
const bad = async (res: Response, status: number, code: string) => {
  const body = (await res.json()) as { code: string; message: string; details?: Record<string, string> };
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body.code).toBe(code);
  return body;
};

// Loose filters so a small market has results.
const LOOSE = { total_vol: { type: 'range', min: 0, max: null } };
const bullPut = {
  strategy: 'bull_put_spread',
  filters: { ...STRATEGIES.bull_put_spread.defaultFilters, ...LOOSE },
};

describe('run scan', () => {
  test('a page of tickers, each its best trade with legs and the default columns', async () => {
    const answer = await ok(await run(alice, bullPut));
    expect(answer.pageSize).toBe(20);
    expect(answer.page).toBe(0);
    expect(answer.items.length).toBeGreaterThan(0);
    expect(answer.totalCount).toBe(answer.items.length);
    expect(answer.cacheId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(answer.columns).toEqual(
      expect.arrayContaining(['underlying', 'stock_last', 'strike', 'max_loss']),
    );
    const row = answer.items[0] as ScanGroupRow;
    expect(row.legs).toHaveLength(2);
    for (const leg of row.legs) {
      expect(parseContractId(leg.contract)).toMatchObject({ kind: 'option', right: 'PUT' });
      expect(leg.ask).toBeGreaterThanOrEqual(leg.bid);
      expect(typeof leg.delta).toBe('number');
    }
    expect(row.values.max_loss as number).toBeLessThanOrEqual(5);
    expect((row.values.strike as number[])[0]).toBeLessThan((row.values.strike as number[])[1]!);
    expect(row.similar.length).toBeLessThanOrEqual(9);
    // Sorted by expected value, best first, across tickers and within each.
    const ev = (r: { values: Record<string, unknown> }) => r.values.spread_expected_value as number;
    const firsts = answer.items.map(ev);
    expect([...firsts].sort((a, b) => b - a)).toEqual(firsts);
    expect(row.similar.every((s) => ev(s) <= ev(row))).toBe(true);
  });

  test('paging reuses the cached result; a change of definition runs again from page 0', async () => {
    const first = await ok(await run(alice, { ...bullPut, filters: LOOSE, strategy: 'long_call' }));
    expect(first.totalCount).toBeGreaterThan(0);
    const again = await ok(
      await run(alice, {
        ...bullPut,
        filters: LOOSE,
        strategy: 'long_call',
        cacheId: first.cacheId,
        page: 1,
      }),
    );
    expect(again.cacheId).toBe(first.cacheId);
    expect(again.page).toBe(1);
    expect(again.asOf).toBe(first.asOf);
    expect(again.items).toEqual([]); // eight tickers fit on page 0
    const resorted = await ok(
      await run(alice, {
        strategy: 'long_call',
        filters: LOOSE,
        sorting: [['underlying', 'asc']],
        cacheId: first.cacheId,
        page: 3,
      }),
    );
    expect(resorted.cacheId).not.toBe(first.cacheId);
    expect(resorted.page).toBe(0);
    const symbols = resorted.items.map((i) => i.underlying);
    expect(symbols).toEqual([...symbols].sort());
  });

  test('narrowed to a ticker: every trade of it, paged, counted', async () => {
    const all = await ok(await run(alice, bullPut));
    const symbol = all.items[0]!.underlying;
    const narrowed = await ok(await run(alice, { ...bullPut, narrowedToSymbol: symbol }));
    expect(narrowed.narrowed).toBe(true);
    expect(narrowed.items.every((i) => i.underlying === symbol)).toBe(true);
    expect(narrowed.totalCount).toBeGreaterThanOrEqual(narrowed.items.length);
    expect(narrowed.items[0]!.id).toBe(all.items[0]!.id);
    if (narrowed.totalCount > 20) {
      const next = await ok(
        await run(alice, { ...bullPut, narrowedToSymbol: symbol, cacheId: narrowed.cacheId, page: 1 }),
      );
      expect(next.items[0]!.id).not.toBe(narrowed.items[0]!.id);
    }
  });

  test('the cache keeps each user’s last 3 scans, and only theirs', async () => {
    const ids: string[] = [];
    for (const strategy of ['long_put', 'naked_put', 'covered_call', 'married_put']) {
      ids.push((await ok(await run(bob, { strategy, filters: LOOSE }))).cacheId);
    }
    await bad(
      await run(bob, { strategy: 'long_put', filters: LOOSE, cacheId: ids[0], page: 1 }),
      404,
      'NOT_FOUND',
    );
    expect(
      (await ok(await run(bob, { strategy: 'married_put', filters: LOOSE, cacheId: ids[3], page: 1 })))
        .cacheId,
    ).toBe(ids[3]);
    await bad(
      await run(alice, { strategy: 'married_put', filters: LOOSE, cacheId: ids[3], page: 1 }),
      404,
      'NOT_FOUND',
    );
  });

  test('custom legs and ratio counts', async () => {
    const custom = await ok(
      await run(alice, {
        strategy: 'custom',
        legs: [
          { kind: 'option', right: 'PUT', quantity: 1 },
          { kind: 'option', right: 'PUT', quantity: -1, strike: 'greater' },
          { kind: 'option', right: 'CALL', quantity: -1, strike: 'greater' },
          { kind: 'option', right: 'CALL', quantity: 1, strike: 'greater' },
        ],
        filters: { days_to_expiration: { type: 'range_or_closest', mode: 'range', min: 20, max: 50 } },
      }),
    );
    expect(custom.items.length).toBeGreaterThan(0);
    expect(custom.items[0]!.legs.map((l) => l.quantity)).toEqual([1, -1, -1, 1]);
    const ratio = await ok(
      await run(alice, { strategy: 'call_ratio_spread', ratio: { long: 2, short: 3 }, filters: LOOSE }),
    );
    expect(ratio.items[0]!.legs.map((l) => l.quantity)).toEqual([2, -3]);
  });

  test('unknown filter names are ignored; the filters a strategy offers', async () => {
    await ok(
      await run(alice, { ...bullPut, filters: { ...bullPut.filters, retired_filter: { type: 'range' } } }),
    );
    const res = await alice.request('/api/v1/scans/filters?strategy=iron_condor');
    expect(res.status).toBe(200);
    const body = (await res.json()) as ScanFiltersAnswer;
    expect(body.filters).toEqual(expect.arrayContaining(['iron_condor_shape', 'max_loss', 'leg_delta']));
    expect(body.filters).not.toContain('diagonal_spread_shape');
  });
});

describe('as the user may run it', () => {
  test('a universe filter keeps its symbols only; another user’s or an unknown universe is a 400', async () => {
    const mine = await saveUniverse(alice, 'Two names', 'KO, JPM');
    const universe = { type: 'any_of', values: [mine.universe_id] };
    const answer = await ok(await run(alice, { ...bullPut, filters: { ...bullPut.filters, universe } }));
    expect(answer.items.length).toBeGreaterThan(0);
    expect(new Set(answer.items.map((row) => row.underlying))).toEqual(new Set(['KO', 'JPM']));
    const everything = await ok(await run(alice, bullPut));
    expect(everything.totalCount).toBeGreaterThan(answer.totalCount);
    const foreign = await bad(
      await run(bob, { ...bullPut, filters: { ...bullPut.filters, universe } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(foreign.details).toEqual({ 'filters.universe': 'Unknown universe.' });
    await bad(
      await run(alice, {
        ...bullPut,
        filters: { ...bullPut.filters, universe: { type: 'any_of', values: [99_999] } },
      }),
      400,
      'VALIDATION_FAILED',
    );
  });

  test('a custom strategy over the plan’s leg limit is PLAN_LIMIT_REACHED (Beginner: 2 legs)', async () => {
    const email = 'beginner-scans@example.com';
    const beginner = await signedIn(server, email);
    await setPlan(server, email, 1, 2);
    const legs = [
      { kind: 'option', right: 'PUT', quantity: 1 },
      { kind: 'option', right: 'PUT', quantity: -1, strike: 'greater' },
      { kind: 'option', right: 'CALL', quantity: -1, strike: 'greater' },
    ];
    const refused = await bad(
      await run(beginner, { strategy: 'custom', legs, filters: LOOSE }),
      422,
      'PLAN_LIMIT_REACHED',
    );
    expect(refused.message).toBe('Unable to run the scan due to current subscription plan limitations.');
    await ok(await run(beginner, { strategy: 'custom', legs: legs.slice(0, 2), filters: LOOSE }));
    // The trial (Advanced) runs all three.
    await ok(await run(alice, { strategy: 'custom', legs, filters: LOOSE }));
  });
});

describe('bad input answers 4xx with a code', () => {
  test.each([
    ['unknown strategy', { strategy: 'moon_spread', filters: {} }, 400, 'VALIDATION_FAILED'],
    ['no strategy', { filters: {} }, 400, 'VALIDATION_FAILED'],
    [
      'malformed filter value',
      { ...bullPut, filters: { max_loss: { type: 'range', min: 'x' } } },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'unknown filter type',
      { ...bullPut, filters: { max_loss: { type: 'bogus' } } },
      400,
      'VALIDATION_FAILED',
    ],
    ['filter value not an object', { ...bullPut, filters: { max_loss: 5 } }, 400, 'VALIDATION_FAILED'],
    [
      'leg number past the limit',
      { ...bullPut, filters: { leg_delta_7: { type: 'leg_delta', mode: 'range', min: 0, max: 1 } } },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'custom without option legs',
      { strategy: 'custom', legs: [{ kind: 'stock', quantity: 100 }], filters: {} },
      422,
      'INVALID_STRATEGY_LEGS',
    ],
    ['custom with no legs', { strategy: 'custom', filters: {} }, 422, 'INVALID_STRATEGY_LEGS'],
    [
      'custom with five option legs',
      {
        strategy: 'custom',
        legs: Array.from({ length: 5 }, () => ({ kind: 'option', right: 'CALL', quantity: 1 })),
        filters: {},
      },
      422,
      'INVALID_STRATEGY_LEGS',
    ],
    [
      'custom leg quantity 0',
      { strategy: 'custom', legs: [{ kind: 'option', right: 'CALL', quantity: 0 }], filters: {} },
      422,
      'INVALID_STRATEGY_LEGS',
    ],
    [
      'ratio with more long than short',
      { strategy: 'put_ratio_spread', ratio: { long: 3, short: 2 }, filters: {} },
      422,
      'INVALID_STRATEGY_LEGS',
    ],
    [
      'ratio count 100',
      { strategy: 'put_ratio_spread', ratio: { long: 1, short: 100 }, filters: {} },
      400,
      'VALIDATION_FAILED',
    ],
    ['negative page', { ...bullPut, page: -1 }, 400, 'VALIDATION_FAILED'],
    ['page not a number', { ...bullPut, page: 'two' }, 400, 'VALIDATION_FAILED'],
    ['unknown sort key', { ...bullPut, sorting: [['nonsense', 'asc']] }, 400, 'VALIDATION_FAILED'],
    ['unsortable column', { ...bullPut, sorting: [['strategy', 'asc']] }, 400, 'VALIDATION_FAILED'],
    ['trade-log column', { ...bullPut, sorting: [['roi', 'asc']] }, 400, 'VALIDATION_FAILED'],
    ['bad sort direction', { ...bullPut, sorting: [['max_loss', 'up']] }, 400, 'VALIDATION_FAILED'],
    [
      'three sort keys',
      {
        ...bullPut,
        sorting: [
          ['max_loss', 'asc'],
          ['delta', 'asc'],
          ['theta', 'asc'],
        ],
      },
      400,
      'VALIDATION_FAILED',
    ],
    ['malformed cache id', { ...bullPut, cacheId: 'no spaces!' }, 400, 'VALIDATION_FAILED'],
    ['unknown cache id', { ...bullPut, cacheId: 'AAAAAAAAAAAAAAAA' }, 404, 'NOT_FOUND'],
    [
      'unknown bid/ask level',
      { ...bullPut, calculationSettings: { bid_ask_level: 0.3 } },
      400,
      'VALIDATION_FAILED',
    ],
    ['unknown column', { ...bullPut, columns: ['underlying', 'shoe_size'] }, 400, 'VALIDATION_FAILED'],
    ['lowercase ticker', { ...bullPut, narrowedToSymbol: 'aapl' }, 400, 'VALIDATION_FAILED'],
    ['unknown field', { ...bullPut, color: 'blue' }, 400, 'VALIDATION_FAILED'],
  ])('%s', async (_name, body, status, code) => {
    const answer = await bad(await run(alice, body), status, code);
    expect(answer.message.length).toBeGreaterThan(0);
  });

  test('a malformed filter names the filter', async () => {
    const answer = await bad(
      await run(alice, { ...bullPut, filters: { prob_otm: { type: 'probability', min: 2, max: null } } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(Object.keys(answer.details ?? {})).toEqual(['filters.prob_otm']);
  });

  test('malformed JSON, no token, unknown strategy for filters', async () => {
    const res = await alice.request('/api/v1/scans/run', { method: 'POST', body: '{"strategy":' });
    await bad(res, 400, 'MALFORMED_JSON');
    await bad(
      await server.request('/api/v1/scans/run', {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      }),
      401,
      'UNAUTHORIZED',
    );
    await bad(await alice.request('/api/v1/scans/filters?strategy=moon'), 400, 'VALIDATION_FAILED');
    await bad(await alice.request('/api/v1/scans/filters'), 400, 'VALIDATION_FAILED');
  });
});

describe('time budget', () => {
  let slow: TestServer;
  beforeAll(async () => {
    slow = await startTestServer({ staticDir: null, market: SCAN_MARKET }, { SCAN_TIME_BUDGET_MS: '1' });
  }, 60_000);
  afterAll(async () => {
    await slow?.stop();
  });

  test('a scan past its time budget answers 504 with the time-out message', async () => {
    const carol = await signedIn(slow, 'carol-scans@example.com');
    const res = await carol.request('/api/v1/scans/run', {
      method: 'POST',
      body: JSON.stringify({ strategy: 'iron_condor', filters: LOOSE }),
    });
    const body = await bad(res, 504, 'TIMEOUT');
    expect(body.message).toBe(
      'Unable to handle the request in a reasonable amount of time. Please try to change the parameters and try again.',
    );
  });
});
