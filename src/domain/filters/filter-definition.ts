import type { DataCategory } from '../columns/categories.ts';
import type { IndexKind } from '../columns/column-key.ts';
import { OPTION_MULTIPLIER } from '../contracts/contract.ts';
import type { FilterKind, FilterValue, NumericRange } from './filter-value.ts';
import { type ScreenerStrategy, StrategyScope } from './strategy-scope.ts';

/**
 * Where in the scan pipeline a filter can first be evaluated, so the engine can push it down:
 * per underlying (stock data), per option leg candidate, per combined trade, or per trade and
 * scenario (needs a re-pricing after a stock move).
 */
export const FilterStage = {
  Underlying: 'underlying',
  Leg: 'leg',
  Trade: 'trade',
  Scenario: 'scenario',
} as const;
export type FilterStage = (typeof FilterStage)[keyof typeof FilterStage];
export const FILTER_STAGE_ORDER: readonly FilterStage[] = ['underlying', 'leg', 'trade', 'scenario'];

/** Unit of a filter's numbers, for the input adornment ($, %, days). */
export const FilterUnit = {
  Number: 'number',
  Money: 'money',
  Percent: 'percent',
  Days: 'days',
  Date: 'date',
  None: 'none',
} as const;
export type FilterUnit = (typeof FilterUnit)[keyof typeof FilterUnit];

/** A preset band: label → [min, max] in domain units, null open. */
export interface FilterPreset {
  readonly label: string;
  readonly range: readonly [number | null, number | null];
}

/** A labelled choice; a null value is the 'Any' entry. */
export interface FilterChoice {
  readonly label: string;
  readonly value: string | number | null;
}

export interface FilterDefinition {
  readonly name: string;
  readonly label: string;
  /** One sentence a trader understands. */
  readonly help: string;
  readonly group: DataCategory;
  readonly kind: FilterKind;
  readonly unit: FilterUnit;
  /** Stored → shown: 100 shows fractions as percent; the option multiplier shows per-share dollars per contract. */
  readonly multiplier: number;
  /** Decimals of the stored value (a percent stored as 0.0525 has 4). */
  readonly decimals: number;
  /** Allowed stored values, null open (probability 0…1, leg delta −1…1, grades 1…10 …). */
  readonly bounds: NumericRange;
  readonly presets: readonly FilterPreset[];
  /** Choices of equals, choice_map and any_of filters. */
  readonly choices: readonly FilterChoice[];
  /** any_of / none_of items: ticker symbols or numeric ids; maxItems caps the list. */
  readonly itemKind: 'symbol' | 'id' | null;
  readonly maxItems: number | null;
  /** Datapoint (column) names the filter shows; an indexed filter shows them with its index. */
  readonly datapoints: readonly string[];
  /** Every option leg must pass (per-leg lists such as open interest). */
  readonly perLeg: boolean;
  /** The filter key carries a leg, breakeven or scenario number (`leg_delta_2`). */
  readonly index: IndexKind | null;
  readonly appliesTo: readonly ScreenerStrategy[];
  readonly stage: FilterStage;
  /** Value a filter gets when the user adds it (spec 2 §4.4). */
  readonly defaultValue: FilterValue;
  /** Still accepted in saved scans; not offered when adding filters. */
  readonly deprecated: boolean;
}

export type FilterSpec = Pick<FilterDefinition, 'name' | 'label' | 'help' | 'kind'> &
  Partial<Omit<FilterDefinition, 'name' | 'label' | 'help' | 'kind' | 'multiplier' | 'group'>> & {
    /** Money stored per share, shown per contract. */
    readonly perContract?: boolean;
  };

const OPEN: NumericRange = { min: null, max: null };

const DEFAULT_DECIMALS: Readonly<Record<FilterUnit, number>> = {
  number: 2,
  money: 2,
  percent: 4,
  days: 0,
  date: 0,
  none: 0,
};

/** Builds preset bands: `preset('< $50', null, 0.5)`. */
export const preset = (label: string, min: number | null, max: number | null): FilterPreset => ({
  label,
  range: [min, max],
});

const firstPresetRange = (presets: readonly FilterPreset[]): NumericRange => {
  const first = presets[0];
  return first === undefined ? OPEN : { min: first.range[0], max: first.range[1] };
};

/** Range-shaped kinds get their first preset (or an open range) unless the spec sets a default. */
const rangeDefault = (kind: FilterKind, presets: readonly FilterPreset[]): FilterValue | undefined => {
  const r = firstPresetRange(presets);
  if (kind === 'range') return { type: 'range', ...r };
  if (kind === 'probability') return { type: 'probability', ...r };
  if (kind === 'range_or_closest') return { type: 'range_or_closest', mode: 'range', ...r };
  if (kind === 'leg_delta') return { type: 'leg_delta', mode: 'range', ...r };
  return undefined;
};

/** Returns a builder that fills the defaults of one group; `stage` defaults to the group's usual one. */
export const filtersOf =
  (group: DataCategory, stage: FilterStage) =>
  (spec: FilterSpec): FilterDefinition => {
    const unit = spec.unit ?? FilterUnit.Number;
    const presets = spec.presets ?? [];
    const defaultValue = spec.defaultValue ?? rangeDefault(spec.kind, presets);
    if (defaultValue === undefined) throw new Error(`Filter ${spec.name} needs a default value`);
    return {
      name: spec.name,
      label: spec.label,
      help: spec.help,
      group,
      kind: spec.kind,
      unit,
      multiplier: unit === FilterUnit.Percent ? 100 : spec.perContract === true ? OPTION_MULTIPLIER : 1,
      decimals: spec.decimals ?? DEFAULT_DECIMALS[unit],
      bounds: spec.bounds ?? OPEN,
      presets,
      choices: spec.choices ?? [],
      itemKind: spec.itemKind ?? null,
      maxItems: spec.maxItems ?? null,
      datapoints: spec.datapoints ?? [spec.name],
      perLeg: spec.perLeg ?? false,
      index: spec.index ?? null,
      appliesTo: spec.appliesTo ?? StrategyScope.All,
      stage: spec.stage ?? (spec.perLeg === true || spec.index === 'leg' ? FilterStage.Leg : stage),
      defaultValue,
      deprecated: spec.deprecated ?? false,
    };
  };
