import { DataCategory } from '#domain/columns/categories.ts';
import { FilterStage, FilterUnit, filtersOf, preset } from '../filter-definition.ts';
import { asNumber, asPercent, atLeast, atMost } from '../preset-bands.ts';

const f = filtersOf(DataCategory.ConsolidatedOptions, FilterStage.Underlying);
const percent = { kind: 'range', unit: FilterUnit.Percent } as const;
const rank = { ...percent, bounds: { min: 0, max: 1 } } as const;
const count = { kind: 'range', decimals: 0, bounds: { min: 0, max: null } } as const;

const rankBands = [
  preset('Low (≤ 20%)', null, 0.2),
  preset('≥ 50%', 0.5, null),
  preset('High (≥ 80%)', 0.8, null),
];

export const CONSOLIDATED_OPTIONS_FILTERS = [
  f({
    name: 'stock_iv',
    label: 'Implied Volatility',
    help: "The underlying's 30-day at-the-money implied volatility, annualized.",
    ...percent,
    bounds: { min: 0, max: null },
    presets: [...atMost([0.2], asPercent), ...atLeast([0.3, 0.5, 0.8], asPercent)],
  }),
  f({
    name: 'stock_iv_pr',
    label: 'IV Rank',
    help: "Where today's implied volatility sits among the past year's values: high ranks favour selling premium.",
    ...rank,
    presets: rankBands,
  }),
  f({
    name: 'stock_rv',
    label: 'Realized Volatility',
    help: 'Historical volatility of daily returns over the last 30 sessions, annualized.',
    ...percent,
    bounds: { min: 0, max: null },
    presets: [...atMost([0.2], asPercent), ...atLeast([0.3, 0.5], asPercent)],
  }),
  f({
    name: 'stock_rv_pr',
    label: 'RV Rank',
    help: "Where today's realized volatility sits among the past year's values.",
    ...rank,
    presets: rankBands,
  }),
  f({
    name: 'stock_iv_rv',
    label: 'IV / RV',
    help: 'Implied divided by realized volatility: above 1 means options price in more movement than the stock has shown.',
    kind: 'range',
    bounds: { min: 0, max: null },
    presets: [...atLeast([1, 1.2, 1.5], asNumber), ...atMost([1], asNumber)],
  }),
  f({
    name: 'stock_skew',
    label: 'Skew',
    help: 'Implied volatility of 25-delta puts minus that of 25-delta calls, 30 days out: high means downside protection is expensive.',
    ...percent,
    presets: [...atLeast([0, 0.05], asPercent), ...atMost([0], asPercent)],
  }),
  f({
    name: 'stock_skew_pr',
    label: 'Skew Rank',
    help: "Where today's skew sits among the past year's values.",
    ...rank,
    presets: rankBands,
  }),
  f({
    name: 'expected_move',
    label: 'Expected Move',
    help: 'One-standard-deviation move over the next 30 days implied by options, in percent of the price.',
    ...percent,
    bounds: { min: 0, max: null },
    presets: [...atMost([0.05], asPercent), ...atLeast([0.05, 0.1, 0.2], asPercent)],
  }),
  f({
    name: 'volatility_score',
    label: 'Volatility Score',
    help: 'Grade from 1 to 10 of how rich option premiums are against their own history and realized volatility.',
    kind: 'range',
    decimals: 0,
    bounds: { min: 1, max: 10 },
    presets: [preset('≥ 8', 8, null), preset('≥ 6', 6, null), preset('≤ 3', null, 3)],
  }),
  f({
    name: 'total_oi',
    label: 'Total Open Interest',
    help: "Open contracts over all of the underlying's options: a measure of option liquidity.",
    ...count,
    presets: atLeast([1_000, 10_000, 50_000, 100_000], asNumber),
  }),
  f({
    name: 'total_vol',
    label: 'Total Option Volume',
    help: "Contracts traded today over all of the underlying's options: a measure of option liquidity.",
    ...count,
    presets: atLeast([1_000, 5_000, 10_000, 50_000], asNumber),
    defaultValue: { type: 'range', min: 5_000, max: null },
  }),
];
