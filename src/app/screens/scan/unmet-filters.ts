/**
 * The scan's own filters a result row no longer meets (spec 2 §4.7). Live updates recalculate a
 * row's quotes and the metrics built on them, and can carry it past a filter the scan applied
 * (a max loss of $502.50 under 'Max. Loss ≤ $500'). The table keeps such a row where it is (a row
 * never moves under the trader's finger) and marks it. Only the fields the hub pushes can drift:
 * the others were checked by the scan itself, so only range filters on a live datapoint are
 * checked here (`live-checked-filters.ts` picks them). Pure.
 */
import type { ScanTradeRow } from '#api/scans.ts';
import type { FilterDefinition } from '#domain/filters/filter-definition.ts';
import { matchesRange } from '#domain/filters/filter-match.ts';
import type { NumericRange } from '#domain/filters/filter-value.ts';

/** A filter of the run that live values can break, with how the page names it. */
export interface LiveCheckedFilter {
  readonly key: string;
  readonly def: FilterDefinition;
  /** The leg or breakeven number of an indexed filter (1-based). */
  readonly index: number | null;
  readonly range: NumericRange;
  /** 'Max. Loss ≤ $500', as the definition panel shows the filter. */
  readonly text: string;
}

/** The numbers a filter reads from a row: its leg's or breakeven's element, or every leg's. */
function numbersOf(row: ScanTradeRow, filter: LiveCheckedFilter): number[] {
  const value = row.values[filter.def.name];
  if (typeof value === 'number') return [value];
  if (!Array.isArray(value)) return [];
  const list = filter.index === null ? value : [value[filter.index - 1]];
  return list.filter((v): v is number => typeof v === 'number');
}

/**
 * The filters the row's values fail now. Values are compared at the filter's own precision, so
 * a value that only differs from a bound in a far decimal (floating-point noise) still meets it.
 */
export function unmetFilters(row: ScanTradeRow, filters: readonly LiveCheckedFilter[]): LiveCheckedFilter[] {
  return filters.filter((f) =>
    numbersOf(row, f).some((n) => !matchesRange(Number(n.toFixed(f.def.decimals)), f.range)),
  );
}
