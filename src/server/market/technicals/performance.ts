/**
 * Price performance and ranges over trailing windows of daily bars (oldest first). `closes` ends
 * at the previous session; today's price is compared with a base close. Windows count trading
 * days: month 21, quarter 63, half year 126, year 252.
 */

export const PERFORMANCE_WINDOWS = { month: 21, quarter: 63, half: 126, year: 252 } as const;

/** The close `bars` sessions before today; NaN without enough history. */
export function performanceBase(closes: ArrayLike<number>, bars: number): number {
  return (closes[closes.length - bars] as number | undefined) ?? Number.NaN;
}

/** The last close of a calendar year before `currentYear`; `years[i]` is the year of bar i. */
export function ytdBase(closes: ArrayLike<number>, years: ArrayLike<number>, currentYear: number): number {
  for (let i = closes.length - 1; i >= 0; i--)
    if ((years[i] as number) < currentYear) return closes[i] as number;
  return Number.NaN;
}

/** Fractional change from a base (0.05 = +5%). */
export function performance(price: number, base: number): number {
  return price / base - 1;
}

/** Highest high and lowest low over the last `window` bars (the 52-week range uses 252). */
export function highLow(
  high: ArrayLike<number>,
  low: ArrayLike<number>,
  window: number,
): { high: number; low: number } {
  let hh = Number.NEGATIVE_INFINITY;
  let ll = Number.POSITIVE_INFINITY;
  for (let i = Math.max(0, high.length - window); i < high.length; i++) {
    hh = Math.max(hh, high[i] as number);
    ll = Math.min(ll, low[i] as number);
  }
  return { high: hh, low: ll };
}
