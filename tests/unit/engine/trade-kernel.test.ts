/**
 * The kernel's numbers are the domain's: for random trades of every strategy on random tiny
 * markets, every trade metric, breakeven metric, scenario metric and per-leg value equals
 * `tradeMetrics` for the same legs, bit for bit (null is NaN in the kernel), and so does whether
 * the trade is takeable (`isTakeable`).
 */

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BID_ASK_LEVELS } from '#domain/metrics/bid-ask.ts';
import { isTakeable } from '#domain/metrics/takeable.ts';
import { tradeMetrics } from '#domain/metrics/trade-metrics.ts';
import type { ScenarioShift, TradeMetrics } from '#domain/metrics/types.ts';
import type { ProbabilityModel } from '#domain/pricing/terminal-distribution.ts';
import { SCREENER_STRATEGY_KEYS, type ScreenerStrategyKey } from '#domain/strategies/strategy-key.ts';
import { LEG_NUMBERS } from '#engine/leg-fields.ts';
import { MarketView } from '#engine/market-view.ts';
import { RowCache } from '#engine/row-cache.ts';
import { type Structure, structureOf } from '#engine/structure.ts';
import { tradeInput } from '#engine/trade-input.ts';
import { TradeKernel } from '#engine/trade-kernel.ts';
import { BREAKEVEN_METRICS, METRIC, SCENARIO_METRICS, SHAPES, TRADE_METRICS } from '#engine/trade-metric.ts';
import { tinyMarket } from './tiny-market.ts';

const SCENARIOS: readonly ScenarioShift[] = [
  { amount: -0.05, unit: 'pct' },
  { amount: 3, unit: 'abs' },
  { amount: 1, unit: 'atr' },
  { amount: -1.5, unit: 'std' },
  { amount: 0, unit: 'target_price' },
];

/** Strike picks for the structure in one market; null when the market cannot hold one. */
function pickRows(
  view: MarketView,
  u: number,
  s: Structure,
  draws: readonly number[],
  strikes: readonly number[],
): number[] | null {
  const c = view.cols.underlyings;
  const g = view.cols.groups;
  const groups = c.groupEnd[u]! - c.groupStart[u]!;
  const draw = (i: number, n: number) => Math.floor(draws[i % draws.length]! * n);
  const twoExp = s.mode !== 'slots';
  if (twoExp && groups < 2) return null;
  const gf = c.groupStart[u]! + draw(0, twoExp ? groups - 1 : groups);
  const gb = twoExp ? gf + 1 + draw(1, c.groupEnd[u]! - gf - 1) : gf;
  const m = (g.end[gf]! - g.start[gf]!) >> 1;
  const slots = s.mode === 'slots' ? s.strikeSlots : 2;
  if (m < slots) return null;
  // Distinct ascending strike indices, one per slot.
  let idx = strikes.slice(0, slots).sort((a, b) => a - b);
  if (idx.some((j) => j >= m)) return null;
  if (s.equalWings) idx = [idx[0]!, idx[1]!, 2 * idx[1]! - idx[0]!];
  if (idx.some((j) => j >= m)) return null;
  if (s.mode === 'calendar') idx = [idx[0]!, idx[0]!];
  if (s.mode === 'diagonal' && draws[3]! < 0.5) idx = [idx[1]!, idx[0]!];
  return s.options.map((o, leg) => {
    const group = o.expirationSlot === 0 ? gf : gb;
    const slot = s.mode === 'slots' ? o.strikeSlot : leg;
    return g.start[group]! + 2 * idx[slot]! + (o.isCall ? 0 : 1);
  });
}

const same = (a: number, b: number | null | undefined) =>
  b === null || b === undefined ? Number.isNaN(a) : Object.is(a, b) || a === b;

