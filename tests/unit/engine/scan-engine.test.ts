/**
 * The engine's front on tiny markets: two worker threads give the same pages as the calling
 * thread; an abort cancels a scan; a scan past its budget is TIMEOUT; the per-user cache serves
 * pages without recomputing and keeps the last 3.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { DomainError } from '../../../src/domain/errors.ts';
import { STRATEGIES } from '../../../src/domain/strategies/catalogue.ts';
import { ScanEngine, type ScanRequest, specKey, specOf } from '../../../src/server/engine/scan-engine.ts';
import { ScanCancelledError } from '../../../src/server/engine/scan-run.ts';
import { type TinyMarket, tinyMarket } from './tiny-market.ts';

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

  test('an aborted request cancels its scan', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(pooled.run('u2', loose('iron_condor'), controller.signal)).rejects.toBeInstanceOf(
      ScanCancelledError,
    );
    const slow = pooled.run('u2', { ...loose('custom'), legs: fourLegs }, controller.signal);
    await expect(slow).rejects.toBeInstanceOf(ScanCancelledError);
  });

  test('a scan past its time budget is TIMEOUT', async () => {
    const big = tinyMarket({ seed: 6, underlyings: 6, expirations: 5, strikes: 40 });
    const hurried = new ScanEngine({ market: source(big), workers: 2, timeBudgetMs: 5 });
    try {
      const err = await hurried
        .run('u3', { ...loose('custom'), legs: fourLegs, sorting: [['prob_profit', 'desc']] })
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

const fourLegs = [
  { kind: 'option', right: 'PUT', quantity: 1 },
  { kind: 'option', right: 'PUT', quantity: -1, strike: 'greater' },
  { kind: 'option', right: 'CALL', quantity: -1, strike: 'greater' },
  { kind: 'option', right: 'CALL', quantity: 1, strike: 'greater' },
] as const;
