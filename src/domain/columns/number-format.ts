/**
 * The one number format of the app, the results table and the CSV export: fixed decimals,
 * thousands grouped with commas (en-US), an ASCII minus so spreadsheets read the export, and no
 * "-0". Rounding is on the number's decimal text, half away from zero (1.005 → 1.01, 2.675 →
 * 2.68), as the trade log rounds prices to cents (`toCents`), so a price reads the same in a
 * table and in the order it opens. A missing value (null, undefined, NaN, ±Infinity) reads '—'.
 */
import { fromCents } from '../orders/money.ts';

/** What a screen shows for a value it does not have. */
export const MISSING_VALUE = '—';

type Maybe = number | null | undefined;

const isMissing = (x: Maybe): x is null | undefined => x === null || x === undefined || !Number.isFinite(x);

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(decimals: number, currency: boolean): Intl.NumberFormat {
  const key = `${decimals}:${currency}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      roundingMode: 'halfExpand',
      signDisplay: 'negative',
      ...(currency ? { style: 'currency', currency: 'USD' } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/** '1,234.57'. */
export const formatNumber = (x: Maybe, decimals: number): string =>
  isMissing(x) ? MISSING_VALUE : numberFormat(decimals, false).format(x);

/** Dollars: '$1,234.50', '-$12.00'. */
export const formatMoney = (x: Maybe, decimals: number): string =>
  isMissing(x) ? MISSING_VALUE : numberFormat(decimals, true).format(x);

/** A fraction as percent: 0.1234 → '12.34%'. */
export const formatPercent = (fraction: Maybe, decimals: number): string =>
  isMissing(fraction) ? MISSING_VALUE : `${formatNumber(fraction * 100, decimals)}%`;

/** Stored integer cents as dollars: 123450 → '$1,234.50'. */
export const formatCents = (cents: Maybe): string =>
  isMissing(cents) ? MISSING_VALUE : formatMoney(fromCents(cents), 2);

const COMPACT_STEPS = [
  { size: 1e12, suffix: 'T' },
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'K' },
] as const;

/** Large dollar amounts with a unit suffix: $2.45T, $512.30B, $12.00M; below $1,000 as plain money. */
export const formatCompactMoney = (x: Maybe, decimals: number): string => {
  if (isMissing(x)) return MISSING_VALUE;
  // A value that rounds up to 1,000 of a unit reads in the next one: $1.00M, not $1,000.00K.
  const roundsUpFrom = 1 - (0.5 * 10 ** -decimals) / 1000;
  const step = COMPACT_STEPS.find((s) => Math.abs(x) >= s.size * roundsUpFrom);
  if (step === undefined) return formatMoney(x, decimals);
  return `${formatMoney(x / step.size, decimals)}${step.suffix}`;
};
