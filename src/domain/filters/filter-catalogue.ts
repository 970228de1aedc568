import { CONSOLIDATED_OPTIONS_FILTERS } from './catalogue/consolidated-options-filters.ts';
import { DESCRIPTIVE_FILTERS } from './catalogue/descriptive-filters.ts';
import { FUNDAMENTAL_FILTERS } from './catalogue/fundamental-filters.ts';
import { GREEKS_FILTERS } from './catalogue/greeks-filters.ts';
import { OPTION_DATA_FILTERS } from './catalogue/option-data-filters.ts';
import { SCENARIO_FILTERS } from './catalogue/scenario-filters.ts';
import { SPREADS_FILTERS } from './catalogue/spreads-filters.ts';
import { TECHNICAL_FILTERS } from './catalogue/technical-filters.ts';
import type { FilterDefinition } from './filter-definition.ts';
import { isScreenerStrategy } from './strategy-scope.ts';

/** Every filter of spec 2 §3.9, grouped in the category order of spec 2 §3.8. */
export const FILTERS: readonly FilterDefinition[] = [
  ...DESCRIPTIVE_FILTERS,
  ...TECHNICAL_FILTERS,
  ...FUNDAMENTAL_FILTERS,
  ...CONSOLIDATED_OPTIONS_FILTERS,
  ...OPTION_DATA_FILTERS,
  ...GREEKS_FILTERS,
  ...SPREADS_FILTERS,
  ...SCENARIO_FILTERS,
];

const BY_NAME: ReadonlyMap<string, FilterDefinition> = new Map(FILTERS.map((f) => [f.name, f]));

/** The filter of that exact name (no index suffix), or undefined. */
export const filterByName = (name: string): FilterDefinition | undefined => BY_NAME.get(name);

/**
 * Filters offered for a strategy (the 'get available filters' answer, spec 2 §7): those that apply
 * to it, without the deprecated ones. Throws for a key that is not a screener strategy.
 */
export const filtersForStrategy = (strategyKey: string): readonly FilterDefinition[] => {
  if (!isScreenerStrategy(strategyKey)) throw new RangeError(`Unknown strategy: ${strategyKey}`);
  return FILTERS.filter((f) => !f.deprecated && f.appliesTo.includes(strategyKey));
};
