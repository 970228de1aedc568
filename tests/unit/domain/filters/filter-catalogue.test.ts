import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { DATA_CATEGORY_ORDER } from '#domain/columns/categories.ts';
import { columnByName } from '#domain/columns/column-catalogue.ts';
import { FILTERS, filterByName, filtersForStrategy } from '#domain/filters/filter-catalogue.ts';
import { FilterStage } from '#domain/filters/filter-definition.ts';
import { INDICATOR_KINDS } from '#domain/filters/filter-value.ts';
import { parseFilterValue } from '#domain/filters/parse-filter-value.ts';
import { SCREENER_STRATEGIES } from '#domain/filters/strategy-scope.ts';

/** Every snake_case filter name spelled out in spec 2 §3.9, with the "(and _annualized)" variants expanded. */
const SPEC_FILTER_NAMES = {
  descriptive: [
    'include_symbols',
    'exclude_symbols',
    'sector',
    'type_id',
    'weekly_options',
    'expiration_type',
    'expiration_date',
    'days_to_expiration',
    'earnings_date',
    'earnings_date_picker',
    'divnqxdt',
    'ipo_date',
  ],
  optionPricing: [
    'bid',
    'ask',
    'mid',
    'volume',
    'open_interest',
    'change_percent',
    'leg_mid',
    'option_volume_power',
  ],
  greeksAndValues: [
    'delta',
    'gamma',
    'theta',
    'vega',
    'prob_otm',
    'moneyness',
    'intrinsic_value',
    'extrinsic_value',
    'strike',
  ],
  spreadAndReturns: [
    'spread_width',
    'max_profit',
    'max_loss',
    'max_loss_percent',
    'max_return_margin',
    'max_return_margin_annualized',
    'return_acquisition',
    'return_acquisition_annualized',
    'covered_call_return_acquisition',
    'covered_call_return_acquisition_annualized',
    'prob_max_profit',
    'prob_max_loss',
    'spread_profit_ratio',
    'spread_expected_value',
    'ev_ml',
    'ev_dte_ml',
    'cpd',
    'dpd',
    'atr_range',
    'delta_theta_ratio',
    'gamma_theta_ratio',
    'move_ratio_1pct',
    'move_ratio_1atr',
    'loss_range_percent',
    'profit_range_percent',
    'prob_profit',
    'prob_profit_up',
    'prob_profit_down',
    'prob_loss',
    'prob_loss_up',
    'prob_loss_down',
  ],
  shapesAndRatios: [
    'iron_condor_shape',
    'diagonal_spread_shape',
    'butterfly_shape',
    'butterfly_width',
    'iv_ratio',
    'theta_ratio',
    'coverage_ratio',
    'expiration_diff_days',
    'strike_diff',
  ],
  technical: ['rsi', 'ma', 'ma_percentile', 'ma_crossover', 'macd', 'stochastic', 'bollinger'],
  stock: [
    'atr_dollar',
    'atr_percent',
    'average_volume',
    'dividend_yield',
    'forward_p_e',
    'p_e',
    'peg',
    'price_book_ratio',
    'p_s',
    'price_free_cash_flow',
    'return_on_equity',
    'insider_transactions',
    'market_cap',
    'payout_ratio',
    'beta',
    'stock_iv',
    'stock_iv_rv',
    'stock_rv',
    'total_oi',
    'total_vol',
    'stock_volume',
    'stock_change',
    'stock_position',
    'target_price_percent',
  ],
  indexed: [
    'breakeven_percent',
    'atr_breakeven',
    'atr_vs_bep',
    'leg_delta',
    'leg_strike_atr',
    'leg_strike_p_e',
    'leg_strike_forward_p_e',
    'leg_strike_simple_moving_avg_200_day',
    'leg_strike_week_52_high',
    'leg_strike_week_52_low',
    'leg_strike_target_price_percent',
    'leg_strike_std21',
    'leg_strike_dividend_yield',
  ],
  scenario: [
    'shift_pl_margin',
    'new_max_profit_at',
    'new_max_loss_at',
    'new_prob_profit_at',
    'new_prob_loss_at',
  ],
} as const;

/**
 * Filters spec 2 §3.9 names only in words ("intraday option high and low", "EPS and sales growth
 * variants", "performance (month, quarter, half year, year, ytd)", ...); these are the names chosen.
 */
