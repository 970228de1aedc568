/**
 * Number formats for tables and CSV. Tables group thousands (en-US) and show a dash for a
 * missing value; CSV writes plain machine-readable numbers and an empty cell. Values stored as
 * fractions are scaled for display by a multiplier (100 shows a fraction as percent).
 * A value that rounds to zero never shows as '-0'.
 */
import { fromCents } from '../orders/money.ts';

export const MISSING_VALUE = '—';

type Maybe = number | null | undefined;

const isMissing = (value: Maybe): value is null | undefined =>
  value === null || value === undefined || !Number.isFinite(value);

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(decimals: number, currency: boolean): Intl.NumberFormat {
  const key = `${decimals}:${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      signDisplay: 'negative',
      ...(currency ? { style: 'currency', currency: 'USD' } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

export interface NumberFormatOptions {
  /** Fraction digits; 2 by default (greeks such as gamma and theta use 4). */
  readonly decimals?: number;
  /** Display scale: 1, 100 (fraction as percent) or the contract multiplier. */
  readonly multiplier?: number;
}

/** '1,234.57'. */
export function formatNumber(
  value: Maybe,
  { decimals = 2, multiplier = 1 }: NumberFormatOptions = {},
): string {
  return isMissing(value) ? MISSING_VALUE : numberFormat(decimals, false).format(value * multiplier);
}

/** A fraction as percent: 0.1234 → '12.34%'. */
export function formatPercent(fraction: Maybe, decimals = 2): string {
  return isMissing(fraction) ? MISSING_VALUE : `${formatNumber(fraction, { decimals, multiplier: 100 })}%`;
}

/** Dollars: '$1,234.50', '-$12.00'. */
export function formatMoney(dollars: Maybe, decimals = 2): string {
  return isMissing(dollars) ? MISSING_VALUE : numberFormat(decimals, true).format(dollars);
}

/** Stored integer cents as dollars: 123450 → '$1,234.50'. */
export function formatCents(cents: Maybe): string {
  return isMissing(cents) ? MISSING_VALUE : formatMoney(fromCents(cents));
}

/**
 * A CSV cell: no grouping, no unit, '.' decimals. With `decimals` the value is fixed to them;
 * without, it keeps 12 significant digits (so 0.1 + 0.2 writes 0.3).
 */
export function csvNumber(value: Maybe, { decimals, multiplier = 1 }: NumberFormatOptions = {}): string {
  if (isMissing(value)) return '';
  const scaled = value * multiplier;
  const text = decimals === undefined ? String(Number(scaled.toPrecision(12))) : scaled.toFixed(decimals);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}
