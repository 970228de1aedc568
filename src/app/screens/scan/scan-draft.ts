/**
 * The scan being edited on the scan page (spec 2 §3.3, §4.3, §4.4): its definition, the strategy
 * change rules, adding and removing filters (columns rebuilt), scenarios (renumbered on removal),
 * and the bodies of the run, export and save calls. Pure: the page keeps a draft in state.
 */
import type { ScanDefinition } from '#api/scans.ts';
import { DEFAULT_SCAN_STRATEGY, type Scan, type ScanCustomLeg } from '#api/screener-model.ts';
import { columnByName } from '#domain/columns/column-catalogue.ts';
import { formatColumnKey, MAX_INDEX, parseColumnKey } from '#domain/columns/column-key.ts';
import { defaultColumns } from '#domain/columns/default-columns.ts';
import { filterByName } from '#domain/filters/filter-catalogue.ts';
import type { FilterDefinition } from '#domain/filters/filter-definition.ts';
import type { FilterValue } from '#domain/filters/filter-value.ts';
import type { ScenarioShift } from '#domain/metrics/types.ts';
import { STRATEGIES } from '#domain/strategies/catalogue.ts';
import type { ScreenerStrategyKey } from '#domain/strategies/strategy-key.ts';

export type SortPair = [string, 'asc' | 'desc'];

export interface ScanDraft {
  readonly strategy: ScreenerStrategyKey;
  readonly legs: readonly ScanCustomLeg[] | null;
  readonly ratio: { readonly long: number; readonly short: number } | null;
  readonly filters: Readonly<Record<string, FilterValue>>;
  readonly sorting: readonly SortPair[];
  readonly bidAskLevel: number;
  readonly columns: readonly string[];
}

/** A custom strategy starts from one bought call (the engine needs at least one option leg). */
export const DEFAULT_CUSTOM_LEGS: readonly ScanCustomLeg[] = [{ kind: 'option', right: 'CALL', quantity: 1 }];
/** Ratio spreads start at one long to two short (docs/API.md). */
export const DEFAULT_RATIO = { long: 1, short: 2 } as const;

const copySorting = (sorting: readonly (readonly [string, 'asc' | 'desc'])[]): SortPair[] =>
  sorting.map(([key, dir]) => [key, dir]);

/** A strategy's defaults: filters, sorting, bid/ask level, and its legs or ratio (spec 2 §4.3). */
export function strategyDraft(strategy: ScreenerStrategyKey): ScanDraft {
  const def = STRATEGIES[strategy];
  const filters = { ...def.defaultFilters } as Record<string, FilterValue>;
  return {
    strategy,
    legs: def.editor === 'custom' ? DEFAULT_CUSTOM_LEGS : null,
    ratio: def.editor === 'ratio' ? DEFAULT_RATIO : null,
    filters,
    sorting: copySorting(def.defaultSorting),
    bidAskLevel: def.calculationSettings.bid_ask_level,
    columns: defaultColumns(Object.keys(filters)),
  };
}

/**
 * The line under the scan page's title: a saved or sample scan's description; for a new scan, what
 * its strategy's default scan looks for (`intent`), which its default filters express.
 */
export const scanSubtitle = (
  saved: Pick<Scan, 'description'> | null,
  strategy: ScreenerStrategyKey,
): string => (saved ? saved.description : STRATEGIES[strategy].intent);

/** The blank scan of COMPOSE NEW SCAN (spec 2 §3.3). */
export const newDraft = (): ScanDraft => strategyDraft(DEFAULT_SCAN_STRATEGY);

export function draftOfScan(scan: Scan): ScanDraft {
  return {
    strategy: scan.strategy,
    legs: scan.legs,
    ratio: scan.ratio,
    filters: scan.filters,
    sorting: copySorting(scan.sorting),
    bidAskLevel: scan.calculationSettings.bid_ask_level,
    columns: scan.columns,
  };
}

/** Changing the strategy brings its defaults and keeps the title (the caller's); columns follow. */
export const changeStrategy = (strategy: ScreenerStrategyKey): ScanDraft => strategyDraft(strategy);

/** Filter keys' definition and index, unknown keys skipped. */
export function resolvedFilter(key: string): { def: FilterDefinition; index: number | null } | undefined {
  const exact = filterByName(key);
  if (exact) return exact.index === null ? { def: exact, index: null } : undefined;
  const { name, index } = parseColumnKey(key);
  const def = index === null ? undefined : filterByName(name);
  return def && def.index !== null ? { def, index } : undefined;
}

/** How many indexes an indexed filter may use for this strategy: its legs, breakevens, or scenarios. */
export function indexLimit(def: FilterDefinition, strategy: ScreenerStrategyKey): number {
  const s = STRATEGIES[strategy];
  if (def.index === 'leg') return s.editor === 'custom' ? MAX_INDEX.leg : Math.max(1, s.optionLegCount);
  if (def.index === 'breakeven') return Math.max(1, s.breakevenLabels.length);
  if (def.index === 'scenario') return MAX_INDEX.scenario;
  return 1;
}

/** The key a newly added filter gets: its name, or the first free index; null when none is left. */
export function nextFilterKey(draft: ScanDraft, name: string): string | null {
  const def = filterByName(name);
  if (!def) return null;
  if (def.index === null) return name in draft.filters ? null : name;
  for (let i = 1; i <= indexLimit(def, draft.strategy); i += 1) {
    const key = formatColumnKey({ name, index: i });
    if (!(key in draft.filters)) return key;
  }
  return null;
}