const DESCRIBED_FILTER_NAMES = [
  'intraday_high',
  'intraday_low',
  'bid_ask_spread',
  'bid_ask_spread_pc',
  'leg_bid_ask_spread',
  'leg_bid_ask_spread_pc',
  'analyst_recommendation',
  'analyst_recommendation_change_1w',
  'analyst_recommendation_change_1m',
  'analyst_recommendation_change_6m',
  'eps_growth_this_year',
  'eps_growth_next_year',
  'eps_growth_past_5y',
  'eps_growth_next_5y',
  'eps_growth_qoq',
  'sales_growth_past_5y',
  'sales_growth_qoq',
  'gross_margin',
  'operating_margin',
  'profit_margin',
  'current_ratio',
  'quick_ratio',
  'debt_equity',
  'lt_debt_equity',
  'performance_month',
  'performance_quarter',
  'performance_half_year',
  'performance_year',
  'performance_ytd',
  'week_52_high',
  'week_52_low',
  'stock_iv_pr',
  'stock_skew_pr',
  'stock_rv_pr',
  'expected_move',
  'volatility_score',
  'stock_score_fundamental',
  'stock_score_growth',
  'stock_score_technical',
  'stock_rating',
  'stock_last',
  'volume_power',
  'simple_moving_avg_20_day',
  'simple_moving_avg_50_day',
  'simple_moving_avg_200_day',
];

describe('filter catalogue covers spec 2 §3.9', () => {
  test.each(Object.values(SPEC_FILTER_NAMES).flat())('%s exists', (name) => {
    expect(filterByName(name)).toBeDefined();
  });

  test.each(DESCRIBED_FILTER_NAMES)('described filter %s exists', (name) => {
    expect(filterByName(name)).toBeDefined();
  });

  test('indexed filters take a breakeven or leg index', () => {
    for (const name of SPEC_FILTER_NAMES.indexed) {
      const expected = /^(breakeven_percent|atr_breakeven|atr_vs_bep)$/.test(name) ? 'breakeven' : 'leg';
      expect(filterByName(name)?.index, name).toBe(expected);
    }
  });

  test('scenario filters are indexed by scenario and evaluated at the scenario stage', () => {
    for (const name of SPEC_FILTER_NAMES.scenario) {
      expect(filterByName(name)).toMatchObject({ kind: 'scenario', index: 'scenario', stage: 'scenario' });
    }
  });

  test('technical filters are indicator kinds with the spec default parameters', () => {
    for (const name of SPEC_FILTER_NAMES.technical)
      expect(INDICATOR_KINDS).toContain(filterByName(name)?.kind);
    expect(filterByName('rsi')?.defaultValue).toMatchObject({ length: 14 });
    expect(filterByName('ma')?.defaultValue).toMatchObject({ maType: 'sma', length: 200 });
    expect(filterByName('ma_crossover')?.defaultValue).toMatchObject({ fast: 50, slow: 200 });
    expect(filterByName('macd')?.defaultValue).toMatchObject({ fast: 12, slow: 26, signal: 9 });
    expect(filterByName('stochastic')?.defaultValue).toMatchObject({
      kLength: 14,
      kSmoothing: 1,
      dLength: 3,
    });
    expect(filterByName('bollinger')?.defaultValue).toMatchObject({ length: 20 });
  });

  test('the value kinds the spec lists are used where it says', () => {
    expect(filterByName('expiration_type')?.choices).toEqual([
      { label: 'Any', value: null },
      { label: 'Monthly', value: 'standard' },
      { label: 'Weekly', value: 'weekly' },
    ]);
    expect(filterByName('iron_condor_shape')?.choices.map((c) => c.value)).toEqual([
      null,
      'balanced',
      'riskless_down',
      'riskless_up',
    ]);
    expect(filterByName('diagonal_spread_shape')?.choices.map((c) => c.value)).toEqual([
      'riskless_down',
      'riskless_up',
    ]);
    expect(filterByName('butterfly_shape')?.choices.map((c) => c.value)).toEqual([
      'balanced',
      'riskless_down',
      'riskless_up',
    ]);
    expect(filterByName('leg_delta')).toMatchObject({
      kind: 'leg_delta',
      decimals: 2,
      bounds: { min: -1, max: 1 },
    });
    expect(filterByName('prob_profit')).toMatchObject({ kind: 'probability', decimals: 2, multiplier: 100 });
    expect(filterByName('sector')?.kind).toBe('sector');
    expect(filterByName('weekly_options')).toMatchObject({ kind: 'boolean', label: 'Has weekly options' });
    expect(filterByName('type_id')?.choices.map((c) => [c.label, c.value])).toEqual([
      ['Stock', 1],
      ['ETF', 2],
      ['Index', 3],
    ]);
    expect(filterByName('earnings_date_picker')?.defaultValue).toEqual({
      type: 'date_range',
      mode: 'relative',
      from: 0,
      to: 7,
    });
  });

  test('presets the spec quotes', () => {
    const labels = (name: string) => filterByName(name)?.presets.map((p) => [p.label, p.range]);
    expect(labels('spread_width')).toEqual(
      expect.arrayContaining([
        ['≤ $3', [null, 3]],
        ['≤ $5', [null, 5]],
        ['≤ $10', [null, 10]],
      ]),
    );
    // Max loss is stored per share and shown per contract: $50 … $1,500.
    expect(labels('max_loss')?.[0]).toEqual(['≤ $50', [null, 0.5]]);
    expect(labels('max_loss')?.at(-1)).toEqual(['≤ $1,500', [null, 15]]);
    expect(labels('max_loss_percent')?.[0]).toEqual(['≤ 0.5%', [null, 0.005]]);
    expect(labels('max_loss_percent')?.at(-1)).toEqual(['≤ 50%', [null, 0.5]]);
    expect(labels('moneyness')).toEqual([
      ['±2%', [-0.02, 0.02]],
      ['±5%', [-0.05, 0.05]],
      ['±10%', [-0.1, 0.1]],
      ['±15%', [-0.15, 0.15]],
    ]);
  });

  test('display multipliers: percent 100, per-contract money the option multiplier, else 1', () => {
    expect(filterByName('max_loss_percent')?.multiplier).toBe(100);
    expect(filterByName('max_loss')?.multiplier).toBe(100);
    expect(filterByName('max_loss')?.unit).toBe('money');
    expect(filterByName('spread_width')?.multiplier).toBe(1);
    expect(filterByName('delta')?.multiplier).toBe(1);
  });
});