function check(kernel: TradeKernel, ref: TradeMetrics, label: string): void {
  for (const name of TRADE_METRICS) {
    let want: unknown = (ref as unknown as Record<string, unknown>)[name];
    if (name.endsWith('_secondary')) continue;
    if (name === 'earnings_date') continue;
    if (typeof want === 'string') want = SHAPES.indexOf(want as (typeof SHAPES)[number]);
    const got = kernel.metric(METRIC[name]);
    if (!same(got, want as number | null)) throw new Error(`${label} ${name}: kernel ${got}, domain ${want}`);
  }
  const bes = ref.breakevens;
  for (let i = 1; i <= 3; i++) {
    const lists: Record<string, readonly (number | null)[] | null> = {
      breakeven: bes,
      breakeven_percent: ref.breakeven_percent,
      atr_breakeven: ref.atr_breakeven,
      atr_vs_bep: ref.atr_vs_bep,
    };
    for (const name of BREAKEVEN_METRICS) {
      const want = lists[name]?.[i - 1];
      const got = kernel.breakeven(name, i);
      if (!same(got, want)) throw new Error(`${label} ${name}_${i}: kernel ${got}, domain ${want}`);
    }
  }
  SCENARIOS.forEach((shift, i) => {
    for (const name of SCENARIO_METRICS) {
      const want = ref.scenarios[i]![name];
      const got = kernel.scenario(name, shift);
      if (!same(got, want))
        throw new Error(`${label} ${name} (${shift.unit}): kernel ${got}, domain ${want}`);
    }
  });
}

describe('trade kernel equals tradeMetrics', () => {
  // Every strategy under the default smile model, and under the lognormal alternative.
  const cases = SCREENER_STRATEGY_KEYS.filter((k) => k !== 'custom').flatMap((strategy) =>
    (['smile', 'lognormal'] as const).map((model) => [strategy, model] as const),
  );
  test.each(cases)('%s (%s model)', (strategy: ScreenerStrategyKey, probabilityModel: ProbabilityModel) => {
    const structure = structureOf(strategy, { ratio: { long: 2, short: 5 } });
    let checked = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { minLength: 6, maxLength: 6 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 8 }), { minLength: 4, maxLength: 4 }),
        fc.constantFrom(...BID_ASK_LEVELS.map((l) => l.value)),
        (seed, draws, strikes, level) => {
          const market = tinyMarket({ seed, underlyings: 2, expirations: 4, strikes: 9 });
          const view = new MarketView({ ...market.instant, probabilityModel });
          const u = Math.floor(draws[5]! * 2);
          const rows = pickRows(view, u, structure, draws, strikes);
          if (!rows) return;
          const cache = new RowCache(view);
          const kernel = new TradeKernel(view, cache);
          const state = view.underlyingState(u);
          const c = view.cols.underlyings;
          cache.reset(u, c.optionStart[u]!, c.optionEnd[u]!, state.price, state.dividendYield);
          kernel.setUnderlying(u, state);
          kernel.begin(strategy, level);
          for (const leg of structure.legs) {
            if (leg.kind === 'stock') kernel.addStock(leg.quantity);
            else kernel.addOption(rows[leg.option]!, structure.options[leg.option]!.quantity);
          }
          kernel.finish();
          const ref = tradeMetrics(tradeInput(view, u, structure, rows, level), SCENARIOS);
          // Max loss first: time spreads have a closed form for it alone (no numeric analysis yet).
          const maxLoss = kernel.metric(METRIC.max_loss);
          if (!same(maxLoss, ref.max_loss))
            throw new Error(`${strategy} max_loss alone: ${maxLoss} vs ${ref.max_loss}`);
          // Then whether the trade is takeable: time spreads try their sold strike first.
          if (kernel.takeable() !== isTakeable(ref, state.price))
            throw new Error(`${strategy} seed ${seed} takeable: kernel ${kernel.takeable()}`);
          check(kernel, ref, `${strategy} seed ${seed}`);
          // Per-leg lists.
          const ctx = { view, rows: cache, state };
          for (const name of [
            'moneyness',
            'leg_mid',
            'leg_delta',
            'prob_otm',
            'leg_strike_atr',
            'leg_strike_std21',
            'leg_strike_p_e',
            'leg_strike_forward_p_e',
            'leg_strike_dividend_yield',
            'days_to_expiration',
          ] as const) {
            const list = (ref as unknown as Record<string, readonly number[] | null>)[name];
            rows.forEach((row, i) => {
              const got = LEG_NUMBERS[name]!(ctx, row);
              if (!same(got, list?.[i])) throw new Error(`${strategy} ${name}[${i}]: ${got} vs ${list?.[i]}`);
            });
          }
          checked++;
        },
      ),
      { numRuns: 40, seed: 42 },
    );
    expect(checked).toBeGreaterThan(5);
  });
});
