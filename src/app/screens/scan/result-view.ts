/**
 * How the results table shows a row (spec 2 §9.3, §9.4): column titles (a leg-numbered key names
 * its leg, like the CSV export), cell text by the column catalogue's display rules, and the IV
 * rank badge's tone. Pure.
 */
import type { ScanRowValue, ScanRunAnswer, ScanTradeRow } from '#api/scans.ts';
import { columnForKey } from '#domain/columns/column-catalogue.ts';
import { formatColumnValue } from '#domain/columns/column-format.ts';
import { parseColumnKey } from '#domain/columns/column-key.ts';
import { type BadgeTone, ivRankBadge } from '#domain/display/iv-rank-badge.ts';
import type { FilterDefinition } from '#domain/filters/filter-definition.ts';

/** Columns asked for only so the ticker can carry its event icons. */
export const EVENT_COLUMNS = ['earnings_date', 'divnqxdt'] as const;

export function columnTitle(key: string): string {
  const c = columnForKey(key);
  if (!c) return key;
  return c.index === null ? c.column.title : `${c.column.title} ${c.index}`;
}

export const isSortableColumn = (key: string): boolean => columnForKey(key)?.column.sortable ?? false;

/** A row's value for a column key: indexed keys pick their element from the datapoint's list. */
export function rowValue(row: ScanTradeRow, key: string): ScanRowValue | undefined {
  if (key in row.values) return row.values[key];
  return row.values[parseColumnKey(key).name];
}

/** The text of a cell; empty for a missing value or an unknown column. */
export function cellText(row: ScanTradeRow, key: string): string {
  if (!columnForKey(key)) return '';
  return formatColumnValue(key, rowValue(row, key));
}

/** Whether a column shows the datapoint a filter reads (an indexed filter: its leg's or breakeven's). */
export function columnShowsFilter(
  columnKey: string,
  filter: { readonly def: Pick<FilterDefinition, 'name'>; readonly index: number | null },
): boolean {
  const { name, index } = parseColumnKey(columnKey);
  return name === filter.def.name && (filter.index === null || index === null || index === filter.index);
}

export function ivRankTone(row: ScanTradeRow): BadgeTone {
  const rank = row.values.stock_iv_pr;
  return ivRankBadge(row.strategy, typeof rank === 'number' ? rank : null);
}

/** The columns the table shows: the answer's, without those asked for the event icons only. */
export function shownColumns(answer: ScanRunAnswer, chosen: readonly string[]): string[] {
  return answer.columns.filter(
    (key) => chosen.includes(key) || !(EVENT_COLUMNS as readonly string[]).includes(key),
  );
}

/** Pages of a result: 0-based pages of `pageSize` rows. */
export const pageCount = (answer: Pick<ScanRunAnswer, 'pageSize' | 'totalCount'>): number =>
  answer.pageSize > 0 ? Math.max(1, Math.ceil(answer.totalCount / answer.pageSize)) : 1;
