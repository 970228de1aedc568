/**
 * An index (SPX here) has no shares: over real HTTP, the order editor's calculation, the submit
 * and both broker exports refuse a stock leg on it with 422 INDEX_NO_STOCK naming the leg, while
 * the same legs on its fund (SPY) pass; scans with a stock leg find nothing on it (runs and CSV
 * exports), while option-only scans do.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { ScanRunAnswer } from '#api/scans.ts';
import type { OrderLeg } from '#api/trades.ts';
import { STRATEGIES } from '#domain/strategies/catalogue.ts';
import { type SignedInClient, signedIn } from '../support/auth.ts';
import { fileServer } from '../support/test-server.ts';
import {
  coveredCall,
  createAccount,
  json,
  legsOn,
  startTradeServer,
  submit,
  TEST_MARKET,
} from '../support/trades.ts';

let alice: SignedInClient;
let accountId: number;
let spx: OrderLeg[];
let spy: OrderLeg[];

const api = fileServer(() =>
  startTradeServer({ market: { ...TEST_MARKET, symbols: [...(TEST_MARKET.symbols ?? []), 'SPX'] } }),
);
beforeAll(async () => {
  alice = await signedIn(api.server, 'alice-index@example.com');
  accountId = (await createAccount(alice, 'Main')).account_id;
  const legsOf = (symbol: string) => legsOn(alice, symbol, (chain, last) => coveredCall(chain, symbol, last));
  spx = await legsOf('SPX');
  spy = await legsOf('SPY');
}, 60_000);

const refused = async (res: Response) => {
  const body = await json<{ code: string; message: string; details?: Record<string, string> }>(res);
  expect(res.status, JSON.stringify(body)).toBe(422);
  expect(body.code).toBe('INDEX_NO_STOCK');
  expect(body.message).toMatch(/index has no shares/);
  expect(body.details).toEqual({ 'legs.0': 'An index has no shares.' });
};
const calculate = (legs: OrderLeg[]) =>
  alice.request('/api/v1/trades/trade', {
    method: 'POST',
    body: JSON.stringify({ strategy: 'covered_call', legs, size: 1 }),
  });
const exportTo = (format: string, legs: OrderLeg[]) =>
  alice.request(`/api/v1/trades/trade/export/${format}`, {
    method: 'POST',
    body: JSON.stringify({ strategy: 'covered_call', legs, size: 1, comment: '' }),
  });

describe('a stock leg on an index is refused', () => {
  test('the editor calculation', async () => {
    await refused(await calculate(spx));
    expect((await calculate(spy)).status).toBe(200);
  });

  test('the submit, which stores nothing', async () => {
    await refused(await submit(alice, accountId, 'covered_call', { legs: spx, size: 1 }));
    const open = await json<unknown[]>(await alice.request(`/api/v1/trades/open?accountId=${accountId}`));
    expect(open).toEqual([]);
    expect((await submit(alice, accountId, 'covered_call', { legs: spy, size: 1 })).status).toBe(200);
  });

  test.each(['thinkorswim', 'tradier'])('the %s export', async (format) => {
    await refused(await exportTo(format, spx));
    expect((await exportTo(format, spy)).status).toBe(200);
  });
});

describe('scans with a stock leg skip the index', () => {
  const scan = (strategy: 'covered_call' | 'bull_call_spread', narrowedToSymbol?: string) => ({
    strategy,
    filters: { days_to_expiration: STRATEGIES[strategy].defaultFilters.days_to_expiration },
    ...(narrowedToSymbol ? { narrowedToSymbol } : {}),
  });
  const run = async (body: unknown) => {
    const res = await alice.request('/api/v1/scans/run', { method: 'POST', body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    return json<ScanRunAnswer>(res);
  };

  test('covered calls: none on SPX, some on SPY; SPX spreads still found', async () => {
    expect((await run(scan('covered_call', 'SPX'))).totalCount).toBe(0);
    expect((await run(scan('covered_call', 'SPY'))).totalCount).toBeGreaterThan(0);
    expect((await run(scan('bull_call_spread', 'SPX'))).totalCount).toBeGreaterThan(0);
    const all = await run(scan('covered_call'));
    expect(all.items.map((row) => (row as { underlying: string }).underlying)).not.toContain('SPX');
  });

  test('the CSV export of a covered call scan on SPX has the titles and no row', async () => {
    const res = await api.server.request('/api/v1/export/options_all', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        Authorization: `Bearer ${alice.token}`,
        body: JSON.stringify({ ...scan('covered_call', 'SPX'), columns: ['underlying', 'strike'] }),
      }).toString(),
    });
    expect(res.status).toBe(200);
    expect((await res.text()).trimEnd().split('\r\n')).toHaveLength(1);
  });
});