describe('catalogue integrity', () => {
  test('names are unique and never end in _<digits> (the index suffix)', () => {
    const names = FILTERS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).not.toMatch(/_\d+$/);
  });

  test('every filter has a label, one-sentence help and a known group', () => {
    for (const f of FILTERS) {
      expect(f.label.length, f.name).toBeGreaterThan(0);
      expect(f.help, f.name).toMatch(/^[A-Z].*\.$/);
      expect(DATA_CATEGORY_ORDER).toContain(f.group);
    }
  });

  test('every shown datapoint is a column, with the index kind of the filter', () => {
    for (const f of FILTERS) {
      for (const d of f.datapoints) {
        const column = columnByName(d);
        expect(column, `${f.name} → ${d}`).toBeDefined();
        if (f.index !== null) expect(column?.index, `${f.name} → ${d}`).toBe(f.index);
      }
    }
  });

  test('a filter sits in the category of the first column it shows', () => {
    for (const f of FILTERS) {
      const first = f.datapoints[0];
      if (first !== undefined) expect(f.group, f.name).toBe(columnByName(first)?.category);
    }
  });

  test('presets are ordered bands inside the value bounds', () => {
    for (const f of FILTERS) {
      for (const { label, range } of f.presets) {
        const [lo, hi] = range;
        const where = `${f.name} ${label}`;
        expect(lo !== null || hi !== null, where).toBe(true);
        if (lo !== null && hi !== null) expect(lo, where).toBeLessThanOrEqual(hi);
        for (const v of [lo, hi]) {
          if (v === null) continue;
          if (f.bounds.min !== null) expect(v, where).toBeGreaterThanOrEqual(f.bounds.min);
          if (f.bounds.max !== null) expect(v, where).toBeLessThanOrEqual(f.bounds.max);
        }
      }
    }
  });

  test('presets parse as values of their filter unchanged', () => {
    for (const f of FILTERS) {
      const key = f.index === null ? f.name : `${f.name}_1`;
      for (const { range } of f.presets) {
        const [min, max] = range;
        const raw =
          f.kind === 'range_or_closest' || f.kind === 'leg_delta'
            ? { type: f.kind, mode: 'range', min, max }
            : f.kind === 'scenario'
              ? { type: f.kind, shift: -0.05, unit: 'pct', min, max }
              : { type: f.kind, min, max };
        expect(parseFilterValue(key, raw), key).toMatchObject({ min, max });
      }
    }
  });

  test('every default value parses and round-trips', () => {
    for (const f of FILTERS) {
      const key = f.index === null ? f.name : `${f.name}_1`;
      expect(parseFilterValue(key, f.defaultValue), f.name).toEqual(f.defaultValue);
    }
  });

  test('pipeline stages follow the data a filter needs', () => {
    for (const f of FILTERS) {
      if (f.kind === 'scenario') expect(f.stage, f.name).toBe(FilterStage.Scenario);
      else if (f.perLeg || f.index === 'leg') expect(f.stage, f.name).toBe(FilterStage.Leg);
      else if (f.index === 'breakeven') expect(f.stage, f.name).toBe(FilterStage.Trade);
      if ((INDICATOR_KINDS as readonly string[]).includes(f.kind))
        expect(f.stage, f.name).toBe(FilterStage.Underlying);
      if (f.group === 'Fundamental Data') expect(f.stage, f.name).toBe(FilterStage.Underlying);
      if (f.group === 'Spreads Specific' && f.kind !== 'scenario')
        expect(f.stage, f.name).toBe(FilterStage.Trade);
    }
  });

  test('choice kinds have choices, list kinds an item kind', () => {
    for (const f of FILTERS) {
      if (f.kind === 'choice_map' || f.kind === 'equals' || f.kind === 'sector') {
        expect(f.choices.length, f.name).toBeGreaterThan(0);
      }
      if (f.kind === 'any_of' || f.kind === 'none_of') expect(f.itemKind, f.name).not.toBeNull();
    }
  });
});

