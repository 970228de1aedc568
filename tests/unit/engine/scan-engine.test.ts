/**
 * The engine's front on tiny markets: two worker threads give the same pages as the calling
 * thread; a fresh scan's first page (from the pinned live frame) is the page its capture gives,
 * and the frame is released once the capture is taken; an abort cancels a scan; a scan past its
 * budget is TIMEOUT; the per-user cache serves pages without recomputing and keeps the last 3; a
 * scan run once is kept in none.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { DomainError } from '#domain/errors.ts';
import { STRATEGIES } from '#domain/strategies/catalogue.ts';
import { type ScanRequest, specKey, specOf } from '#engine/scan-page.ts';
import { ScanCancelledError } from '#engine/scan-run.ts';
import { ScanEngine } from '#server/engine/scan-engine.ts';
import { FOUR_LEGS, TINY_AS_OF, type TinyMarket, tinyMarket } from './tiny-market.ts';

const source = (m: TinyMarket) => () => ({
  snapshot: () => m.snapshot,
  riskFreeRate: () => m.instant.riskFreeRate,
});
const market = tinyMarket({ seed: 5, underlyings: 6, expirations: 5, strikes: 12 });
const pooled = new ScanEngine({ market: source(market), workers: 2, timeBudgetMs: 60_000, pageSize: 4 });
const local = new ScanEngine({ market: source(market), workers: 0, timeBudgetMs: 60_000, pageSize: 4 });
afterAll(async () => {
  await pooled.close();
  await local.close();
});

const loose = (strategy: ScanRequest['strategy']): ScanRequest => ({
  strategy,
  filters: { ...STRATEGIES[strategy].defaultFilters, total_vol: null, days_to_expiration: null },
});

describe('scan engine', () => {
  test.each([
    'bull_put_spread',
    'iron_condor',
    'long_call_calendar_spread',
    'covered_call',
    'short_strangle',
  ] as const)('%s: worker threads give the calling thread’s pages', async (strategy) => {
    for (const page of [0, 1]) {
      const a = await pooled.run('u1', { ...loose(strategy), page });
      const b = await local.run('u1', { ...loose(strategy), page });
      expect(a.items).toEqual(b.items);
      expect(a.totalCount).toBe(b.totalCount);
      expect(a.items.length).toBeGreaterThan(0);
    }
  });

  test.each([
    ['bull_put_spread', null],
    ['iron_condor', null],
    ['covered_call', null],
    ['long_call_calendar_spread', null],
    ['bull_put_spread', 'BBB'],
  ] as const)(
    '%s (narrowed to %s): the first page and export, answered before the capture, are the capture’s',
    async (strategy, narrowedToSymbol) => {
      const m = tinyMarket({ seed: 8, underlyings: 4, expirations: 3, strikes: 10 });
      const named = () => ({ ...source(m)(), underlying: (symbol: string) => ({ name: `${symbol} Inc.` }) });
      const engine = new ScanEngine({ market: named, workers: 0, timeBudgetMs: 60_000, pageSize: 3 });
      const columns = ['underlying', 'name', 'strike', 'max_loss'];
      const request = { ...loose(strategy), narrowedToSymbol, columns };
      const fresh = await engine.run('u', request);
      const freshCsv = await engine.exportCsv('v', 'underlyings_all', request);
      expect(fresh.items.length).toBeGreaterThan(0);
      for (const row of fresh.items) expect(row.values.name).toBe(`${row.underlying} Inc.`);
      // The scans' frame is still pinned for their captures: the writer cannot take it back...
      const other = m.snapshot.back()!;
      m.snapshot.publish(other, TINY_AS_OF + 60_000);
      expect(m.snapshot.back()).toBeNull();
      // ...until they are taken, right after the answers.
      await new Promise((resolve) => setImmediate(resolve));
      expect(m.snapshot.back()).not.toBeNull();
      // The live market is now the other, empty frame: the cached pages read the captures.
      const cached = await engine.run('u', { ...request, cacheId: fresh.cacheId });
      expect(cached.cacheId).toBe(fresh.cacheId);
      expect(cached.items).toEqual(fresh.items);
      const cachedCsv = await engine.exportCsv('u', 'underlyings_all', {
        ...request,
        cacheId: fresh.cacheId,
      });
      expect(cachedCsv).toBe(freshCsv);
      expect(cachedCsv.split('\n').length).toBeGreaterThan(1);
      await engine.close();
    },
  );

  test('an aborted request cancels its scan', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(pooled.run('u2', loose('iron_condor'), controller.signal)).rejects.toBeInstanceOf(
      ScanCancelledError,
    );
    const slow = pooled.run('u2', { ...loose('custom'), legs: FOUR_LEGS }, controller.signal);
    await expect(slow).rejects.toBeInstanceOf(ScanCancelledError);
  });

  test('a scan past its time budget is TIMEOUT', async () => {
    const big = tinyMarket({ seed: 6, underlyings: 6, expirations: 5, strikes: 40 });
    const hurried = new ScanEngine({ market: source(big), workers: 2, timeBudgetMs: 5 });
    try {
      const err = await hurried
        .run('u3', { ...loose('custom'), legs: FOUR_LEGS, sorting: [['prob_profit', 'desc']] })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).code).toBe('TIMEOUT');
    } finally {
      await hurried.close();
    }
  });

  test('pages of a cached scan come from the cache; the last 3 per user are kept', async () => {
    const first = await local.run('u4', loose('bull_put_spread'));
    const again = await local.run('u4', { ...loose('bull_put_spread'), cacheId: first.cacheId, page: 1 });
    expect(again.cacheId).toBe(first.cacheId);
    expect(again.page).toBe(1);
    // A new definition with an old cacheId is a new run, back to page 0.
    const other = await local.run('u4', {
      ...loose('bull_put_spread'),
      sorting: [['max_loss', 'asc']],
      cacheId: first.cacheId,
      page: 2,
    });
    expect(other.cacheId).not.toBe(first.cacheId);
    expect(other.page).toBe(0);
    await local.run('u4', loose('long_call'));
    await local.run('u4', loose('long_put'));
    await expect(
      local.run('u4', { ...loose('bull_put_spread'), cacheId: first.cacheId }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      local.run('someone-else', { ...loose('long_put'), cacheId: other.cacheId }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  test('a scan run once (a watch check) is a run’s first page with its compute time, kept in no cache', async () => {
    const once = await local.runOnce(loose('bull_put_spread'));
    const run = await local.run('u5', loose('bull_put_spread'));
    expect(once.page.items).toEqual(run.items);
    expect(once.page.page).toBe(0);
    expect(once.computeMs).toBeGreaterThan(0);
    for (const user of ['u5', 'watch:u5'])
      await expect(
        local.run(user, { ...loose('bull_put_spread'), cacheId: once.page.cacheId }),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  test('a definition’s key ignores filter order, unset filters and spelled-out defaults', () => {
    const a = specOf({
      strategy: 'iron_condor',
      filters: { max_loss: { type: 'range', min: null, max: 5 }, delta: null },
    });
    const b = specOf({
      strategy: 'iron_condor',
      filters: { delta: undefined, max_loss: { type: 'range', min: null, max: 5 } },
      sorting: STRATEGIES.iron_condor.defaultSorting,
      bidAskLevel: 0.25,
    });
    expect(specKey(a)).toBe(specKey(b));
    expect(specKey(a)).not.toBe(specKey({ ...a, bidAskLevel: 0 }));
    // A saved scan read back from the database has its filter values' keys reordered.
    const stored = specOf({
      strategy: 'iron_condor',
      filters: { max_loss: { max: 5, min: null, type: 'range' } },
    });
    expect(specKey(stored)).toBe(specKey(a));
  });
});
