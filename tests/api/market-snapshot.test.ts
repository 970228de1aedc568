/**
 * `GET /market/snapshot` over HTTP: the device snapshot of the named underlyings (those the
 * market has), or of the names with the most open interest, with the caller's watched scans'
 * underlyings; binary, compressed, versioned, behind
 * the token like every call; a scan on the device reads it. Malformed symbols, too many of them
 * or an unknown parameter answer 400 VALIDATION_FAILED (naming `query.symbols`).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MARKET_SNAPSHOT_MAX_SYMBOLS } from '#api/market-snapshot.ts';
import type { ScanRunAnswer } from '#api/scans.ts';
import type { ListsAnswer, Scan } from '#api/screener-model.ts';
import { STRATEGIES } from '#domain/strategies/catalogue.ts';
import { scanOnDevice } from '#engine/device-scan.ts';
import { DEVICE_SNAPSHOT_TYPE, decodeDeviceSnapshot } from '#engine/device-snapshot.ts';
import { type SignedInClient, signedIn } from '../support/auth.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { json, TEST_MARKET } from '../support/trades.ts';

let server: TestServer;
let alice: SignedInClient;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null, market: TEST_MARKET });
  alice = await signedIn(server, 'alice-snapshot@example.com');
});
afterAll(async () => {
  await server?.stop();
});

const get = (query: string) => alice.request(`/api/v1/market/snapshot${query}`);

describe('GET /market/snapshot', () => {
  test('the named underlyings the market has, compressed, which a scan on the device reads', async () => {
    const res = await get('?symbols=KO,AAPL,ZZZZ,KO');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(DEVICE_SNAPSHOT_TYPE);
    expect(res.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const snapshot = decodeDeviceSnapshot(await res.arrayBuffer());
    // In the market's row order; an unknown name is left out, a repeated one taken once.
    expect([...snapshot.header.symbols].sort()).toEqual(['AAPL', 'KO']);
    expect(snapshot.header.names).toHaveLength(2);
    expect(snapshot.header.optionCount).toBeGreaterThan(100);
    expect(snapshot.header.barCount).toBeGreaterThan(200);
    const page = await scanOnDevice(snapshot, {
      strategy: 'bull_put_spread',
      filters: { ...STRATEGIES.bull_put_spread.defaultFilters, total_vol: null },
    });
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.asOf).toBe(new Date(snapshot.header.asOfMs).toISOString());
    expect(new Set(page.items.map((row) => row.underlying))).toEqual(new Set(['AAPL', 'KO']));
  });

  test('without symbols: the names with the most open interest', async () => {
    const res = await get('');
    expect(res.status).toBe(200);
    const snapshot = decodeDeviceSnapshot(await res.arrayBuffer());
    expect([...snapshot.header.symbols].sort()).toEqual([...(TEST_MARKET.symbols ?? [])].sort());
  });

  test("the underlyings of the caller's watched scans come too", async () => {
    const bob = await signedIn(server, 'bob-snapshot@example.com');
    const lists = await json<ListsAnswer>(await bob.request('/api/v1/lists'));
    const sample = lists.lists
      .flatMap((l) => l.items)
      .find((s) => s.isSample && s.strategy === 'bull_put_spread');
    if (!sample) throw new Error('no bull put spread sample');
    expect((await bob.request(`/api/v1/scans/${sample.id}/watch`, { method: 'PUT' })).status).toBe(200);
    const scan = await json<Scan>(await bob.request(`/api/v1/scans/${sample.id}`));
    const run = await json<ScanRunAnswer>(
      await bob.request('/api/v1/scans/run', {
        method: 'POST',
        body: JSON.stringify({ strategy: scan.strategy, filters: scan.filters, sorting: scan.sorting }),
      }),
    );
    const watched = run.items.slice(0, 10).map((row) => row.underlying);
    expect(watched.some((name) => name !== 'KO')).toBe(true);
    const res = await bob.request('/api/v1/market/snapshot?symbols=KO');
    const snapshot = decodeDeviceSnapshot(await res.arrayBuffer());
    expect([...snapshot.header.symbols].sort()).toEqual([...new Set(['KO', ...watched])].sort());
    // Another user's snapshot does not carry them.
    const only = decodeDeviceSnapshot(await (await get('?symbols=KO')).arrayBuffer());
    expect([...only.header.symbols]).toEqual(['KO']);
  });

  test('needs a token', async () => {
    expect((await server.request('/api/v1/market/snapshot?symbols=KO')).status).toBe(401);
  });

  const tooMany = Array.from(
    { length: MARKET_SNAPSHOT_MAX_SYMBOLS + 1 },
    (_, i) => `S${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`,
  ).join(',');
  test.each([
    ['lower case', '?symbols=ko'],
    ['an empty name', '?symbols=KO,,AAPL'],
    ['nothing', '?symbols='],
    ['not comma-separated', '?symbols=KO%20AAPL'],
    ['a name over 12 letters', '?symbols=TOOLONGSYMBOLX'],
    [`${MARKET_SNAPSHOT_MAX_SYMBOLS + 1} names`, `?symbols=${tooMany}`],
  ])('%s: 400 VALIDATION_FAILED naming symbols', async (_what, query) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    const body = await json<{ code: string; details?: Record<string, string> }>(res);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.details ?? {})).toEqual([expect.stringMatching(/^query\.symbols(\.\d+)?$/)]);
  });

  test('an unknown parameter: 400 VALIDATION_FAILED', async () => {
    const res = await get('?symbols=KO&frame=1');
    expect(res.status).toBe(400);
    expect((await json<{ code: string }>(res)).code).toBe('VALIDATION_FAILED');
  });
});