describe('filtersForStrategy', () => {
  const names = (strategy: string) => filtersForStrategy(strategy).map((f) => f.name);

  test('every strategy gets the universal filters, none deprecated', () => {
    for (const s of SCREENER_STRATEGIES) {
      expect(names(s)).toEqual(
        expect.arrayContaining(['total_vol', 'days_to_expiration', 'max_loss', 'leg_delta']),
      );
      expect(filtersForStrategy(s).some((f) => f.deprecated)).toBe(false);
    }
  });

  test('shape filters only for their strategies', () => {
    expect(names('iron_condor')).toContain('iron_condor_shape');
    expect(names('iron_butterfly')).not.toContain('iron_condor_shape');
    expect(names('call_butterfly')).toEqual(expect.arrayContaining(['butterfly_shape', 'butterfly_width']));
    expect(names('long_put_diagonal_spread')).toEqual(
      expect.arrayContaining(['diagonal_spread_shape', 'strike_diff', 'expiration_diff_days']),
    );
    expect(names('long_call_calendar_spread')).toContain('expiration_diff_days');
    expect(names('long_call_calendar_spread')).not.toContain('strike_diff');
  });

  test('spread filters skip single options; margin returns skip long premium', () => {
    expect(names('long_call')).not.toContain('spread_width');
    expect(names('long_straddle')).not.toContain('spread_width');
    expect(names('bull_put_spread')).toContain('spread_width');
    expect(names('long_call')).not.toContain('max_return_margin');
    expect(names('naked_put')).toContain('max_return_margin_annualized');
    expect(names('covered_call')).toContain('covered_call_return_acquisition');
    expect(names('naked_call')).not.toContain('covered_call_return_acquisition');
  });

  test('an unknown strategy throws', () => {
    expect(() => filtersForStrategy('long_stock')).toThrow(/Unknown strategy/);
  });
});

test('docs/FILTERS.md lists every filter', () => {
  const doc = readFileSync(new URL('../../../../docs/FILTERS.md', import.meta.url), 'utf8');
  for (const f of FILTERS) expect(doc, f.name).toContain(`\`${f.name}`);
});
