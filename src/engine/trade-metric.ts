import { PROBABILITY_METRICS, SCENARIO_METRICS } from '#domain/metrics/metric-groups.ts';

/**
 * The trade-level numbers the engine filters and sorts on, by datapoint name, with a small integer
 * id for the kernel's switch. Codes (price type, shapes) are numbers here: shapes sort as their
 * names do (balanced 0 < riskless_down 1 < riskless_up 2), null is NaN.
 */
export const TRADE_METRICS = [
  'bid',
  'ask',
  'mid',
  'bid_ask_spread',
  'bid_ask_spread_pc',
  'price',
  'cost',
  'bid_secondary',
  'ask_secondary',
  'mid_secondary',
  'max_profit',
  'max_loss',
  'max_loss_percent',
  'margin',
  'profit_range_percent',
  'loss_range_percent',
  'atr_range',
  ...PROBABILITY_METRICS,
  'return_acquisition',
  'return_acquisition_annualized',
  'max_return_margin',
  'max_return_margin_annualized',
  'covered_call_return_acquisition',
  'covered_call_return_acquisition_annualized',
  'spread_profit_ratio',
  'cpd',
  'dpd',
  'delta',
  'gamma',
  'theta',
  'vega',
  'rho',
  'intrinsic_value',
  'extrinsic_value',
  'iv_ratio',
  'theta_ratio',
  'coverage_ratio',
  'delta_theta_ratio',
  'gamma_theta_ratio',
  'move_ratio_1pct',
  'move_ratio_1atr',
  'spread_width',
  'strike_diff',
  'butterfly_width',
  'expiration_diff_days',
  'iron_condor_shape',
  'butterfly_shape',
  'diagonal_spread_shape',
  'earnings_date',
] as const;
export type TradeMetricName = (typeof TRADE_METRICS)[number];

export const METRIC: { readonly [K in TradeMetricName]: number } = Object.fromEntries(
  TRADE_METRICS.map((name, i) => [name, i]),
) as { readonly [K in TradeMetricName]: number };

const METRIC_SET: ReadonlySet<string> = new Set(TRADE_METRICS);
export const isTradeMetric = (name: string): name is TradeMetricName => METRIC_SET.has(name);

/** Metrics indexed by breakeven (1 lower, 2 upper). */
export const BREAKEVEN_METRICS = ['breakeven', 'breakeven_percent', 'atr_breakeven', 'atr_vs_bep'] as const;
export type BreakevenMetricName = (typeof BREAKEVEN_METRICS)[number];

export { SCENARIO_METRICS };
export type ScenarioMetricName = (typeof SCENARIO_METRICS)[number];

export const SHAPES = ['balanced', 'riskless_down', 'riskless_up'] as const;
export const EARNINGS_RELATIONS = ['before_expiration', 'after_expiration'] as const;
