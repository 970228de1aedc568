/**
 * The figures a result card shows on a phone (768px or less), where the table's columns do not
 * fit side by side: the columns the scan sorts by, then those its filters read, then the table's
 * leading columns, four at most. Pure.
 */
import { columnShowsFilter } from './result-view.ts';
import { resolvedFilter, type SortPair } from './scan-draft.ts';

export const CARD_FIGURE_COUNT = 4;

/** The card's figure columns, in the order the card shows them; never the ticker (its title). */
export function cardFigures(
  columns: readonly string[],
  sorting: readonly SortPair[],
  filters: Readonly<Record<string, unknown>>,
): string[] {
  const shown = columns.filter((key) => key !== 'underlying');
  const active = Object.entries(filters).flatMap(([key, value]) => {
    const resolved = value === null || value === undefined ? undefined : resolvedFilter(key);
    return resolved ? [resolved] : [];
  });
  const sorted = sorting.map(([key]) => key).filter((key) => shown.includes(key));
  const filtered = shown.filter((key) => active.some((f) => columnShowsFilter(key, f)));
  return [...new Set([...sorted, ...filtered, ...shown])].slice(0, CARD_FIGURE_COUNT);
}
