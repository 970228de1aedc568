/**
 * What the query cache writes to the device, and when (docs/OFFLINE.md "What is kept and for how
 * long"): only what is read offline, at most every few seconds and on page hide, never for a live
 * tick alone, under a size cap that drops the oldest scan results first; Sign Out wipes it.
 */
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { dehydrate, onlineManager, QueryClient } from '@tanstack/react-query';
import { persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { LiveQuote } from '#api/hub.ts';
import type { ScanRunAnswer } from '#api/scans.ts';
import type { Position } from '#api/trades.ts';
import {
  cappedText,
  createCachePersister,
  isKeptOffline,
  LAST_SCAN_RESULT,
} from '#app/api/cache-persister.ts';
import { type MirrorStorage, openIdbMirrorStorage } from '#app/api/idb-mirror-storage.ts';
import { createQueryClient, PERSIST_INTERVAL_MS, persistOptions } from '#app/api/query-client.ts';
import { marketKeys } from '#app/features/market/keys.ts';
import { screenerKeys } from '#app/features/screener/keys.ts';
import { tradeKeys } from '#app/features/trades/keys.ts';
import { applyQuotes, applyTradeUpdates } from '#app/live/live-cache.ts';
import { liveKeys } from '#app/live/live-keys.ts';
import { decodeTradeChange } from '#app/live/trade-merge.ts';

/** A storage that counts what reaches it. */
function countingStorage(): MirrorStorage & { writes: number; chars: number } {
  const map = new Map<string, string>();
  const storage = {
    writes: 0,
    chars: 0,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => {
      storage.writes += 1;
      storage.chars += v.length;
      map.set(k, v);
    },
    removeItem: (k: string) => void map.delete(k),
    flush: () => Promise.resolve(),
    clear: () => {
      map.clear();
      return Promise.resolve();
    },
  };
  return storage;
}

const stockPosition = (id: number): Position => ({
  positionId: id,
  accountId: 1,
  openingOrderId: id,
  lastOrderId: id,
  strategy: 'covered_call',
  symbol: 'SPY',
  size: 1,
  legs: [{ contract: { kind: 'stock', symbol: 'SPY' }, quantity: 100, fillPrice: 600, markPrice: 600 }],
  strategyPriceCents: -6_000_000,
  accountEffectCents: -6_000_000,
  plCents: 0,
  initialMarginCents: 6_000_000,
  roi: 0,
  roiAnnualized: null,
  maxProfitGained: null,
  openDate: '2026-03-01T00:00:00Z',
  closeDate: null,
  closedBy: null,
  comments: { open: '', close: null },
  archived: false,
  madeTrade: {},
  data: {},
});

const row = (id: string, bid: number) => ({
  id,
  underlying: 'SPY',
  strategy: 'covered_call',
  legs: [],
  values: { bid, note: 'x'.repeat(2_000) },
});

const answer = (cacheId: string, rows: number): ScanRunAnswer => ({
  items: Array.from({ length: rows }, (_, i) => ({ ...row(`t${i}`, i), similarCount: 0, similar: [] })),
  pageSize: 20,
  totalCount: rows,
  page: 0,
  cacheId,
  narrowed: false,
  asOf: '2026-03-04T15:00:00Z',
  columns: ['bid'],
});

const quote = (last: number): LiveQuote => ({
  id: 'SPY',
  kind: 'stock',
  last,
  change: 0,
  changePercent: 0,
  bid: last,
  ask: last,
  mid: last,
  iv: null,
  delta: null,
});

/** A cache like a signed-in user's with a scan page and the trade log open. */
function filledClient(): QueryClient {
  const qc = new QueryClient({ defaultOptions: { queries: { gcTime: Number.POSITIVE_INFINITY } } });
  qc.setQueryData(screenerKeys.lists(), { lists: [{ id: 1, title: 'Mine' }] });
  qc.setQueryData(screenerKeys.scan(1), { id: 1, title: 'Covered calls' });
  qc.setQueryData([...screenerKeys.all, LAST_SCAN_RESULT, 'def-1'], { answer: answer('c1', 20), at: 1 });
  qc.setQueryData([...screenerKeys.all, 'result', 'c1', 0, false], answer('c1', 20));
  qc.setQueryData(
    tradeKeys.list(1, 'open'),
    Array.from({ length: 50 }, (_, i) => stockPosition(i + 1)),
  );
  qc.setQueryData(marketKeys.chain('SPY'), { rows: 'x'.repeat(50_000) });
  return qc;
}

/** 30 s of live data: quotes and scan-row updates every 1.5 s, as the hub sends them. */
async function liveFor30s(qc: QueryClient): Promise<void> {
  const resultKey = [...screenerKeys.all, 'result', 'c1', 0, false];
  for (let t = 0; t < 20; t++) {
    applyQuotes(qc, [quote(600 + t)], Date.now());
    applyTradeUpdates(qc, () => resultKey, [
      decodeTradeChange({ registrationId: '0', id: 't1', values: { bid: t } }),
    ]);
    await vi.advanceTimersByTimeAsync(1_500);
  }
  await vi.advanceTimersByTimeAsync(PERSIST_INTERVAL_MS);
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('what is kept offline', () => {
  test('lists, scans and their last results, trades, settings, universes, opened chains', () => {
    for (const key of [
      screenerKeys.lists(),
      screenerKeys.scan(3),
      screenerKeys.universes(),
      [...screenerKeys.all, LAST_SCAN_RESULT, '{}'],
      tradeKeys.list(1, 'open'),
      tradeKeys.accounts(),
      ['account', 'settings'],
      ['account', 'subscription'],
      marketKeys.chain('SPY'),
    ])
      expect(isKeptOffline(key), JSON.stringify(key)).toBe(true);
  });

  test('never the live ticks, the live copy of a results page, calculations or previews', () => {
    for (const key of [
      liveKeys.quotes(),
      [...screenerKeys.all, 'result', 'c1', 0, false],
      tradeKeys.calculation({ legs: [] }),
      marketKeys.stockLast('SPY'),
      ['account', 'billing', 'preview', 1],
      ['live'],
    ])
      expect(isKeptOffline(key), JSON.stringify(key)).toBe(false);
  });
});

describe('when it is written', () => {
  test('once per interval however many changes, and at once when the page is hidden', async () => {
    const storage = countingStorage();
    const qc = createQueryClient();
    const { persister, dehydrateOptions, buster } = persistOptions(storage, 'v1');
    const stop = persistQueryClientSubscribe({ queryClient: qc, persister, dehydrateOptions, buster });
    for (let i = 0; i < 10; i++) qc.setQueryData(screenerKeys.scan(i), { id: i });
    await vi.advanceTimersByTimeAsync(PERSIST_INTERVAL_MS - 10);
    expect(storage.writes).toBe(0);
    await vi.advanceTimersByTimeAsync(10);
    expect(storage.writes).toBe(1);

    qc.setQueryData(screenerKeys.scan(99), { id: 99 });
    window.dispatchEvent(new Event('pagehide'));
    expect(storage.writes).toBe(2);
    expect(storage.getItem('query-cache')).toContain('"id":99');
    stop();
  });

  test('a write made offline reaches the device at once, not 5 s later', async () => {
    const storage = countingStorage();
    const qc = createQueryClient();
    const { persister, dehydrateOptions, buster } = persistOptions(storage, 'v1');
    const stop = persistQueryClientSubscribe({ queryClient: qc, persister, dehydrateOptions, buster });
    onlineManager.setOnline(false);
    try {
      const write = qc
        .getMutationCache()
        .build(qc, { mutationKey: ['trades', 'write'], mutationFn: async () => 1 });
      void write.execute(undefined);
      await vi.advanceTimersByTimeAsync(0);
      expect(write.state.isPaused).toBe(true);
      expect(storage.writes).toBe(1);
      expect(storage.getItem('query-cache')).toContain('"isPaused":true');
    } finally {
      onlineManager.setOnline(true);
      stop();
    }
  });

  test('live data alone writes nothing; the former persister rewrote the whole cache on every tick', async () => {
    const measure = async (persister: Parameters<typeof persistQueryClientSubscribe>[0]['persister']) => {
      const qc = filledClient();
      const stop = persistQueryClientSubscribe({
        queryClient: qc,
        persister,
        dehydrateOptions: persistOptions(countingStorage(), 'v1').dehydrateOptions,
      });
      // The state before live data flows is written once.
      qc.setQueryData(screenerKeys.tags(), []);
      await vi.advanceTimersByTimeAsync(PERSIST_INTERVAL_MS);
      return { qc, stop };
    };

    const before = countingStorage();
    const old = await measure(createSyncStoragePersister({ storage: before, key: 'q', throttleTime: 1000 }));
    const oldBaseline = before.writes;
    const oldChars = before.chars;
    await liveFor30s(old.qc);
    old.stop();

    const after = countingStorage();
    const current = await measure(
      createCachePersister({
        storage: after,
        key: 'q',
        intervalMs: PERSIST_INTERVAL_MS,
        maxChars: 4_000_000,
      }),
    );
    const baseline = after.writes;
    const chars = after.chars;
    await liveFor30s(current.qc);
    current.stop();

    const oldWrites = before.writes - oldBaseline;
    const newWrites = after.writes - baseline;
    console.info(
      `writes per 30 s of live data: former ${oldWrites} (${before.chars - oldChars} chars), now ${newWrites} (${after.chars - chars} chars)`,
    );
    expect(oldWrites).toBeGreaterThanOrEqual(15);
    expect(newWrites).toBe(0);
  });

  test('a real change while live data flows is written once', async () => {
    const storage = countingStorage();
    const qc = filledClient();
    const stop = persistQueryClientSubscribe({
      queryClient: qc,
      persister: createCachePersister({
        storage,
        key: 'q',
        intervalMs: PERSIST_INTERVAL_MS,
        maxChars: 4_000_000,
      }),
      dehydrateOptions: persistOptions(countingStorage(), 'v1').dehydrateOptions,
    });
    qc.setQueryData(screenerKeys.tags(), ['a']);
    await liveFor30s(qc);
    expect(storage.writes).toBe(1);
    const written = storage.getItem('q') ?? '';
    expect(written).not.toContain('"live"');
    expect(written).not.toContain('"result"');
    stop();
  });
});

describe('size cap', () => {
  test('drops the oldest scan results first, then the oldest other queries, never the writes', () => {
    const qc = new QueryClient({ defaultOptions: { queries: { gcTime: Number.POSITIVE_INFINITY } } });
    const big = 'x'.repeat(1_000);
    qc.setQueryData([...screenerKeys.all, LAST_SCAN_RESULT, 'old'], big, { updatedAt: 1 });
    qc.setQueryData([...screenerKeys.all, LAST_SCAN_RESULT, 'new'], big, { updatedAt: 3 });
    qc.setQueryData(screenerKeys.lists(), big, { updatedAt: 2 });
    const client = { buster: 'v', timestamp: 0, clientState: dehydrate(qc) };
    const keys = (text: string) =>
      (JSON.parse(text) as typeof client).clientState.queries.map((q) => q.queryKey.at(-1));

    expect(keys(cappedText(client, 10_000))).toEqual(['old', 'new', 'lists']);
    expect(keys(cappedText(client, 3_000))).toEqual(['new', 'lists']);
    expect(keys(cappedText(client, 2_000))).toEqual(['lists']);
    expect(keys(cappedText(client, 1_000))).toEqual([]);
  });
});

describe('sign-out wipe', () => {
  test('empties the persisted cache in memory and in IndexedDB, and a waiting change is dropped', async () => {
    vi.useRealTimers();
    const storage = await openIdbMirrorStorage('wipe-test');
    const persister = createCachePersister({ storage, key: 'q', intervalMs: 50, maxChars: 4_000_000 });
    const qc = filledClient();
    const stop = persistQueryClientSubscribe({ queryClient: qc, persister });
    qc.setQueryData(screenerKeys.tags(), []);
    persister.flush();
    await storage.flush();
    expect((await openIdbMirrorStorage('wipe-test')).getItem('q')).not.toBeNull();

    qc.setQueryData(screenerKeys.tags(), ['waiting']);
    await persister.wipe();
    await new Promise((r) => setTimeout(r, 100));
    await storage.flush();
    expect(storage.getItem('q')).toBeNull();
    expect((await openIdbMirrorStorage('wipe-test')).getItem('q')).toBeNull();
    stop();
  });
});
