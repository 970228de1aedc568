import { DataCategory } from '#domain/columns/categories.ts';
import { IndexKind } from '#domain/columns/column-key.ts';
import { type FilterSpec, FilterStage, FilterUnit, filtersOf, preset } from '../filter-definition.ts';
import {
  asContractDollars,
  asDays,
  asDollars,
  asNumber,
  asPercent,
  atLeast,
  atMost,
  between,
  within,
} from '../preset-bands.ts';
import { StrategyScope } from '../strategy-scope.ts';

const f = filtersOf(DataCategory.Spreads, FilterStage.Trade);
const percent = { kind: 'range', unit: FilterUnit.Percent } as const;
const contractMoney = { kind: 'range', unit: FilterUnit.Money, perContract: true } as const;
const probability = {
  kind: 'probability',
  unit: FilterUnit.Percent,
  decimals: 2,
  bounds: { min: 0, max: 1 },
} as const;
const breakeven = { index: IndexKind.Breakeven } as const;

const PROFIT_ODDS = atLeast([0.5, 0.6, 0.7, 0.8, 0.9], asPercent);
const LOSS_ODDS = atMost([0.1, 0.2, 0.3, 0.4, 0.5], asPercent);
const RETURN_BANDS = atLeast([0.01, 0.02, 0.05, 0.1], asPercent);
const ANNUAL_RETURN_BANDS = atLeast([0.05, 0.1, 0.2, 0.5, 1], asPercent);

/** A return and its annualized twin (× 365 / days to expiration). */
const returnPair = (spec: Omit<FilterSpec, 'kind'> & { readonly what: string }) => [
  f({ ...spec, ...percent, presets: RETURN_BANDS }),
  f({
    ...spec,
    name: `${spec.name}_annualized`,
    label: `${spec.label} (Annualized)`,
    help: `${spec.what} scaled to a year: × 365 / days to expiration.`,
    ...percent,
    presets: ANNUAL_RETURN_BANDS,
  }),
];

const SHAPE_LABELS: Readonly<Record<string, string>> = {
  balanced: 'Balanced',
  riskless_down: 'Riskless down',
  riskless_up: 'Riskless up',
};

/** A shape choice map; `withAny` adds the 'Any' entry, and the first code is the default. */
const shape = (
  spec: Pick<FilterSpec, 'name' | 'label' | 'help' | 'appliesTo'>,
  codes: readonly [string, ...string[]],
  withAny: boolean,
) =>
  f({
    ...spec,
    kind: 'choice_map',
    unit: FilterUnit.None,
    choices: [
      ...(withAny ? [{ label: 'Any', value: null }] : []),
      ...codes.map((code) => ({ label: SHAPE_LABELS[code] ?? code, value: code })),
    ],
    defaultValue: { type: 'choice_map', values: [codes[0]] },
  });

