import { parseIsoDate } from '../orders/iso-date.ts';
import type { DateRangeValue, NumericRange } from './filter-value.ts';

/**
 * Dates as whole days since 1970-01-01 (epoch days): calendar dates compare without time zones.
 * "Today" is the America/New_York calendar date, where US options trade and expire.
 */
const MS_PER_DAY = 86_400_000;
export const MARKET_TIME_ZONE = 'America/New_York';

/** Epoch day of `YYYY-MM-DD`; NaN when malformed or not a real date (2025-02-30). */
export const epochDayOf = (isoDate: string): number => {
  const date = parseIsoDate(isoDate);
  if (!date) return Number.NaN;
  // Date.UTC reads years 0–99 as 1900–1999: such a date has no epoch day here.
  const ms = Date.UTC(date.year, date.month - 1, date.day);
  return new Date(ms).getUTCFullYear() === date.year ? ms / MS_PER_DAY : Number.NaN;
};

export const isoDateOfEpochDay = (day: number): string =>
  new Date(day * MS_PER_DAY).toISOString().slice(0, 10);

const marketDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: MARKET_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The New York calendar date at instant `asOfMs`, as an epoch day. */
export const marketDayOf = (asOfMs: number): number => {
  const parts = marketDate.formatToParts(asOfMs);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return epochDayOf(`${get('year')}-${get('month')}-${get('day')}`);
};

/**
 * The epoch-day range a date filter selects at `asOfMs` (inclusive, null open). Relative ranges
 * roll with the New York date; frozen ranges are fixed. Evaluate with `matchesRange(epochDay, range)`.
 */
export const resolveDateRange = (value: DateRangeValue, asOfMs: number): NumericRange => {
  if (value.mode === 'frozen') {
    return {
      min: value.from === null ? null : epochDayOf(value.from),
      max: value.to === null ? null : epochDayOf(value.to),
    };
  }
  const today = marketDayOf(asOfMs);
  return {
    min: value.from === null ? null : today + value.from,
    max: value.to === null ? null : today + value.to,
  };
};

/** Freezes a relative range to the dates it selects at `asOfMs` (spec 2 §4.4 "frozen to fixed dates"). */
export const freezeDateRange = (value: DateRangeValue, asOfMs: number): DateRangeValue => {
  const { min, max } = resolveDateRange(value, asOfMs);
  return {
    type: 'date_range',
    mode: 'frozen',
    from: min === null ? null : isoDateOfEpochDay(min),
    to: max === null ? null : isoDateOfEpochDay(max),
  };
};
