/**
 * The analyzer's run stops where it is told to: an aborted signal stops it at its next check and no
 * candidate is evaluated after that; a deadline already past stops it as a time-out.
 */
import { describe, expect, test } from 'vitest';
import type { ScenarioRunStandard } from '#api/scenario.ts';
import { ANALYZER_STRATEGY_SETS } from '#domain/scenario/behaviors.ts';
import { createSimulatedMarket } from '#server/market/simulator.ts';
import { runStandard, ScenarioStopped, type ViewRequest, viewSetup } from '#server/scenario/standard-run.ts';
import { ViewSetupCache } from '#server/scenario/view-cache.ts';

const market = createSimulatedMarket(
  { seed: 7, universe: 'S', hours: 'always', symbols: ['QQQ'] },
  { clock: () => Date.parse('2026-03-04T15:30:00Z') },
);
const views = (r: ViewRequest) => viewSetup(market, r);
const spot = market.quote('QQQ')!.last;
const request: ScenarioRunStandard = {
  symbol: 'QQQ',
  ranges: { behavior: 'insideRange', from: Math.round(spot * 0.95), to: Math.round(spot * 1.05) },
  date: market.optionChain('QQQ')!.expirations[19]!.date,
  strategies: [...ANALYZER_STRATEGY_SETS.insideRange],
  bidAskLevel: 0,
  onlyBalanced: false,
  volatility: 0.2,
  drift: 0.04,
  correlationId: null,
  maxRisk: null,
};

describe('analyzer run control', () => {
  test('an aborted run stops at its next check and evaluates nothing more', async () => {
    const controller = new AbortController();
    const reports: number[] = [];
    const run = runStandard(views, request, {
      signal: controller.signal,
      deadline: Infinity,
      progress: (n) => {
        reports.push(n);
        if (n >= 4096) controller.abort();
      },
    });
    const err = await run.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ScenarioStopped);
    expect((err as ScenarioStopped).reason).toBe('cancelled');
    expect(reports.at(-1)).toBe(4096);
    await new Promise((r) => setTimeout(r, 50));
    expect(reports.at(-1)).toBe(4096);
    // Unstopped, the same run evaluates far more.
    let total = 0;
    await runStandard(views, request, { deadline: Infinity, progress: (n) => (total = n) });
    expect(total).toBeGreaterThan(10 * 4096);
  }, 60_000);

  test('a run past its deadline stops as a time-out', async () => {
    const err = await runStandard(views, request, { deadline: performance.now() - 1 }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ScenarioStopped);
    expect((err as ScenarioStopped).reason).toBe('timeout');
  });

  test('the calls of one view share its setup for a while; another view gets its own', () => {
    let now = 0;
    const cache = new ViewSetupCache(market, () => now);
    const first = cache.get(request);
    expect(cache.get({ ...request })).toBe(first);
    expect(cache.get({ ...request, volatility: 0.3 })).not.toBe(first);
    now = 1999;
    expect(cache.get(request)).toBe(first);
    now = 2000;
    expect(cache.get(request)).not.toBe(first);
  });

  test('an index has no shares: its strategies with a stock leg have no candidates, its options do', async () => {
    const indexMarket = createSimulatedMarket(
      { seed: 7, universe: 'S', hours: 'always', symbols: ['SPX'] },
      { clock: () => Date.parse('2026-03-04T15:30:00Z') },
    );
    const price = indexMarket.quote('SPX')!.last;
    const answer = await runStandard(
      (r) => viewSetup(indexMarket, r),
      {
        ...request,
        symbol: 'SPX',
        ranges: { behavior: 'abovePrice', value: Math.round(price * 1.02) },
        date: indexMarket.optionChain('SPX')!.expirations[4]!.date,
        strategies: ['long_stock', 'covered_call', 'collar', 'long_call'],
        onlyBalanced: true,
      },
      { deadline: Infinity },
    );
    expect(answer.results.map((r) => [r.strategy, r.candidates, r.slots.length])).toEqual([
      ['long_stock', 0, 0],
      ['covered_call', 0, 0],
      ['collar', 0, 0],
      ['long_call', expect.any(Number), 10],
    ]);
    expect(answer.results[3]!.candidates).toBeGreaterThan(0);
  });
});
