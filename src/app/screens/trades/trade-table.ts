/**
 * The trade log table as data (spec 3 §2, §3): each position's values by column key, column
 * titles, single-column sorting, and grouping (by a column's shown value, or 'Exp. Month').
 * Money columns hold whole-position dollars (the API's cents ÷ 100); fractions stay fractions.
 */
import type { Position } from '#api/trades.ts';
import { columnForKey } from '#domain/columns/column-catalogue.ts';
import { formatColumnValue } from '#domain/columns/column-format.ts';
import { MISSING_VALUE } from '#domain/columns/number-format.ts';

/** Grouping by the month of the earliest option expiration, a key of its own (not a column). */
export const EXPIRATION_MONTH = 'expiration_month';
export const NOT_GROUPED_LABEL = 'Not Grouped';

export type RowValues = Readonly<Record<string, unknown>>;

const dollars = (cents: number | null) => (cents === null ? null : cents / 100);

/** A position's values by column key: its datapoints, then the trade-log fields. */
export function rowValues(position: Position): RowValues {
  const comments = [position.comments.open, position.comments.close ?? ''].filter((c) => c.trim() !== '');
  return {
    ...position.data,
    underlying: position.symbol,
    strategy: position.strategy,
    strategyPrice: dollars(position.strategyPriceCents),
    accountEffect: dollars(position.accountEffectCents),
    size: position.size,
    pl: dollars(position.plCents),
    initialMargin: dollars(position.initialMarginCents),
    roi: position.roi,
    roiAnnualized: position.roiAnnualized,
    maxProfitGained: position.maxProfitGained,
    tradeDate: (position.closeDate ?? position.openDate).slice(0, 10),
    comments: comments.join(' / '),
  };
}

export function columnTitle(key: string): string {
  if (key === EXPIRATION_MONTH) return 'Exp. Month';
  return columnForKey(key)?.column.title ?? key;
}

/** The value as the table shows it; '—' when missing. */
export function cellText(key: string, values: RowValues): string {
  if (!columnForKey(key)) return MISSING_VALUE;
  const text = formatColumnValue(key, values[key]);
  return text === '' ? MISSING_VALUE : text;
}

export function isSortable(key: string): boolean {
  return columnForKey(key)?.column.sortable ?? false;
}

/** Comparable form of a value: numbers, text; lists by their first element; missing last. */
function sortValue(value: unknown): number | string | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (typeof v === 'number') return Number.isNaN(v) ? null : v;
  if (typeof v === 'string') return v;
  return null;
}

export function sortRows<T extends { readonly values: RowValues }>(
  rows: readonly T[],
  key: string,
  order: 'asc' | 'desc',
): T[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = sortValue(a.values[key]);
    const y = sortValue(b.values[key]);
    // Missing values sort last in both directions.
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    if (typeof x === 'number' && typeof y === 'number') return sign * (x - y);
    return sign * String(x).localeCompare(String(y));
  });
}

let monthFormat: Intl.DateTimeFormat | undefined;
/** Made when rows are first grouped by month: a formatter costs a few milliseconds to build. */
const month = () => {
  monthFormat ??= new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return monthFormat;
};

/** The group a row falls in: the month of its earliest expiration, or the column's shown value. */
export function groupLabel(key: string, values: RowValues): string {
  if (key === EXPIRATION_MONTH) {
    const dates = values.expiration_date;
    const first = Array.isArray(dates) ? [...(dates as string[])].sort()[0] : undefined;
    return first ? month().format(Date.parse(`${first}T00:00:00Z`)) : 'No expiration';
  }
  return cellText(key, values);
}

export interface Group<T> {
  readonly label: string;
  readonly rows: readonly T[];
}

/** Groups in the order their first row appears (rows already sorted). */
export function groupRows<T extends { readonly values: RowValues }>(
  rows: readonly T[],
  key: string,
): Group<T>[] {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const label = groupLabel(key, row.values);
    const list = groups.get(label) ?? [];
    list.push(row);
    groups.set(label, list);
  }
  return [...groups].map(([label, list]) => ({ label, rows: list }));
}

/** Grouping choices: not grouped, each shown column that groups meaningfully, and the expiration month. */
export function groupingOptions(columnKeys: readonly string[]): { value: string; label: string }[] {
  const keys = columnKeys.filter((k) => k !== 'comments' && isSortable(k));
  return [
    { value: '', label: NOT_GROUPED_LABEL },
    { value: EXPIRATION_MONTH, label: `Group by ${columnTitle(EXPIRATION_MONTH)}` },
    ...keys.map((k) => ({ value: k, label: `Group by ${columnTitle(k)}` })),
  ];
}