const withFilters = (draft: ScanDraft, filters: Record<string, FilterValue>): ScanDraft => ({
  ...draft,
  filters,
  columns: rebuiltColumns(draft.columns, draft.filters, filters),
});

/**
 * Columns after the filters changed (spec 2 §4.4): the columns the removed filters brought go,
 * the new filters' come in; columns the user chose otherwise stay where they are.
 */
function rebuiltColumns(
  columns: readonly string[],
  before: Readonly<Record<string, FilterValue>>,
  after: Readonly<Record<string, FilterValue>>,
): string[] {
  const base = new Set(defaultColumns([]));
  const beforeCols = new Set(defaultColumns(Object.keys(before)));
  const afterCols = defaultColumns(Object.keys(after));
  const kept = columns.filter((c) => base.has(c) || !beforeCols.has(c) || afterCols.includes(c));
  return [...kept, ...afterCols.filter((c) => !kept.includes(c))];
}

export function addFilter(draft: ScanDraft, name: string): ScanDraft {
  const key = nextFilterKey(draft, name);
  const def = filterByName(name);
  if (key === null || !def) return draft;
  return withFilters(draft, { ...draft.filters, [key]: def.defaultValue });
}

export function setFilter(draft: ScanDraft, key: string, value: FilterValue): ScanDraft {
  return { ...draft, filters: { ...draft.filters, [key]: value } };
}

/** Removes a filter; removing a scenario renumbers the later ones down (spec 2 §4.4). */
export function removeFilter(draft: ScanDraft, key: string): ScanDraft {
  const resolved = resolvedFilter(key);
  const filters: Record<string, FilterValue> = {};
  for (const [k, v] of Object.entries(draft.filters)) {
    if (k === key) continue;
    const other = resolvedFilter(k);
    const shift =
      resolved?.def.index === 'scenario' &&
      other?.def.index === 'scenario' &&
      other.index !== null &&
      resolved.index !== null &&
      other.index > resolved.index;
    filters[shift ? formatColumnKey({ name: other.def.name, index: (other.index ?? 1) - 1 }) : k] = v;
  }
  return withFilters(draft, filters);
}

/** The scenario filters in scenario order. */
export function scenarioKeys(draft: ScanDraft): string[] {
  return Object.keys(draft.filters)
    .map((key) => ({ key, r: resolvedFilter(key) }))
    .filter(({ r }) => r?.def.kind === 'scenario')
    .sort((a, b) => (a.r?.index ?? 0) - (b.r?.index ?? 0))
    .map(({ key }) => key);
}

/**
 * The scan's shifts by scenario number (index 1 first) as the live hub takes them; null keeps a
 * number no scenario uses.
 */
export function scenarioShifts(filters: Readonly<Record<string, unknown>>): (ScenarioShift | null)[] {
  const shifts: (ScenarioShift | null)[] = [];
  for (const [key, raw] of Object.entries(filters)) {
    const r = resolvedFilter(key);
    const value = raw as FilterValue | null;
    if (r?.def.kind !== 'scenario' || r.index === null || value?.type !== 'scenario') continue;
    shifts[r.index - 1] = { amount: value.shift, unit: value.unit };
  }
  return Array.from(shifts, (s) => s ?? null);
}

/** ADD SCENARIO: appends a scenario (P/L on margin after a −5% move); null past the limit. */
export function addScenario(draft: ScanDraft): ScanDraft | null {
  const count = scenarioKeys(draft).length;
  if (count >= MAX_INDEX.scenario) return null;
  const def = filterByName('shift_pl_margin');
  if (!def) return null;
  const key = formatColumnKey({ name: def.name, index: count + 1 });
  return withFilters(draft, { ...draft.filters, [key]: def.defaultValue });
}

/** A scenario's metric changed: same number, the new filter's default range and the same move. */
export function changeScenarioMetric(draft: ScanDraft, key: string, name: string): ScanDraft {
  const current = resolvedFilter(key);
  const def = filterByName(name);
  const value = draft.filters[key];
  if (!current || !def || def.kind !== 'scenario' || value?.type !== 'scenario') return draft;
  const fresh = def.defaultValue;
  if (fresh.type !== 'scenario') return draft;
  const filters: Record<string, FilterValue> = {};
  for (const [k, v] of Object.entries(draft.filters)) {
    if (k === key)
      filters[formatColumnKey({ name, index: current.index })] = {
        ...fresh,
        shift: value.shift,
        unit: value.unit,
      };
    else filters[k] = v;
  }
  return withFilters(draft, filters);
}

/** The definition fields the run, export and save calls share. */
const definitionOf = (draft: ScanDraft) => ({
  strategy: draft.strategy,
  legs: draft.legs ? [...draft.legs] : null,
  ratio: draft.ratio,
  filters: { ...draft.filters },
  sorting: copySorting(draft.sorting),
  calculationSettings: { bid_ask_level: draft.bidAskLevel },
});

/** The run and export body (docs/API.md `POST /scans/run`). */
export function runBody(
  draft: ScanDraft,
  options: { page: number; cacheId: string | null; narrowedToSymbol: string | null },
): ScanDefinition {
  return {
    ...definitionOf(draft),
    columns: draft.columns.filter((c) => columnByName(parseColumnKey(c).name) !== undefined),
    narrowedToSymbol: options.narrowedToSymbol,
    page: options.page,
    cacheId: options.cacheId,
  };
}

/** The save body (POST /scans, PUT /scans/{id}): the definition and the title. */
export function saveBody(draft: ScanDraft, title: string) {
  return { title, ...definitionOf(draft), columns: [...draft.columns] };
}
