/**
 * The filters of a run that live values can break (`unmet-filters.ts`): its range filters on the
 * datapoints the hub pushes, each with the text the definition panel shows for it. Its own
 * module, loaded once the page shows its content: a run's own rows meet its filters, so the
 * first paint has nothing to mark, and it needs the filters' value parser and display. Pure.
 */
import { isLiveTradeField } from '#api/hub.ts';
import { numericRangeOf } from '#domain/filters/filter-match.ts';
import type { FilterValue } from '#domain/filters/filter-value.ts';
import { parseFilterValue } from '#domain/filters/parse-filter-value.ts';
import type { ScreenerStrategyKey } from '#domain/strategies/strategy-key.ts';
import { filterSummary, indexLabel } from './filter-view.ts';
import { resolvedFilter } from './scan-draft.ts';
import type { LiveCheckedFilter } from './unmet-filters.ts';

/** A run's filter value as the catalogue reads it; null for one it refuses (never checked then). */
function catalogueValue(key: string, raw: unknown): FilterValue | null {
  try {
    return parseFilterValue(key, raw);
  } catch {
    return null;
  }
}

/** The run's range filters on live datapoints (computed once per run, not per row). */
export function liveCheckedFilters(
  filters: Readonly<Record<string, unknown>>,
  strategy: ScreenerStrategyKey,
): LiveCheckedFilter[] {
  const checked: LiveCheckedFilter[] = [];
  for (const [key, raw] of Object.entries(filters)) {
    const resolved = resolvedFilter(key);
    if (!resolved || resolved.def.kind === 'scenario' || !isLiveTradeField(resolved.def.name)) continue;
    const value = catalogueValue(key, raw);
    const range = value && numericRangeOf(value);
    if (!range || (range.min === null && range.max === null)) continue;
    const { def, index } = resolved;
    const label = indexLabel(def, index, strategy);
    checked.push({
      key,
      def,
      index,
      range,
      text: `${def.label}${label ? ` (${label})` : ''} ${filterSummary(def, value)}`,
    });
  }
  return checked;
}
