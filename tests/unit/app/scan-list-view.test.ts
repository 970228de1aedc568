import { describe, expect, test } from 'vitest';
import { ListRole, type ScanList, type ScanSummary } from '#api/screener-model.ts';
import {
  EMPTY_TEXTS,
  emptyText,
  menuListName,
  moveTargets,
  sortCards,
  visibleCards,
  withFavorite,
} from '#app/screens/screener/scan-list-view.ts';

const INCOME = { id: 1, name: 'Income', position: 1 };
const BULLISH = { id: 2, name: 'Bullish', position: 2 };

const card = (
  id: number,
  title: string,
  createDate: string,
  extra: Partial<ScanSummary> = {},
): ScanSummary => ({
  id,
  title,
  description: '',
  strategy: 'long_call',
  isSample: false,
  isFavorite: false,
  listId: 10,
  tags: [],
  createDate,
  watch: { status: false, maxCount: 20, usedCount: 0 },
  ...extra,
});
const list = (listId: number, name: string, role: ScanList['role'], items: ScanSummary[] = []): ScanList => ({
  listId,
  name,
  role,
  items,
  tags: [],
});

const a = card(1, 'beta', '2026-01-02T00:00:00Z');
const b = card(2, 'Alpha 10', '2026-01-03T00:00:00Z');
const c = card(3, 'alpha 9', '2026-01-01T00:00:00Z');

describe('sorting cards', () => {
  test('create date: newest first', () => {
    expect(sortCards([a, b, c], 'createDate').map((x) => x.id)).toEqual([2, 1, 3]);
  });
  test('title: case-insensitive, numbers in number order', () => {
    expect(sortCards([a, b, c], 'title').map((x) => x.title)).toEqual(['alpha 9', 'Alpha 10', 'beta']);
  });
});

describe('visible cards', () => {
  const tagged = [
    card(1, 'x', '2026-01-01T00:00:00Z', { tags: [INCOME, BULLISH] }),
    card(2, 'y', '2026-01-02T00:00:00Z', { tags: [INCOME] }),
    card(3, 'z', '2026-01-03T00:00:00Z', { watch: { status: true, maxCount: 20, usedCount: 2 } }),
    // A failed watch counts toward the cap: the user must find it to stop it.
    card(4, 'w', '2025-12-31T00:00:00Z', {
      watch: { status: 'WATCHING_TOO_EXPENSIVE', maxCount: 20, usedCount: 2 },
    }),
  ];
  const predefined = list(1, 'Predefined Scans', ListRole.Predefined, tagged);

  test('the Predefined list keeps the cards carrying every chosen tag', () => {
    const ids = (tagIds: number[]) =>
      visibleCards(predefined, { onlyWatched: false, tagIds }, 'createDate').map((x) => x.id);
    expect(ids([])).toEqual([3, 2, 1, 4]);
    expect(ids([INCOME.id])).toEqual([2, 1]);
    expect(ids([INCOME.id, BULLISH.id])).toEqual([1]);
  });

  test('tags narrow only the Predefined list; Watched narrows every list', () => {
    const saved = list(2, 'Saved Scans', ListRole.Saved, tagged);
    expect(visibleCards(saved, { onlyWatched: false, tagIds: [BULLISH.id] }, 'createDate')).toHaveLength(4);
    expect(visibleCards(saved, { onlyWatched: true, tagIds: [] }, 'createDate').map((x) => x.id)).toEqual([
      3, 4,
    ]);
  });
});

describe('empty texts (spec 2 §2.1)', () => {
  const none = { onlyWatched: false, tagIds: [] };
  test('by list', () => {
    expect(emptyText(list(1, 'Saved Scans', ListRole.Saved), none)).toBe(
      'Saved scans will appear here. Check out the predefined scans below or use Compose New Scan button above.',
    );
    expect(
      emptyText(list(2, 'Predefined Scans', ListRole.Predefined), { onlyWatched: false, tagIds: [1] }),
    ).toBe('No scans fit all of the selected tags. Please choose a different set of tags.');
    expect(emptyText(list(2, 'Predefined Scans', ListRole.Predefined), none)).toBe(EMPTY_TEXTS.noWatched);
    expect(emptyText(list(3, 'Favorites', ListRole.Favorites), none)).toBe('No watched scans in this list.');
    expect(emptyText(list(4, 'Mine', null), none)).toBe('No scans in this list.');
  });
});

describe('the move menu', () => {
  test('list names are cut at 30 characters', () => {
    expect(menuListName('x'.repeat(30))).toBe('x'.repeat(30));
    expect(menuListName('y'.repeat(31))).toBe(`${'y'.repeat(30)}…`);
  });

  test('targets: Saved and own lists, not the current one; none for samples', () => {
    const lists = [
      list(10, 'Saved Scans', ListRole.Saved),
      list(11, 'Favorites', ListRole.Favorites),
      list(12, 'Mine', null),
      list(13, 'Predefined Scans', ListRole.Predefined),
    ];
    expect(moveTargets(lists, card(1, 'x', '2026-01-01T00:00:00Z')).map((l) => l.listId)).toEqual([12]);
    expect(
      moveTargets(lists, card(1, 'x', '2026-01-01T00:00:00Z', { listId: 12 })).map((l) => l.listId),
    ).toEqual([10]);
    expect(moveTargets(lists, card(1, 'x', '2026-01-01T00:00:00Z', { isSample: true, listId: 13 }))).toEqual(
      [],
    );
  });
});

describe('favourites in the cached lists', () => {
  test('marking adds the card to Favorites and sets the star everywhere; unmarking removes it', () => {
    const scan = card(5, 'x', '2026-01-01T00:00:00Z');
    const before = {
      lists: [list(10, 'Saved Scans', ListRole.Saved, [scan]), list(11, 'Favorites', ListRole.Favorites, [])],
    };
    const marked = withFavorite(before, scan, true);
    expect(marked.lists[0]!.items[0]!.isFavorite).toBe(true);
    expect(marked.lists[1]!.items.map((x) => [x.id, x.isFavorite])).toEqual([[5, true]]);
    const unmarked = withFavorite(marked, { ...scan, isFavorite: true }, false);
    expect(unmarked.lists[0]!.items[0]!.isFavorite).toBe(false);
    expect(unmarked.lists[1]!.items).toEqual([]);
    expect(before.lists[1]!.items).toEqual([]);
  });
});
