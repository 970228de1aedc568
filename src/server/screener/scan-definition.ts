/**
 * A scan definition as it is stored: validated and normalised, with the strategy's defaults made
 * explicit (spec 2 §3.3, §5). Unknown names (a filter, column or sort key the catalogues no longer
 * have) are dropped with a warning, as saved scans may carry retired ones; a malformed value is
 * refused (400 naming the field); custom legs and ratio counts must form a valid structure
 * (422 INVALID_STRATEGY_LEGS). The gallery's samples go through the same function.
 */
import type { ScanCustomLeg } from '#api/screener-model.ts';
import { DEFAULT_SCAN_STRATEGY } from '#api/screener-model.ts';
import { columnForKey, isSortableKey } from '#domain/columns/column-catalogue.ts';
import { ColumnScope } from '#domain/columns/column-definition.ts';
import { defaultColumns } from '#domain/columns/default-columns.ts';
import { DomainError } from '#domain/errors.ts';
import { resolveFilterKey } from '#domain/filters/filter-key.ts';
import type { FilterValue } from '#domain/filters/filter-value.ts';
import { FilterValueError } from '#domain/filters/filter-value-error.ts';
import { parseWithDefinition } from '#domain/filters/parse-filter-value.ts';
import { isBidAskLevel } from '#domain/metrics/bid-ask.ts';
import { STRATEGIES } from '#domain/strategies/catalogue.ts';
import type { ScreenerStrategyKey } from '#domain/strategies/strategy-key.ts';
import { structureOf } from '#engine/structure.ts';

export type SortPair = [string, 'asc' | 'desc'];

/** Everything a scan runs with, except the strategy and filters (their own columns). */
export interface StoredDefinition {
  legs: ScanCustomLeg[] | null;
  ratio: { long: number; short: number } | null;
  sorting: SortPair[];
  calculationSettings: { bid_ask_level: number };
  columns: string[];
  narrowedToSymbol: string | null;
}

export interface NormalizedScan {
  strategy: ScreenerStrategyKey;
  filters: Record<string, FilterValue>;
  definition: StoredDefinition;
}

/** The definition fields of a save; undefined = not given (keep the base's or the default). */
export interface DefinitionInput {
  strategy?: ScreenerStrategyKey | undefined;
  legs?: readonly ScanCustomLeg[] | null | undefined;
  ratio?: { long: number; short: number } | null | undefined;
  filters?: Readonly<Record<string, unknown>> | undefined;
  sorting?: readonly (readonly [string, 'asc' | 'desc'])[] | null | undefined;
  calculationSettings?: { bid_ask_level: number } | null | undefined;
  columns?: readonly string[] | null | undefined;
  narrowedToSymbol?: string | null | undefined;
}

const invalid = (field: string, message: string) =>
  new DomainError('VALIDATION_FAILED', { message: message, details: { [field]: message } });

/** Validated filters: unset (null) ones dropped, unknown names skipped with a warning. */
export function normalizeFilters(
  raw: Readonly<Record<string, unknown>>,
  warn: (message: string) => void,
  field = 'body.filters',
): Record<string, FilterValue> {
  const filters: Record<string, FilterValue> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === null || value === undefined) continue;
    try {
      const resolved = resolveFilterKey(key);
      if (resolved === undefined) {
        warn(`Unknown filter ${key} skipped.`);
        continue;
      }
      filters[key] = parseWithDefinition(key, resolved.definition, value);
    } catch (err) {
      if (err instanceof FilterValueError) throw invalid(`${field}.${err.filter}`, err.message);
      throw err;
    }
  }
  return filters;
}

const isScreenerColumn = (key: string): boolean =>
  columnForKey(key)?.column.scopes.includes(ColumnScope.Screener) ?? false;

/**
 * Normalises a scan definition over `base` (the stored scan on an update, the copied scan on a
 * copy, null for a new scan). A field not given keeps the base's value, or takes the strategy's
 * default; a new strategy resets filters, sorting, settings and columns to its defaults (spec 2
 * §4.3) unless they are given too.
 */
export function normalizeScan(
  input: DefinitionInput,
  base: NormalizedScan | null,
  warn: (message: string) => void,
): NormalizedScan {
  const strategy = input.strategy ?? base?.strategy ?? DEFAULT_SCAN_STRATEGY;
  const def = STRATEGIES[strategy];
  const kept = base !== null && base.strategy === strategy ? base : null;

  const filters = normalizeFilters(input.filters ?? kept?.filters ?? def.defaultFilters, warn);

  const givenSorting = input.sorting && input.sorting.length > 0 ? input.sorting : null;
  const sorting: SortPair[] = [];
  for (const [key, direction] of givenSorting ?? kept?.definition.sorting ?? def.defaultSorting) {
    if (!isSortableKey(key) || !isScreenerColumn(key)) warn(`Unknown sort column ${key} skipped.`);
    else if (!sorting.some(([k]) => k === key)) sorting.push([key, direction]);
  }
  if (sorting.length === 0) sorting.push(...def.defaultSorting.map(([k, d]): SortPair => [k, d]));

  const level =
    input.calculationSettings?.bid_ask_level ??
    kept?.definition.calculationSettings.bid_ask_level ??
    def.calculationSettings.bid_ask_level;
  if (!isBidAskLevel(level)) {
    throw invalid(
      'body.calculationSettings.bid_ask_level',
      'Bid/ask level must be 0.5, 0.25, 0, -0.25 or -0.5.',
    );
  }

  const givenColumns = input.columns && input.columns.length > 0 ? input.columns : null;
  const columns: string[] = [];
  for (const key of givenColumns ?? kept?.definition.columns ?? defaultColumns(Object.keys(filters))) {
    if (!isScreenerColumn(key)) warn(`Unknown column ${key} skipped.`);
    else if (!columns.includes(key)) columns.push(key);
  }
  if (columns.length === 0) columns.push(...defaultColumns(Object.keys(filters)));

  const legs =
    strategy === 'custom'
      ? [...(input.legs !== undefined ? (input.legs ?? []) : (kept?.definition.legs ?? []))]
      : null;
  const ratio =
    def.editor === 'ratio'
      ? input.ratio !== undefined
        ? input.ratio
        : (kept?.definition.ratio ?? null)
      : null;
  // The engine's structure is the rule: counts, quantities and strike relations (422 when not).
  structureOf(strategy, { ratio, customLegs: legs });

  const narrowedToSymbol =
    input.narrowedToSymbol !== undefined
      ? input.narrowedToSymbol
      : (base?.definition.narrowedToSymbol ?? null);

  return {
    strategy,
    filters,
    definition: {
      legs,
      ratio: ratio ? { long: ratio.long, short: ratio.short } : null,
      sorting: sorting.slice(0, 2),
      calculationSettings: { bid_ask_level: level },
      columns,
      narrowedToSymbol,
    },
  };
}
