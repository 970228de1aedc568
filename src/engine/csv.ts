/**
 * CSV of scan rows (RFC 4180): the chosen columns' titles as the header, each value as the table
 * shows it (`formatColumnValue`: percent, per-contract dollars, dates, names), CRLF line ends.
 */
import { columnForKey } from '#domain/columns/column-catalogue.ts';
import { formatColumnValue } from '#domain/columns/column-format.ts';
import type { TradeRow } from './trade-rows.ts';

const cell = (text: string): string => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** Title of a column key; indexed keys name their leg, breakeven or scenario (`Strike 2`). */
export function columnTitle(key: string): string {
  const c = columnForKey(key);
  if (!c) return key;
  return c.index === null ? c.column.title : `${c.column.title} ${c.index}`;
}

export function rowsToCsv(columnKeys: readonly string[], rows: readonly TradeRow[]): string {
  const lines = [columnKeys.map((k) => cell(columnTitle(k))).join(',')];
  for (const row of rows) {
    lines.push(
      columnKeys
        .map((key) => {
          const name = columnForKey(key)?.column.name ?? key;
          return cell(formatColumnValue(key, row.values[name] ?? null));
        })
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
