/**
 * "Show the math" explains exactly what the metrics compute: for several strategies, every value
 * the explanation ends in is the trade row's own metric for the same input, the price intervals
 * between breakevens are a whole distribution, and the sums it shows add up to the totals.
 */
import { describe, expect, test } from 'vitest';
import { type ExplainStep, explainTrade, type TradeExplanation } from '#domain/metrics/explain.ts';
import { tradeMetrics } from '#domain/metrics/trade-metrics.ts';
import type { TradeInput } from '#domain/metrics/types.ts';
import { defaultLegs, legsFromTemplates, templateSlots } from '#domain/strategies/default-legs.ts';
import { STRATEGY_KEYS } from '#domain/strategies/strategy-key.ts';
import { AS_OF, BACK, call, DAY_MS, FRONT, put, shares, trade } from './fixtures.ts';

const TRADES: Record<string, TradeInput> = {
  'bull put spread at the conservative level': trade(
    'bull_put_spread',
    [put(-1, 95, 2.1), put(1, 90, 0.95)],
    {
      level: 0.5,
    },
  ),
  'iron condor at best case': trade(
    'iron_condor',
    [put(1, 85, 0.4), put(-1, 90, 1.0), call(-1, 110, 1.1), call(1, 115, 0.5)],
    { level: -0.5 },
  ),
  'long call (unlimited profit)': trade('long_call', [call(1, 105, 2.4)], { level: 0.25 }),
  'short straddle (uncovered)': trade('short_straddle', [call(-1, 100, 3.5), put(-1, 100, 3.2)]),
  'covered call': trade('covered_call', [shares(100), call(-1, 105, 1.6)]),
  'call butterfly with a drift': trade(
    'call_butterfly',
    [call(1, 95, 6.5), call(-2, 100, 3.5), call(1, 105, 1.6)],
    {
      drift: 0.1,
    },
  ),
  'call calendar (valued before the back expiry)': trade('long_call_calendar_spread', [
    call(-1, 100, 3.5),
    call(1, 100, 5.2, BACK),
  ]),
};

/** Every strategy of the catalogue from its template: strikes from 90 by 5, varied mids and IVs. */
const CATALOGUE: [string, TradeInput][] = STRATEGY_KEYS.filter((k) => k !== 'custom').map((strategy, n) => {
  const templates = defaultLegs(strategy);
  const slots = templateSlots(templates);
  const strikes = Array.from({ length: slots.strikes }, (_, i) => 90 + 5 * i);
  const legs = legsFromTemplates(templates, {
    underlying: 'XYZ',
    strikes,
    expirations: [FRONT, BACK],
    lots: 1,
  });
  const quotes = legs.map((l, i) =>
    l.contract.kind === 'stock'
      ? { ...l, bid: 99.99, ask: 100.01, iv: 0 }
      : { ...l, bid: 1 + ((n + 3 * i) % 7), ask: 1.2 + ((n + 3 * i) % 7), iv: 0.2 + 0.05 * (i % 3) },
  );
  const level = [0.5, 0, -0.5][n % 3]!;
  return [
    strategy,
    trade(strategy, quotes, { level, horizonMs: slots.expirations ? undefined : AS_OF + 30 * DAY_MS }),
  ];
});

const steps = (e: TradeExplanation): ExplainStep[] => e.sections.flatMap((s) => s.steps);
const stepValue = (e: TradeExplanation, key: string): number | null | undefined =>
  steps(e).find((s) => s.key === key)?.value;

describe('the explanation of a trade', () => {
  for (const [name, input] of [...Object.entries(TRADES), ...CATALOGUE]) {
    test(`${name}: ends in the trade's own metrics`, () => {
      const m = tradeMetrics(input);
      const e = explainTrade(input);
      expect(stepValue(e, 'cost')).toBe(m.cost);
      expect(stepValue(e, 'price')).toBe(m.price);
      expect(stepValue(e, 'max_profit')).toBe(m.max_profit);
      expect(stepValue(e, 'max_loss')).toBe(m.max_loss);
      expect(
        steps(e)
          .filter((s) => s.key === 'breakevens')
          .map((s) => s.value),
      ).toEqual(m.breakevens);
      for (const key of [
        'prob_profit',
        'prob_loss',
        'prob_max_profit',
        'prob_max_loss',
        'spread_expected_value',
        'ev_ml',
        'margin',
        'return_acquisition',
        'return_acquisition_annualized',
        'max_return_margin',
        'spread_profit_ratio',
      ] as const) {
        expect(stepValue(e, key), key).toBe(m[key]);
      }
      expect(e.legs.map((l) => l.fill * l.weight).reduce((a, b) => a + b, 0)).toBeCloseTo(m.cost, 12);
    });

    test(`${name}: the intervals between breakevens are the whole distribution`, () => {
      const e = explainTrade(input);
      const m = tradeMetrics(input);
      const total = e.distribution.regions.reduce((p, r) => p + r.probability, 0);
      expect(total).toBeCloseTo(1, 12);
      const profit = e.distribution.regions.filter((r) => r.outcome === 'profit');
      expect(profit.reduce((p, r) => p + r.probability, 0)).toBeCloseTo(m.prob_profit, 12);
      expect(e.distribution.regions.map((r) => r.lo).slice(1)).toEqual(m.breakevens);
      expect(JSON.parse(JSON.stringify(e))).toEqual(e);
    });
  }

  test('the expected value of a piecewise-linear P/L is the sum of its terms', () => {
    for (const input of Object.values(TRADES).filter((t) => t.strategy !== 'long_call_calendar_spread')) {
      const e = explainTrade(input);
      const ev = e.sections.find((s) => s.key === 'expected_value')!.steps;
      const terms = ev.filter((s) => s.key.startsWith('ev_') && s.key !== 'ev_ml');
      expect(terms.length).toBeGreaterThan(1);
      const sum = terms.reduce((p, t) => p + t.value!, 0);
      expect(sum).toBeCloseTo(tradeMetrics(input).spread_expected_value, 10);
    }
  });

  test('a calendar has no closed-form terms: its expected value is integrated', () => {
    const e = explainTrade(TRADES['call calendar (valued before the back expiry)']!);
    const ev = e.sections.find((s) => s.key === 'expected_value')!.steps;
    expect(ev.map((s) => s.key)).toEqual(['spread_expected_value', 'ev_ml']);
    expect(ev[0]!.formula).toMatch(/numeric integration/);
  });

  test('the arithmetic reads with the numbers a calculator needs', () => {
    const e = explainTrade(TRADES['bull put spread at the conservative level']!);
    // Sell the 95 put at the bid, buy the 90 put at the ask: 2.00 and 1.05.
    expect(e.legs.map((l) => l.fillWorking)).toEqual([
      '2.1000 − 0.50 × (2.2000 − 2.0000) = 2.0000',
      '0.9500 + 0.50 × (1.0500 − 0.8500) = 1.0500',
    ]);
    const cost = steps(e).find((s) => s.key === 'cost')!;
    expect(cost.working).toBe('− 1.00 × 2.0000 + 1.00 × 1.0500 = -0.9500');
    expect(e.distribution.model).toMatch(/Lognormal/);
    expect(e.distribution.parameters.map((p) => p.symbol)).toEqual(['S', 'σ', 'μ', 'T']);
    expect(e.distribution.regions.map((r) => r.outcome)).toEqual(['loss', 'profit']);
    expect(e.distribution.regions[0]!.working).toMatch(/^Φ\(-?\d+\.\d{4}\) − 0$/);
  });
});
