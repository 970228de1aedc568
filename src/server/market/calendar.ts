/**
 * The NYSE trading calendar on plain day numbers (days since 1970-01-01, read as a calendar
 * date, no time zone): holidays, early closes, trading-day stepping and the standard option
 * expiration dates. Rules as published by NYSE (Rule 7.2) since 2022, when Juneteenth was added.
 */

const MS_PER_DAY = 86_400_000;

export function dayOf(iso: string): number {
  return Math.floor(Date.parse(`${iso}T00:00:00Z`) / MS_PER_DAY);
}

export function isoOf(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

function ymd(year: number, month: number, date: number): number {
  return Math.floor(Date.UTC(year, month - 1, date) / MS_PER_DAY);
}

export function yearOf(day: number): number {
  return new Date(day * MS_PER_DAY).getUTCFullYear();
}

/** Month 1–12. */
export function monthOf(day: number): number {
  return new Date(day * MS_PER_DAY).getUTCMonth() + 1;
}

/** The n-th (1-based) given weekday of a month; n = -1 gives the last one. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = ymd(year, month, 1);
    return first + ((weekday - weekdayOf(first) + 7) % 7) + 7 * (n - 1);
  }
  const last = ymd(year, month + 1, 0);
  return last - ((weekdayOf(last) - weekday + 7) % 7);
}

/** Easter Sunday (anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
function easter(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const date = ((h + l - 7 * m + 114) % 31) + 1;
  return ymd(year, month, date);
}

/** A fixed-date holiday moves to Friday when it falls on Saturday and to Monday on Sunday. */
function observed(day: number): number {
  const w = weekdayOf(day);
  if (w === 6) return day - 1;
  if (w === 0) return day + 1;
  return day;
}

const holidayCache = new Map<number, ReadonlySet<number>>();

function holidaysOf(year: number): ReadonlySet<number> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const days = new Set<number>();
  // New Year's Day on a Saturday is not moved back into the old year (NYSE rule).
  const newYear = ymd(year, 1, 1);
  if (weekdayOf(newYear) !== 6) days.add(observed(newYear));
  days.add(nthWeekday(year, 1, 1, 3)); // Martin Luther King Jr. Day
  days.add(nthWeekday(year, 2, 1, 3)); // Washington's Birthday
  days.add(easter(year) - 2); // Good Friday
  days.add(nthWeekday(year, 5, 1, -1)); // Memorial Day
  if (year >= 2022) days.add(observed(ymd(year, 6, 19))); // Juneteenth
  days.add(observed(ymd(year, 7, 4)));
  days.add(nthWeekday(year, 9, 1, 1)); // Labor Day
  days.add(nthWeekday(year, 11, 4, 4)); // Thanksgiving
  days.add(observed(ymd(year, 12, 25)));
  holidayCache.set(year, days);
  return days;
}

export function isHoliday(day: number): boolean {
  return holidaysOf(yearOf(day)).has(day);
}

export function isTradingDay(day: number): boolean {
  const w = weekdayOf(day);
  return w !== 0 && w !== 6 && !isHoliday(day);
}

/** Closes at 13:00 New York: the day before Independence Day, the day after Thanksgiving, Christmas Eve. */
export function isEarlyClose(day: number): boolean {
  if (!isTradingDay(day)) return false;
  const year = yearOf(day);
  const month = monthOf(day);
  const date = day - ymd(year, month, 1) + 1;
  if (month === 7 && date === 3) return true;
  if (month === 12 && date === 24) return true;
  return day === nthWeekday(year, 11, 4, 4) + 1;
}

/** The first trading day strictly after `day`. */
export function nextTradingDay(day: number): number {
  let d = day + 1;
  while (!isTradingDay(d)) d++;
  return d;
}

/** The last trading day strictly before `day`. */
export function previousTradingDay(day: number): number {
  let d = day - 1;
  while (!isTradingDay(d)) d--;
  return d;
}

/** `day` itself when it trades, else the next trading day. */
export function tradingDayOnOrAfter(day: number): number {
  return isTradingDay(day) ? day : nextTradingDay(day);
}

/** The `count` trading days ending with `last` (inclusive), oldest first. */
export function tradingDaysEndingAt(last: number, count: number): number[] {
  const out = new Array<number>(count);
  let d = isTradingDay(last) ? last : previousTradingDay(last);
  for (let i = count - 1; i >= 0; i--) {
    out[i] = d;
    d = previousTradingDay(d);
  }
  return out;
}

/** An expiration that falls on a holiday moves to the trading day before (e.g. Good Friday). */
export function expirationOn(day: number): number {
  return isTradingDay(day) ? day : previousTradingDay(day);
}

/** The third Friday of a month (month 1–12), holiday or not. */
export function thirdFriday(year: number, month: number): number {
  return nthWeekday(year, month, 5, 3);
}

/** Standard monthly expiration: the third Friday, or the trading day before when it is a holiday. */
export function monthlyExpiration(year: number, month: number): number {
  return expirationOn(thirdFriday(year, month));
}

/** Last trading day of a month (index quarterly expirations). */
export function lastTradingDayOfMonth(year: number, month: number): number {
  return expirationOn(ymd(year, month + 1, 0));
}

export function isMonthlyExpiration(day: number): boolean {
  return monthlyExpiration(yearOf(day), monthOf(day)) === day;
}
