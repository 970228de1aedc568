import { DataCategory } from '#domain/columns/categories.ts';
import { IndexKind } from '#domain/columns/column-key.ts';
import { FilterStage, FilterUnit, filtersOf } from '../filter-definition.ts';
import { asContractDollars, asPercent, atLeast, atMost } from '../preset-bands.ts';

/**
 * Scenario filters (spec 2 §3.6, §3.9): each carries a stock move (shift and unit) and the range the
 * re-priced metric must fall in. The key's index is the scenario number (`shift_pl_margin_1`).
 */
const f = filtersOf(DataCategory.Spreads, FilterStage.Scenario);
const scenario = { kind: 'scenario', index: IndexKind.Scenario } as const;
const probability = {
  ...scenario,
  unit: FilterUnit.Percent,
  decimals: 2,
  bounds: { min: 0, max: 1 },
} as const;
const contractMoney = { ...scenario, unit: FilterUnit.Money, perContract: true } as const;

export const SCENARIO_FILTERS = [
  f({
    name: 'shift_pl_margin',
    label: 'Scenario P/L on Margin',
    help: 'Profit or loss if the stock moved by the shift right now, as a percent of the margin requirement.',
    ...scenario,
    unit: FilterUnit.Percent,
    datapoints: ['shift_pl', 'shift_pl_margin'],
    presets: [...atLeast([-0.1, 0, 0.1], asPercent)],
    defaultValue: { type: 'scenario', shift: -0.05, unit: 'pct', min: -0.1, max: null },
  }),
  f({
    name: 'new_max_profit_at',
    label: 'Max. Profit After Move',
    help: 'Profit still attainable, per contract, after the stock moves by the shift.',
    ...contractMoney,
    presets: atLeast([0.5, 1, 2.5], asContractDollars),
    defaultValue: { type: 'scenario', shift: 0.05, unit: 'pct', min: 0.5, max: null },
  }),
  f({
    name: 'new_max_loss_at',
    label: 'Max. Loss After Move',
    help: 'Loss still possible, per contract, after the stock moves by the shift.',
    ...contractMoney,
    bounds: { min: 0, max: null },
    presets: atMost([1, 2.5, 5, 10], asContractDollars),
    defaultValue: { type: 'scenario', shift: -0.05, unit: 'pct', min: null, max: 5 },
  }),
  f({
    name: 'new_prob_profit_at',
    label: 'Prob. of Profit After Move',
    help: 'Probability of profit recomputed as if the stock had already moved by the shift.',
    ...probability,
    presets: atLeast([0.3, 0.5, 0.7], asPercent),
    defaultValue: { type: 'scenario', shift: -0.05, unit: 'pct', min: 0.5, max: null },
  }),
  f({
    name: 'new_prob_loss_at',
    label: 'Prob. of Loss After Move',
    help: 'Probability of loss recomputed as if the stock had already moved by the shift.',
    ...probability,
    presets: atMost([0.3, 0.5, 0.7], asPercent),
    defaultValue: { type: 'scenario', shift: -0.05, unit: 'pct', min: null, max: 0.5 },
  }),
];
