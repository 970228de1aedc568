/**
 * The column chooser's rules (spec 2 §2.5): which columns a strategy's scan offers, the
 * 'Filter as you type' search, ticking a column on or off, and reordering the chosen ones.
 * Pure: the chooser renders these.
 */
import type { ColumnCategory } from '#domain/columns/categories.ts';
import { columnForKey } from '#domain/columns/column-catalogue.ts';
import type { ColumnDefinition } from '#domain/columns/column-definition.ts';
import { searchColumns } from '#domain/columns/column-search.ts';
import { FILTERS } from '#domain/filters/filter-catalogue.ts';

export interface ChoiceGroup {
  readonly category: ColumnCategory;
  readonly columns: readonly ColumnDefinition[];
}

/**
 * Columns a strategy's scan can fill: a datapoint that only filters of other strategies show
 * (a spread's width for a single option, say) is left out; one no filter names is always offered.
 */
export function offeredFor(strategy: string): (name: string) => boolean {
  const applying = new Set<string>();
  const shown = new Set<string>();
  for (const filter of FILTERS) {
    for (const name of filter.datapoints) {
      shown.add(name);
      if ((filter.appliesTo as readonly string[]).includes(strategy)) applying.add(name);
    }
  }
  return (name) => applying.has(name) || !shown.has(name);
}

/** The chooser's list: the search's matches (case-insensitive, title or description) the strategy offers, by category. */
export function chooserGroups(strategy: string, query: string): ChoiceGroup[] {
  const offered = offeredFor(strategy);
  return searchColumns(query)
    .map((g) => ({ category: g.category, columns: g.columns.filter((c) => offered(c.name)) }))
    .filter((g) => g.columns.length > 0);
}

/** A column key's title; an indexed key names its leg, breakeven or scenario (`Strike 2`). */
export function columnKeyTitle(key: string): string {
  const resolved = columnForKey(key);
  if (resolved === undefined) return key;
  return resolved.index === null ? resolved.column.title : `${resolved.column.title} ${resolved.index}`;
}

/** Ticks a column on (added last) or off; the last column left stays. */
export function toggleColumn(selected: readonly string[], key: string): string[] {
  if (!selected.includes(key)) return [...selected, key];
  const rest = selected.filter((k) => k !== key);
  return rest.length > 0 ? rest : [...selected];
}

/** Moves the column at `from` to position `to` (a drag), clamped to the list. */
export function moveColumnTo(selected: readonly string[], from: number, to: number): string[] {
  const next = [...selected];
  if (from < 0 || from >= next.length) return next;
  const [key] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, key as string);
  return next;
}

/** One step up (−1) or down (+1). */
export const moveColumn = (selected: readonly string[], index: number, step: -1 | 1): string[] =>
  moveColumnTo(selected, index, index + step);
