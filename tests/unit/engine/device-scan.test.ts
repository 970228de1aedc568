/**
 * Scans on the device answer what the server answers: the server's device snapshot of a market,
 * decoded and scanned by the app worker's `scanOnDevice`, gives the rows, order and values of the
 * server engine's `POST /scans/run` first page over the same market instant (its worker threads,
 * its shards cut by expiration). With a subset of the names, the snapshot's renumbered rows give
 * the server's scan limited to those names. A snapshot of another version or cut short is refused.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { STRATEGIES } from '#domain/strategies/catalogue.ts';
import { scanOnDevice } from '#engine/device-scan.ts';
import { DeviceSnapshotError, decodeDeviceSnapshot } from '#engine/device-snapshot.ts';
import type { ScanRequest } from '#engine/scan-page.ts';
import { ScanEngine } from '#server/engine/scan-engine.ts';
import { createSimulatedMarket } from '#server/market/simulator.ts';

const SYMBOLS = ['SPY', 'AAPL', 'MSFT', 'KO', 'JPM', 'XOM', 'PFE', 'INTC', 'F', 'BAC', 'T', 'WMT'];
const market = createSimulatedMarket(
  { seed: 11, universe: 'S', hours: 'always', symbols: SYMBOLS },
  { clock: () => Date.parse('2026-03-04T15:30:00Z') },
);
const engine = new ScanEngine({ market: () => market, workers: 2, timeBudgetMs: 120_000 });
afterAll(() => engine.close());

const decoded = (symbols: readonly string[] | null) =>
  decodeDeviceSnapshot(engine.deviceSnapshot(symbols).buffer);

const defaultScan = (
  strategy: ScanRequest['strategy'],
  filters: Record<string, unknown> = {},
): ScanRequest => ({
  strategy,
  filters: { ...STRATEGIES[strategy].defaultFilters, ...filters },
});

const sameAnswer = async (
  request: ScanRequest,
  serverRequest: ScanRequest,
  symbols: readonly string[] | null,
) => {
  const server = await engine.run('u', serverRequest);
  const device = await scanOnDevice(decoded(symbols), request);
  expect(device.items).toEqual(server.items);
  expect({ ...device, items: [], cacheId: '' }).toEqual({ ...server, items: [], cacheId: '' });
  return server;
};

describe('a scan on the device', () => {
  test.each([
    ['covered_call', {}],
    ['bull_put_spread', {}],
    ['iron_condor', {}],
    ['long_call_calendar_spread', {}],
    ['short_strangle', { total_vol: null, days_to_expiration: null }],
    ['bull_put_spread', { rsi: { type: 'rsi', length: 9, behavior: 'above', from: 10, to: null } }],
  ] as const)('%s %j: the server’s first page, row for row', async (strategy, filters) => {
    const server = await sameAnswer(defaultScan(strategy, filters), defaultScan(strategy, filters), SYMBOLS);
    expect(server.items.length).toBeGreaterThan(0);
  });

  test('a snapshot of some names gives the server’s scan of those names', async () => {
    const some = ['AAPL', 'KO', 'XOM', 'WMT'];
    const request = defaultScan('bull_put_spread', { total_vol: null });
    const server = await sameAnswer(
      request,
      { ...request, filters: { ...request.filters, include_symbols: { type: 'any_of', values: some } } },
      some,
    );
    expect(new Set(server.items.map((row) => row.underlying))).toEqual(new Set(some));
  });

  test('without names it holds the names with the most open interest, at most 300', () => {
    const snapshot = decoded(null);
    expect([...snapshot.header.symbols].sort()).toEqual([...SYMBOLS].sort());
    expect(snapshot.header.names.every((name) => name.length > 0)).toBe(true);
  });

  test('a snapshot that is not one, of another version, or cut short is refused', () => {
    const bytes = engine.deviceSnapshot(['KO']).buffer;
    const copy = () => bytes.slice(0);
    expect(() => decodeDeviceSnapshot(new ArrayBuffer(16))).toThrow(DeviceSnapshotError);
    const other = copy();
    new DataView(other).setUint32(4, 2, true);
    expect(() => decodeDeviceSnapshot(other)).toThrow(/version 2/);
    expect(() => decodeDeviceSnapshot(copy().slice(0, bytes.byteLength - 8))).toThrow(/cut short/);
  });
});
