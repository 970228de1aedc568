import { MAX_INDEX, parseColumnKey } from '../columns/column-key.ts';
import { filterByName } from './filter-catalogue.ts';
import type { FilterDefinition } from './filter-definition.ts';
import { FilterValueError } from './filter-value-error.ts';

export interface ResolvedFilterKey {
  readonly definition: FilterDefinition;
  /** Leg, breakeven or scenario number for indexed filters, else null. */
  readonly index: number | null;
}

/**
 * Resolves a key of a scan's `filters` map: a filter name, plus `_<n>` for indexed filters
 * (`breakeven_percent_1`, `leg_delta_2`, `shift_pl_margin_1`). Undefined for an unknown name;
 * throws FilterValueError for a known indexed filter with a missing or out-of-range index.
 */
export const resolveFilterKey = (key: string): ResolvedFilterKey | undefined => {
  const exact = filterByName(key);
  if (exact !== undefined) {
    if (exact.index !== null) throw new FilterValueError(key, `needs a ${exact.index} number, e.g. ${key}_1`);
    return { definition: exact, index: null };
  }
  const { name, index } = parseColumnKey(key);
  const definition = index === null ? undefined : filterByName(name);
  if (definition === undefined || definition.index === null || index === null) return undefined;
  if (index > MAX_INDEX[definition.index]) {
    throw new FilterValueError(key, `${definition.index} number must be 1…${MAX_INDEX[definition.index]}`);
  }
  return { definition, index };
};
