import { FILTER_STAGE_ORDER, type FilterDefinition, type FilterStage } from './filter-definition.ts';
import { resolveFilterKey } from './filter-key.ts';
import type { FilterValue } from './filter-value.ts';
import { parseWithDefinition } from './parse-filter-value.ts';

export interface CompiledFilter {
  /** The key as written in the scan (`leg_delta_2`). */
  readonly key: string;
  readonly definition: FilterDefinition;
  readonly index: number | null;
  readonly value: FilterValue;
}

export interface CompiledFilters {
  /** Every filter, earliest pipeline stage first, then in the scan's order. */
  readonly filters: readonly CompiledFilter[];
  readonly byStage: Readonly<Record<FilterStage, readonly CompiledFilter[]>>;
}

/**
 * Turns a scan's `filters` map into validated filters grouped by pipeline stage. Unknown filter
 * names are skipped with a warning (old scans may carry retired filters); an unknown value type or
 * a malformed value throws FilterValueError (spec 2 §5). Null or undefined values mean "not set".
 */
export const compileFilters = (
  filters: Readonly<Record<string, unknown>>,
  warn: (msg: string) => void,
): CompiledFilters => {
  const byStage: Record<FilterStage, CompiledFilter[]> = { underlying: [], leg: [], trade: [], scenario: [] };
  for (const [key, raw] of Object.entries(filters)) {
    if (raw === null || raw === undefined) continue;
    const resolved = resolveFilterKey(key);
    if (resolved === undefined) {
      warn(`Unknown filter ${key} skipped`);
      continue;
    }
    const { definition, index } = resolved;
    byStage[definition.stage].push({
      key,
      definition,
      index,
      value: parseWithDefinition(key, definition, raw),
    });
  }
  return { filters: FILTER_STAGE_ORDER.flatMap((s) => byStage[s]), byStage };
};
