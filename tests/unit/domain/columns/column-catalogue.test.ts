import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { DATA_CATEGORY_ORDER, TRADE_LOG_CATEGORY } from '#domain/columns/categories.ts';
import {
  COLUMNS,
  columnByName,
  columnForKey,
  columnGroups,
  isSortableKey,
} from '#domain/columns/column-catalogue.ts';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from '#domain/columns/column-definition.ts';

/** Datapoints spec 2 §3.7 names in snake_case. */
const SPEC_ROW_DATAPOINTS = [
  'underlying',
  'name',
  'strategy',
  'expiration_date',
  'days_to_expiration',
  'strike',
  'moneyness',
  'stock_last',
  'stock_change',
  'stock_iv',
  'stock_iv_pr',
  'earnings_date',
  'divnq',
  'divnqxdt',
  'sector_id',
  'type_id',
  'industry',
  'analyst_recommendation',
  'market_cap',
  'p_e',
  'forward_p_e',
  'peg',
  'p_s',
  'p_b',
  'eps_ttm',
  'beta',
  'roe',
  'payout',
  'bid',
  'ask',
  'mid',
  'bid_secondary',
  'ask_secondary',
  'mid_secondary',
  'bid_ask_spread',
  'bid_ask_spread_pc',
  'open_interest',
  'change_percent',
  'leg_mid',
  'leg_bid_ask_spread',
  'prob_otm',
  'delta',
  'gamma',
  'theta',
  'vega',
  'breakeven_percent',
  'atr_breakeven',
  'shift_pl',
  'shift_pl_margin',
  'new_max_profit_at',
  'new_max_loss_at',
  'new_prob_profit_at',
  'new_prob_loss_at',
  'rsi',
  'ma',
  'ma_percentile',
  'ma_crossover',
  'macd',
  'stochastic',
  'bollinger',
  'stock_score',
  'stock_rating',
];

/** §3.7 fields named in words ("debt ratios", "intraday high and low", "probabilities", "leg_strike_* lists"). */
const DESCRIBED_ROW_DATAPOINTS = [
  'debt_equity',
  'lt_debt_equity',
  'insider_transactions',
  'institutional_transactions',
  'intraday_high',
  'intraday_low',
  'prob_profit',
  'prob_loss',
  'prob_max_profit',
  'prob_max_loss',
  'return_acquisition',
  'max_return_margin',
  'leg_strike_atr',
  'leg_strike_p_e',
  'leg_strike_forward_p_e',
  'leg_strike_simple_moving_avg_200_day',
  'leg_strike_week_52_high',
  'leg_strike_week_52_low',
  'leg_strike_target_price_percent',
  'leg_strike_std21',
  'leg_strike_dividend_yield',
];

/** Row fields that are structure, not columns: the row id, live change flags, the chart and the legs table. */
const NOT_COLUMNS = ['id', 'changes', 'pl_profile', 'legs'];

/** Metrics of the order editor's trade calculation (spec 3 §3), shown in the trade log. */
const TRADE_CALCULATION_METRICS = [
  'strategy',
  'underlying',
  'expiration_date',
  'strike',
  'bid',
  'ask',
  'mid',
  'delta',
  'theta',
  'vega',
  'max_profit',
  'max_loss',
  'breakeven_percent',
  'prob_profit',
  'prob_loss',
  'prob_max_profit',
  'prob_max_loss',
  'prob_otm',
  'return_acquisition',
  'return_acquisition_annualized',
  'spread_profit_ratio',
  'spread_expected_value',
  'iv_ratio',
  'theta_ratio',
  'coverage_ratio',
  'intrinsic_value',
  'extrinsic_value',
  'market_cap',
  'p_e',
  'beta',
  'stock_iv',
  'rsi',
  'macd',
];

/** Spec 3 trade log columns: title → key (keys from spec 3's server-side defaults). */
const TRADE_LOG_TITLES = {
  Strategy: 'strategy',
  'Spread Entry Price': 'strategyPrice',
  'Debit/Credit': 'accountEffect',
  Size: 'size',
  PL: 'pl',
  Invested: 'initialMargin',
  ROI: 'roi',
  'ROI (Annualized)': 'roiAnnualized',
  '% of Max. Profit': 'maxProfitGained',
  'Open/Close Date': 'tradeDate',
  Notes: 'comments',
};
const TRADE_TABLE_DEFAULT_KEYS = [
  'underlying',
  'strategy',
  'strike',
  'expiration_date',
  'delta',
  'theta',
  'vega',
  'strategyPrice',
  'size',
  'accountEffect',
  'pl',
  'tradeDate',
  'comments',
];

