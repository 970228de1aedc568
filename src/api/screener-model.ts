/**
 * Shapes and limits of the screener's stored things (spec 2 §3.3–§3.5, spec 3 §3): scans, scan
 * lists, tags and universes, as the API answers them. Free of zod so the app can import the
 * constants without the validation library; the request schemas are in `screener.ts`.
 * Dates are ISO 8601 instants; filter values are the filter catalogue's tagged JSON objects.
 */
import type { FilterValue } from '#domain/filters/filter-value.ts';
import type { ScreenerStrategyKey } from '#domain/strategies/strategy-key.ts';

/** Longest scan title and description (spec 2 §5). */
export const SCAN_TITLE_MAX = 250;
export const SCAN_DESCRIPTION_MAX = 500;
/** The title of a scan saved without one (spec 2 §3.3). */
export const DEFAULT_SCAN_TITLE = 'Untitled Scan';
/** The strategy of a new scan (spec 2 §3.3). */
export const DEFAULT_SCAN_STRATEGY: ScreenerStrategyKey = 'covered_call';
/** Longest list name; the name field shows a hint past it (spec 2 §2.1). */
export const LIST_NAME_MAX = 100;
/** Move-to-list menu entries cut list names at this many characters (spec 2 §2.1). */
export const LIST_MENU_NAME_MAX = 30;
/** Longest universe name, and most symbols in one universe. */
export const UNIVERSE_NAME_MAX = 100;
export const UNIVERSE_SYMBOLS_MAX = 2000;

/** Roles of the fixed lists (spec 2 §3.4); a custom list has none (null). */
export const ListRole = { Saved: 1, Predefined: 2, Favorites: 3 } as const;
export type ListRole = (typeof ListRole)[keyof typeof ListRole];

/** The fixed lists' names. */
export const LIST_ROLE_NAMES: Readonly<Record<ListRole, string>> = {
  [ListRole.Saved]: 'Saved Scans',
  [ListRole.Predefined]: 'Predefined Scans',
  [ListRole.Favorites]: 'Favorites',
};

/** A tag of the gallery (income, bullish, …); `position` orders the tag checkboxes. */
export interface ScanTag {
  id: number;
  name: string;
  position: number | null;
}

/**
 * Watching (spec 2 §4.6): `status` true = watched, false = not watched, a string = the error
 * code of a failed watch. `maxCount` is the plan's limit (0 = the plan has no watching),
 * `usedCount` the scans the user watches now.
 */
export interface ScanWatch {
  status: boolean | string;
  maxCount: number;
  usedCount: number;
}

/** A custom strategy's leg (the engine's shape in `scans.ts`). */
export type ScanCustomLeg =
  | { kind: 'stock'; quantity: number }
  | { kind: 'option'; right: 'CALL' | 'PUT'; quantity: number; strike?: 'same' | 'greater' | undefined };

/** What a scan card shows (the items of a list). */
export interface ScanSummary {
  id: number;
  title: string;
  description: string;
  strategy: ScreenerStrategyKey;
  /** A gallery scan: read-only, can only be duplicated (and favourited). */
  isSample: boolean;
  isFavorite: boolean;
  /** The list the scan lives in: Saved, a custom list, or Predefined for samples. */
  listId: number;
  tags: ScanTag[];
  createDate: string;
  watch: ScanWatch;
}

/**
 * `GET /scans/{id}`: a whole scan. The definition fields are the ones `POST /scans/run` takes
 * (strategy, legs, ratio, filters, sorting, calculationSettings, columns, narrowedToSymbol, page),
 * so the scan page can run a loaded scan as it is. Scenarios are the scenario filters in
 * `filters` (`shift_pl_margin_1`, …).
 */
export interface Scan extends ScanSummary {
  /** Custom strategy only, else null. */
  legs: ScanCustomLeg[] | null;
  /** Ratio spreads only, else null. */
  ratio: { long: number; short: number } | null;
  filters: Record<string, FilterValue>;
  /** One or two [column key, direction]. */
  sorting: [string, 'asc' | 'desc'][];
  calculationSettings: { bid_ask_level: number };
  columns: string[];
  narrowedToSymbol: string | null;
  /** Always 0: a stored scan opens on its first page. */
  page: number;
  updateDate: string;
}

/** The answer of a save, an update and a duplicate: the scan, plus what was dropped from it. */
export interface SavedScanAnswer extends Scan {
  /** Unknown filters, columns or sort keys that were skipped (empty when none). */
  warnings: string[];
}

/** A scan list (spec 2 §3.4): its scans as cards, newest first; tags of its scans (Predefined). */
export interface ScanList {
  listId: number;
  name: string;
  role: ListRole | null;
  items: ScanSummary[];
  tags: ScanTag[];
}

/** `GET /lists`. */
export interface ListsAnswer {
  lists: ScanList[];
}

/** `POST /lists`, `PATCH /lists/{id}`: the list without its items. */
export interface SavedList {
  listId: number;
  name: string;
  role: ListRole | null;
}

/** Universe groups: the user's own and the read-only ones the product ships. */
export const UniverseGroup = { Mine: 'My Universes', Predefined: 'Predefined' } as const;
export type UniverseGroup = (typeof UniverseGroup)[keyof typeof UniverseGroup];

/** A universe (spec 3 §3): `symbols` as text, comma separated; empty text when it has none. */
export interface Universe {
  universe_id: number;
  name: string;
  group: UniverseGroup;
  editable: boolean;
  symbols: string;
}
