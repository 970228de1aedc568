import { DataCategory } from '#domain/columns/categories.ts';
import { IndexKind } from '#domain/columns/column-key.ts';
import { FilterStage, FilterUnit, filtersOf, preset } from '../filter-definition.ts';
import { asNumber, atLeast, within } from '../preset-bands.ts';
import { StrategyScope } from '../strategy-scope.ts';

const f = filtersOf(DataCategory.Greeks, FilterStage.Trade);
const signed = (plus: string, minus: string) => [preset(plus, 0, null), preset(minus, null, 0)];

export const GREEKS_FILTERS = [
  f({
    name: 'delta',
    label: 'Delta',
    help: 'Net delta of the trade per share: how much it gains for a $1 rise in the stock.',
    kind: 'range',
    presets: [
      preset('Neutral (±0.05)', -0.05, 0.05),
      preset('Neutral (±0.10)', -0.1, 0.1),
      ...signed('Bullish (≥ 0)', 'Bearish (≤ 0)'),
    ],
  }),
  f({
    name: 'gamma',
    label: 'Gamma',
    help: 'Net gamma per share: how much delta changes for a $1 rise in the stock.',
    kind: 'range',
    decimals: 4,
    presets: signed('Long gamma (≥ 0)', 'Short gamma (≤ 0)'),
  }),
  f({
    name: 'theta',
    label: 'Theta',
    help: 'Net theta per share: what the trade gains (positive) or loses per day from time decay.',
    kind: 'range',
    decimals: 4,
    presets: signed('Earns time decay (≥ 0)', 'Pays time decay (≤ 0)'),
  }),
  f({
    name: 'vega',
    label: 'Vega',
    help: 'Net vega per share: what the trade gains for a one-point rise in implied volatility.',
    kind: 'range',
    decimals: 3,
    presets: signed('Long volatility (≥ 0)', 'Short volatility (≤ 0)'),
  }),
  f({
    name: 'leg_delta',
    label: 'Leg Delta',
    help: "Delta of this leg's option (calls 0 to 1, puts −1 to 0), as a band or the option closest to a target delta.",
    kind: 'leg_delta',
    index: IndexKind.Leg,
    unit: FilterUnit.Number,
    decimals: 2,
    bounds: { min: -1, max: 1 },
    presets: [
      preset('Calls 0.15 – 0.30', 0.15, 0.3),
      preset('Calls 0.30 – 0.50', 0.3, 0.5),
      preset('Calls 0.50 – 0.80', 0.5, 0.8),
      preset('Puts −0.30 – −0.15', -0.3, -0.15),
      preset('Puts −0.50 – −0.30', -0.5, -0.3),
      preset('Puts −0.80 – −0.50', -0.8, -0.5),
    ],
  }),
  f({
    name: 'delta_theta_ratio',
    label: 'Delta/Theta Ratio',
    help: 'Net delta divided by net theta: directional risk taken per dollar of daily time decay.',
    kind: 'range',
    appliesTo: StrategyScope.MultiLeg,
    presets: within([5, 10, 20], asNumber),
  }),
  f({
    name: 'gamma_theta_ratio',
    label: 'Gamma/Theta Ratio',
    help: 'Net gamma divided by net theta: exposure to sharp moves per dollar of daily time decay.',
    kind: 'range',
    decimals: 4,
    appliesTo: StrategyScope.MultiLeg,
    presets: within([0.1, 0.5], asNumber),
  }),
  f({
    name: 'move_ratio_1pct',
    label: 'Move Ratio (1%)',
    help: "Change in the trade's value for a 1% rise in the stock, divided by its maximum loss.",
    kind: 'range',
    decimals: 4,
    presets: [...atLeast([0.01, 0.05, 0.1], asNumber), preset('Loses on a rise (≤ 0)', null, 0)],
  }),
  f({
    name: 'move_ratio_1atr',
    label: 'Move Ratio (1 ATR)',
    help: "Change in the trade's value for a one-ATR rise in the stock, divided by its maximum loss.",
    kind: 'range',
    decimals: 4,
    presets: [...atLeast([0.01, 0.05, 0.1], asNumber), preset('Loses on a rise (≤ 0)', null, 0)],
  }),
];