describe('catalogue covers the specs', () => {
  test.each([...SPEC_ROW_DATAPOINTS, ...DESCRIBED_ROW_DATAPOINTS])('%s is a column', (name) => {
    expect(columnByName(name)).toBeDefined();
  });
  test('structural row fields are not columns', () => {
    for (const name of NOT_COLUMNS) expect(columnByName(name)).toBeUndefined();
  });
  test('trade calculation metrics are offered in the trade log', () => {
    for (const name of TRADE_CALCULATION_METRICS)
      expect(columnByName(name)?.scopes, name).toContain('trades');
  });
  test('trade log columns carry the spec titles', () => {
    for (const [title, key] of Object.entries(TRADE_LOG_TITLES)) expect(columnByName(key)?.title).toBe(title);
    for (const key of TRADE_TABLE_DEFAULT_KEYS) expect(columnByName(key), key).toBeDefined();
  });
  test('about 190 screener datapoints', () => {
    const screener = COLUMNS.filter((c) => c.scopes.includes('screener'));
    expect(screener.length).toBeGreaterThanOrEqual(180);
    expect(screener.length).toBeLessThanOrEqual(200);
  });
});

describe('integrity', () => {
  test('unique names that never end in _<digits>', () => {
    const names = COLUMNS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).not.toMatch(/_\d+$/);
  });
  test('widths within 72–160, titles and descriptions present', () => {
    for (const c of COLUMNS) {
      expect(c.width, c.name).toBeGreaterThanOrEqual(MIN_COLUMN_WIDTH);
      expect(c.width, c.name).toBeLessThanOrEqual(MAX_COLUMN_WIDTH);
      expect(c.title.length, c.name).toBeGreaterThan(0);
      expect(c.description, c.name).toMatch(/^[A-Z%].*\.$/);
    }
  });
  test('columns are listed in category order', () => {
    const order = [...DATA_CATEGORY_ORDER, TRADE_LOG_CATEGORY];
    const ranks = COLUMNS.map((c) => order.indexOf(c.category));
    expect(ranks.every((r) => r >= 0)).toBe(true);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
  });
  test('display rules: percent ×100, gamma, theta and move ratios 4 decimals, per-contract dollars ×100', () => {
    for (const c of COLUMNS) if (c.display === 'percent') expect(c.multiplier, c.name).toBe(100);
    for (const name of ['gamma', 'theta', 'move_ratio_1pct', 'move_ratio_1atr'])
      expect(columnByName(name)?.decimals).toBe(4);
    for (const name of ['max_profit', 'max_loss', 'spread_expected_value', 'shift_pl']) {
      expect(columnByName(name)).toMatchObject({ display: 'money', multiplier: 100 });
    }
    expect(columnByName('strike')).toMatchObject({ display: 'money', multiplier: 1 });
    expect(columnByName('pl')).toMatchObject({ display: 'money', multiplier: 1 });
  });
  test('index kinds', () => {
    expect(columnByName('leg_delta')?.index).toBe('leg');
    expect(columnByName('strike')?.index).toBe('leg');
    expect(columnByName('breakeven_percent')?.index).toBe('breakeven');
    expect(columnByName('shift_pl_margin')?.index).toBe('scenario');
    expect(columnByName('delta')?.index).toBeNull();
  });
});

describe('keys', () => {
  test('columnForKey resolves indexes within limits', () => {
    expect(columnForKey('leg_delta_2')).toMatchObject({ column: { name: 'leg_delta' }, index: 2 });
    expect(columnForKey('leg_delta')).toMatchObject({ column: { name: 'leg_delta' }, index: null });
    expect(columnForKey('leg_delta_5')).toBeUndefined();
    expect(columnForKey('breakeven_percent_3')).toBeUndefined();
    expect(columnForKey('delta_1')).toBeUndefined();
    expect(columnForKey('std21')).toMatchObject({ column: { name: 'std21' }, index: null });
    expect(columnForKey('nope')).toBeUndefined();
  });
  test('sortability', () => {
    expect(isSortableKey('prob_profit')).toBe(true);
    expect(isSortableKey('strike_2')).toBe(true);
    expect(isSortableKey('stock_score')).toBe(false);
    expect(isSortableKey('comments')).toBe(false);
    expect(isSortableKey('nope')).toBe(false);
  });
});

describe('chooser groups', () => {
  test('screener: seven categories in order, no deprecated or trade-log-only columns', () => {
    const groups = columnGroups();
    expect(groups.map((g) => g.category)).toEqual(DATA_CATEGORY_ORDER);
    const names = groups.flatMap((g) => g.columns.map((c) => c.name));
    expect(names).not.toContain('stock_rating');
    expect(names).not.toContain('pl');
    expect(names).toContain('shift_pl');
  });
  test('trade log: position columns first, no scenario columns', () => {
    const groups = columnGroups('trades');
    expect(groups[0]?.category).toBe(TRADE_LOG_CATEGORY);
    const names = groups.flatMap((g) => g.columns.map((c) => c.name));
    expect(names).toContain('pl');
    expect(names).not.toContain('shift_pl');
  });
});

test('docs/COLUMNS.md lists every column', () => {
  const doc = readFileSync(new URL('../../../../docs/COLUMNS.md', import.meta.url), 'utf8');
  for (const c of COLUMNS) expect(doc, c.name).toContain(`\`${c.name}\``);
});
