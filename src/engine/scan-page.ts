/**
 * A scan request as the engine takes it, and a page of a scan's result as the API answers it
 * (`POST /scans/run`). Shared by the server's engine, which caches results and pages them, and the
 * app's scan worker, which answers the first page of a scan run on the device: both answer the
 * same rows from the same result.
 */
import type { ScanDefinition, ScanRunAnswer } from '#api/scans.ts';
import { canonicalJson } from '#domain/canonical-json.ts';
import { columnForKey } from '#domain/columns/column-catalogue.ts';
import { ColumnScope } from '#domain/columns/column-definition.ts';
import { defaultColumns } from '#domain/columns/default-columns.ts';
import { STRATEGIES } from '#domain/strategies/catalogue.ts';
import type { ResultGroup, ScanResult } from './scan-run.ts';
import { ScanInputError, type ScanSpec } from './scan-spec.ts';
import { type GroupRow, RowBuilder, type TradeRow } from './trade-rows.ts';

export interface ScanRequest extends ScanSpec {
  readonly page?: number;
  readonly cacheId?: string | null;
  /** Column keys the rows carry; default: the default columns plus the active filters' ones. */
  readonly columns?: readonly string[] | null;
}

/** The engine's request for a scan definition whose filters (`filters`) name no universe. */
export function scanRequestOf(def: ScanDefinition, filters: Readonly<Record<string, unknown>>): ScanRequest {
  return {
    strategy: def.strategy,
    legs: def.legs ?? null,
    ratio: def.ratio ?? null,
    filters,
    sorting: def.sorting ?? null,
    bidAskLevel: def.calculationSettings?.bid_ask_level ?? null,
    narrowedToSymbol: def.narrowedToSymbol ?? null,
    page: def.page,
    cacheId: def.cacheId ?? null,
    columns: def.columns ?? null,
  };
}

/** Rows per page (tickers, or trades of a narrowed scan). */
export const DEFAULT_PAGE_SIZE = 20;

/** The scan part of a request, with the strategy's defaults made explicit. */
export function specOf(request: ScanRequest): ScanSpec {
  const def = STRATEGIES[request.strategy];
  return {
    strategy: request.strategy,
    ratio: def.editor === 'ratio' ? (request.ratio ?? null) : null,
    legs: request.strategy === 'custom' ? (request.legs ?? []) : null,
    filters: request.filters,
    sorting: request.sorting && request.sorting.length > 0 ? request.sorting : def.defaultSorting,
    bidAskLevel: request.bidAskLevel ?? def.calculationSettings.bid_ask_level,
    narrowedToSymbol: request.narrowedToSymbol ?? null,
  };
}

/** Identity of a scan definition (key order free, unset filters dropped). */
export function specKey(spec: ScanSpec): string {
  const filters = Object.entries(spec.filters).filter(([, v]) => v !== null && v !== undefined);
  return canonicalJson([
    spec.strategy,
    spec.ratio ?? null,
    spec.legs ?? null,
    Object.fromEntries(filters),
    spec.sorting ?? null,
    spec.bidAskLevel ?? null,
    spec.narrowedToSymbol ?? null,
  ]);
}

/** The column keys the rows carry: the request's, or the default ones with the active filters'. */
export function scanColumns(request: ScanRequest): string[] {
  const keys =
    request.columns && request.columns.length > 0
      ? request.columns
      : defaultColumns(Object.keys(request.filters));
  keys.forEach((key, i) => {
    const c = columnForKey(key);
    if (!c?.column.scopes.includes(ColumnScope.Screener))
      throw new ScanInputError(`columns.${i}`, `Unknown column ${key}.`);
  });
  return [...keys];
}

export interface PageOf {
  readonly page: number;
  readonly pageSize: number;
  readonly cacheId: string;
}

/** Page `page` of a result: tickers with their best trades, or a narrowed scan's trades. */
export function scanPage(
  result: ScanResult,
  request: ScanRequest,
  { page, pageSize, cacheId }: PageOf,
): ScanRunAnswer {
  const columns = scanColumns(request);
  const sortColumns = result.plan.sort.map((s) => s.key);
  const rows = new RowBuilder(result, [...columns, ...sortColumns]);
  const from = page * pageSize;
  const to = from + pageSize;
  let items: (GroupRow | TradeRow)[];
  let totalCount: number;
  if (result.narrowed) {
    const g = result.groups[0];
    totalCount = g?.count ?? 0;
    items = g ? g.trades.slice(from, to).map((t) => rows.trade(g, t)) : [];
  } else {
    totalCount = result.groups.length;
    items = result.groups.slice(from, to).map((g: ResultGroup) => rows.group(g));
  }
  return {
    items,
    pageSize,
    totalCount,
    page,
    cacheId,
    narrowed: result.narrowed,
    asOf: new Date(result.asOfMs).toISOString(),
    columns,
  };
}