export const SPREADS_FILTERS = [
  f({
    name: 'spread_width',
    label: 'Spread Width',
    help: 'Distance between the outermost strikes, per share, as a band or the width closest to a target.',
    kind: 'range_or_closest',
    unit: FilterUnit.Money,
    appliesTo: StrategyScope.MultiStrike,
    bounds: { min: 0, max: null },
    presets: atMost([1, 3, 5, 10], asDollars),
  }),
  f({
    name: 'butterfly_width',
    label: 'Wing Width',
    help: "Distance between a butterfly's body strike and its wings, per share.",
    kind: 'range',
    unit: FilterUnit.Money,
    appliesTo: StrategyScope.Butterflies,
    bounds: { min: 0, max: null },
    presets: atMost([1, 2.5, 5, 10], asDollars),
  }),
  f({
    name: 'strike_diff',
    label: 'Strike Difference',
    help: 'Back-leg strike minus front-leg strike of a diagonal, per share.',
    kind: 'range',
    unit: FilterUnit.Money,
    appliesTo: StrategyScope.Diagonals,
    presets: within([1, 2.5, 5, 10], asDollars),
  }),
  f({
    name: 'expiration_diff_days',
    label: 'Expiration Gap',
    help: 'Days between the front (sold) and back (bought) expirations.',
    kind: 'range',
    unit: FilterUnit.Days,
    appliesTo: StrategyScope.MultiExpiration,
    bounds: { min: 0, max: null },
    presets: [
      ...between(
        [
          [7, 14],
          [14, 30],
          [30, 60],
        ],
        asDays,
      ),
      preset('≥ 60 days', 60, null),
    ],
  }),
  f({
    name: 'max_profit',
    label: 'Max. Profit',
    help: 'Largest possible profit of one trade, per contract.',
    ...contractMoney,
    presets: atLeast([0.5, 1, 2.5, 5], asContractDollars),
  }),
  f({
    name: 'max_loss',
    label: 'Max. Loss',
    help: 'Largest possible loss of one trade, per contract: the most you can lose.',
    ...contractMoney,
    bounds: { min: 0, max: null },
    presets: atMost([0.5, 1, 2.5, 5, 10, 15], asContractDollars),
  }),
  f({
    name: 'max_loss_percent',
    label: 'Max. Loss %',
    help: 'Maximum loss per share as a percent of the stock price.',
    ...percent,
    bounds: { min: 0, max: null },
    presets: atMost([0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5], asPercent),
  }),
  ...returnPair({
    name: 'max_return_margin',
    label: 'Max. Return on Margin',
    help: 'Maximum profit divided by the margin the broker holds for the trade.',
    what: 'Maximum return on margin',
    appliesTo: StrategyScope.ShortPremium,
  }),
  ...returnPair({
    name: 'return_acquisition',
    label: 'Return on Acquisition',
    help: 'Profit at expiration if the stock price does not move, divided by the capital needed to open the trade.',
    what: 'Return on acquisition',
  }),
  ...returnPair({
    name: 'covered_call_return_acquisition',
    label: 'If-Called Return',
    help: 'Covered call return if the shares are called away at expiration: (premium + strike − price) / (price − premium).',
    what: 'If-called return',
    appliesTo: StrategyScope.CoveredCall,
  }),
  f({
    name: 'prob_profit',
    label: 'Prob. of Profit',
    help: 'Probability the trade makes money at expiration.',
    ...probability,
    presets: PROFIT_ODDS,
  }),
  f({
    name: 'prob_profit_up',
    label: 'Prob. of Profit (Up)',
    help: "Probability the trade makes money with the stock finishing above today's price.",
    ...probability,
    presets: atLeast([0.2, 0.3, 0.4, 0.5], asPercent),
  }),
  f({
    name: 'prob_profit_down',
    label: 'Prob. of Profit (Down)',
    help: "Probability the trade makes money with the stock finishing below today's price.",
    ...probability,
    presets: atLeast([0.2, 0.3, 0.4, 0.5], asPercent),
  }),
  f({
    name: 'prob_loss',
    label: 'Prob. of Loss',
    help: 'Probability the trade loses money at expiration.',
    ...probability,
    presets: LOSS_ODDS,
  }),
  f({
    name: 'prob_loss_up',
    label: 'Prob. of Loss (Up)',
    help: "Probability the trade loses money with the stock finishing above today's price.",
    ...probability,
    presets: LOSS_ODDS,
  }),
  f({
    name: 'prob_loss_down',
    label: 'Prob. of Loss (Down)',
    help: "Probability the trade loses money with the stock finishing below today's price.",
    ...probability,
    presets: LOSS_ODDS,
  }),
  f({
    name: 'prob_max_profit',
    label: 'Prob. of Max. Profit',
    help: 'Probability the trade reaches its full maximum profit at expiration.',
    ...probability,
    presets: atLeast([0.2, 0.4, 0.6, 0.8], asPercent),
  }),
  f({
    name: 'prob_max_loss',
    label: 'Prob. of Max. Loss',
    help: 'Probability the trade suffers its full maximum loss at expiration.',
    ...probability,
    presets: atMost([0.05, 0.1, 0.2, 0.3], asPercent),
  }),
  f({
    name: 'spread_profit_ratio',
    label: 'Profit Ratio',
    help: 'Maximum profit divided by maximum loss: reward per dollar at risk.',
    kind: 'range',
    bounds: { min: 0, max: null },
    presets: atLeast([0.25, 0.5, 1, 2, 3], asNumber),
  }),
  f({
    name: 'spread_expected_value',
    label: 'Expected Value',
    help: 'Average profit or loss at expiration over the modelled distribution of the stock price, per contract.',
    ...contractMoney,
    presets: atLeast([0, 0.1, 0.25, 0.5], asContractDollars),
  }),
  f({
    name: 'ev_ml',
    label: 'EV / Max. Loss',
    help: 'Expected value divided by maximum loss: expected return on the capital at risk.',
    ...percent,
    presets: atLeast([0, 0.05, 0.1, 0.2], asPercent),
  }),
  f({
    name: 'ev_dte_ml',
    label: 'EV / Max. Loss per Day',
    help: 'Expected value divided by maximum loss and by days to expiration: expected return per day held.',
    ...percent,
    decimals: 5,
    presets: atLeast([0, 0.001, 0.005], asPercent),
  }),
  f({
    name: 'cpd',
    label: 'Credit per Day',
    help: 'Net credit received divided by the days to expiration, per contract.',
    ...contractMoney,
    bounds: { min: 0, max: null },
    presets: atLeast([0.01, 0.05, 0.1], asContractDollars),
  }),
  f({
    name: 'dpd',
    label: 'Debit per Day',
    help: 'Net debit paid divided by the days to expiration, per contract.',
    ...contractMoney,
    bounds: { min: 0, max: null },
    presets: atMost([0.01, 0.05, 0.1], asContractDollars),
  }),
  f({
    name: 'atr_range',
    label: 'ATR Range',
    help: 'Typical stock move until expiration (ATR × √days) in percent of the price.',
    ...percent,
    bounds: { min: 0, max: null },
    presets: [...atMost([0.05], asPercent), ...atLeast([0.05, 0.1, 0.2], asPercent)],
  }),
  f({
    name: 'profit_range_percent',
    label: 'Profit Range %',
    help: 'Width of the price zone where the trade profits at expiration, in percent of the price.',
    ...percent,
    bounds: { min: 0, max: null },
    presets: atLeast([0.05, 0.1, 0.2, 0.3], asPercent),
  }),
  f({
    name: 'loss_range_percent',
    label: 'Loss Range %',
    help: 'Width of the price zone where the trade loses at expiration, in percent of the price.',
    ...percent,
    bounds: { min: 0, max: null },
    presets: atMost([0.05, 0.1, 0.2], asPercent),
  }),
  f({
    name: 'breakeven_percent',
    label: 'Breakeven %',
    help: 'Stock move needed to reach this breakeven, in percent of the price (negative for a move down).',
    ...percent,
    ...breakeven,
    presets: [
      ...within([0.02, 0.05], asPercent),
      preset('≥ 5% up', 0.05, null),
      preset('≥ 5% down', null, -0.05),
      preset('≥ 10% up', 0.1, null),
      preset('≥ 10% down', null, -0.1),
    ],
  }),
  f({
    name: 'atr_breakeven',
    label: 'Breakeven in ATRs',
    help: 'Distance from the price to this breakeven in average true ranges (negative below the price).',
    kind: 'range',
    ...breakeven,
    presets: [
      preset('Within ±1 ATR', -1, 1),
      preset('≥ 1 ATR up', 1, null),
      preset('≥ 1 ATR down', null, -1),
      preset('≥ 2 ATR up', 2, null),
      preset('≥ 2 ATR down', null, -2),
    ],
  }),
  f({
    name: 'atr_vs_bep',
    label: 'ATR Range vs Breakeven',
    help: 'Typical move until expiration divided by the distance to this breakeven: above 1 means a typical move reaches it.',
    kind: 'range',
    ...breakeven,
    bounds: { min: 0, max: null },
    presets: [...atLeast([1, 2], asNumber), ...atMost([1, 0.5], asNumber)],
  }),
  f({
    name: 'iv_ratio',
    label: 'IV Ratio',
    help: 'Implied volatility of the sold options divided by that of the bought ones: above 1 sells the richer options.',
    kind: 'range',
    appliesTo: StrategyScope.MultiLeg,
    bounds: { min: 0, max: null },
    presets: atLeast([1, 1.1, 1.2, 1.5], asNumber),
  }),
  f({
    name: 'theta_ratio',
    label: 'Theta Ratio',
    help: 'Time decay of the sold options divided by that of the bought ones: above 1 means decay works for you.',
    kind: 'range',
    appliesTo: StrategyScope.MultiLeg,
    bounds: { min: 0, max: null },
    presets: atLeast([1, 1.5, 2, 3], asNumber),
  }),
  f({
    name: 'coverage_ratio',
    label: 'Coverage Ratio',
    help: 'Premium of the sold options divided by the premium of the bought ones: how much of the cost is financed.',
    kind: 'range',
    appliesTo: StrategyScope.MultiLeg,
    bounds: { min: 0, max: null },
    presets: atLeast([0.5, 0.8, 1], asNumber),
  }),
  shape(
    {
      name: 'iron_condor_shape',
      label: 'Iron Condor Shape',
      help: 'Balanced keeps condors with equal wings; riskless down or up keeps those that cannot lose on that side.',
      appliesTo: StrategyScope.IronCondor,
    },
    ['balanced', 'riskless_down', 'riskless_up'],
    true,
  ),
  shape(
    {
      name: 'diagonal_spread_shape',
      label: 'Diagonal Shape',
      help: 'Keeps diagonals that cannot lose if the stock falls far (riskless down) or rises far (riskless up).',
      appliesTo: StrategyScope.Diagonals,
    },
    ['riskless_down', 'riskless_up'],
    false,
  ),
  shape(
    {
      name: 'butterfly_shape',
      label: 'Butterfly Shape',
      help: 'Balanced keeps butterflies with equal wings; riskless down or up keeps broken wings that cannot lose on that side.',
      appliesTo: StrategyScope.Butterflies,
    },
    ['balanced', 'riskless_down', 'riskless_up'],
    false,
  ),
];
