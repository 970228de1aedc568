/**
 * What the All Scans page shows of a list (spec 2 §2.1): its cards sorted by create date (newest
 * first) or title, narrowed to watched scans and to the chosen tags, the empty-list texts, the
 * move menu's entries, and favourite toggles applied to the cached lists.
 */
import {
  LIST_MENU_NAME_MAX,
  ListRole,
  type ListsAnswer,
  type ScanList,
  type ScanSummary,
} from '#api/screener-model.ts';

export type SortBy = 'createDate' | 'title';

export interface ListFilter {
  readonly onlyWatched: boolean;
  /** Tag ids every card must carry (the Predefined list's checkboxes). */
  readonly tagIds: readonly number[];
}

export const EMPTY_TEXTS = {
  saved:
    'Saved scans will appear here. Check out the predefined scans below or use Compose New Scan button above.',
  noTagMatch: 'No scans fit all of the selected tags. Please choose a different set of tags.',
  noWatched: 'No watched scans in this list.',
  custom: 'No scans in this list.',
} as const;

/** The name of a list that is not saved yet. */
export const NEW_LIST_NAME = 'New List';

let titleCollator: Intl.Collator | undefined;
/**
 * Made on first use, not when the page's code loads: building a collator loads the locale's
 * collation data, a task of about 20 ms here (measured) that cards sorted by date never need.
 */
const byTitle = () => {
  titleCollator ??= new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  return titleCollator;
};

export function sortCards(items: readonly ScanSummary[], sortBy: SortBy): ScanSummary[] {
  const sorted = [...items];
  if (sortBy === 'title') {
    const collator = byTitle();
    return sorted.sort((a, b) => collator.compare(a.title, b.title) || a.id - b.id);
  }
  return sorted.sort((a, b) => Date.parse(b.createDate) - Date.parse(a.createDate) || b.id - a.id);
}

export function visibleCards(list: ScanList, filter: ListFilter, sortBy: SortBy): ScanSummary[] {
  const tags = list.role === ListRole.Predefined ? filter.tagIds : [];
  const shown = list.items.filter(
    (card) =>
      // A failed watch is still watched (it counts toward the plan's cap until stopped).
      (!filter.onlyWatched || card.watch.status !== false) &&
      tags.every((id) => card.tags.some((t) => t.id === id)),
  );
  return sortCards(shown, sortBy);
}

/** The text an empty list shows. */
export function emptyText(list: ScanList, filter: ListFilter): string {
  switch (list.role) {
    case ListRole.Saved:
      return EMPTY_TEXTS.saved;
    case ListRole.Predefined:
      return filter.tagIds.length > 0 ? EMPTY_TEXTS.noTagMatch : EMPTY_TEXTS.noWatched;
    case ListRole.Favorites:
      return EMPTY_TEXTS.noWatched;
    default:
      return EMPTY_TEXTS.custom;
  }
}

/** A list name as the move menu shows it: cut at 30 characters. */
export function menuListName(name: string): string {
  return name.length > LIST_MENU_NAME_MAX ? `${name.slice(0, LIST_MENU_NAME_MAX)}…` : name;
}

/** Where a card can move: Saved and the custom lists, except the one it is in. */
export function moveTargets(lists: readonly ScanList[], card: ScanSummary): ScanList[] {
  if (card.isSample) return [];
  return lists.filter((l) => (l.role === null || l.role === ListRole.Saved) && l.listId !== card.listId);
}

/** The cached lists with one scan's favourite mark set (optimistic update). */
export function withFavorite(answer: ListsAnswer, scan: ScanSummary, marked: boolean): ListsAnswer {
  const mark = (c: ScanSummary) => (c.id === scan.id ? { ...c, isFavorite: marked } : c);
  return {
    lists: answer.lists.map((list) => {
      const items = list.items.map(mark);
      if (list.role !== ListRole.Favorites) return { ...list, items };
      const rest = items.filter((c) => c.id !== scan.id);
      return { ...list, items: marked ? [{ ...scan, isFavorite: true }, ...rest] : rest };
    }),
  };
}
