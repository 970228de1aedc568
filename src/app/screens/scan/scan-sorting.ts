/**
 * The results table's sorting (spec 2 §4.5): one column, or two levels at most. Each column's
 * menu offers: sort only this column ascending or descending, sort it first, sort it second, and
 * 'Don't sort this column'. Pure: the page keeps the sorting in the draft.
 */
import type { SortPair } from './scan-draft.ts';

export const MAX_SORT_LEVELS = 2;

export type SortChoice = 'only_asc' | 'only_desc' | 'first' | 'second' | 'reset';

export const SORT_CHOICE_LABELS: Readonly<Record<SortChoice, string>> = {
  only_asc: 'Sort ascending',
  only_desc: 'Sort descending',
  first: 'Sort first',
  second: 'Sort second',
  reset: "Don't sort this column",
};

/** The sorting after a menu choice on `key`; unchanged when the choice does not apply. */
export function applySortChoice(sorting: readonly SortPair[], key: string, choice: SortChoice): SortPair[] {
  const own = sorting.find(([k]) => k === key);
  const others = sorting.filter(([k]) => k !== key);
  const direction = own?.[1] ?? 'desc';
  switch (choice) {
    case 'only_asc':
      return [[key, 'asc']];
    case 'only_desc':
      return [[key, 'desc']];
    case 'first':
      return [[key, direction] as SortPair, ...others].slice(0, MAX_SORT_LEVELS);
    case 'second': {
      const first = others[0];
      return first ? [first, [key, direction]] : [...sorting];
    }
    case 'reset':
      // The last sort key stays: a scan always has an order (the server would fall back to the
      // strategy's default, which the page could not show).
      return own && others.length > 0 ? others : [...sorting];
  }
}

/** Which choices a column's menu offers, given the current sorting. */
export function sortChoices(sorting: readonly SortPair[], key: string): SortChoice[] {
  const level = sorting.findIndex(([k]) => k === key);
  const choices: SortChoice[] = ['only_asc', 'only_desc'];
  if (level !== 0) choices.push('first');
  const hasOther = sorting.some(([k]) => k !== key);
  if (level !== 1 && hasOther) choices.push('second');
  if (level !== -1 && hasOther) choices.push('reset');
  return choices;
}

/** The column's place in the sorting: 1-based level and direction, or null. */
export function sortLevel(
  sorting: readonly SortPair[],
  key: string,
): { level: number; direction: 'asc' | 'desc' } | null {
  const i = sorting.findIndex(([k]) => k === key);
  const entry = sorting[i];
  return entry ? { level: i + 1, direction: entry[1] } : null;
}

/** The sorting hint banner over the table. */
export function sortingHint(sorting: readonly SortPair[], title: (key: string) => string): string {
  const words = sorting.map(([k, d]) => `${title(k)} (${d === 'asc' ? 'ascending' : 'descending'})`);
  const order = words.length === 0 ? 'the strategy’s default order' : words.join(', then by ');
  return `Sorted by ${order}. Use a column’s menu to sort by it, or by two columns at most.`;
}
