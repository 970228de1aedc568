/**
 * Which listed series an option expiration belongs to, as the broker exports name it:
 * - 'monthly': the standard expiration of the month, the third Friday, or the Thursday before it
 *   when that Friday is a market holiday (Good Friday, Juneteenth) — still the monthly;
 * - 'quarterly': the last trading day of March, June, September or December (index and ETF
 *   quarter-end series);
 * - 'weekly': any other date (weeklies, dailies, end-of-month series).
 * The calendar alone cannot see holidays or which series a name lists, so the caller passes the
 * market's own listing (`ExportOrder.series`); a date it does not name falls back to the calendar:
 * the third Friday is the monthly, anything else a weekly.
 *
 * SPX and NDX monthlies are AM-settled and trade under the index's own root; every other series of
 * them is PM-settled under a separate root (SPXW, NDXP).
 */
import { isoDateParts, isThirdFriday } from './iso-date.ts';

export type ExpirationSeries = 'monthly' | 'quarterly' | 'weekly';

/** Series by expiration date (YYYY-MM-DD). */
export type SeriesByExpiration = Readonly<Record<string, ExpirationSeries>>;

/** Index roots with AM-settled monthlies, and the root of their other (PM-settled) series. */
export const PM_SERIES_ROOTS: Readonly<Record<string, string>> = { SPX: 'SPXW', NDX: 'NDXP' };

export function expirationSeries(
  expiration: string,
  listed: SeriesByExpiration | undefined,
): ExpirationSeries {
  const known = listed?.[expiration];
  if (known) return known;
  return isThirdFriday(isoDateParts(expiration)) ? 'monthly' : 'weekly';
}

/** The SPX or NDX monthly: settled at the open of its expiration day. */
export function isAmSettled(underlying: string, series: ExpirationSeries): boolean {
  return series === 'monthly' && PM_SERIES_ROOTS[underlying] !== undefined;
}

/** The option root the contract trades under: SPXW for an SPX weekly, the underlying otherwise. */
export function optionRoot(underlying: string, series: ExpirationSeries): string {
  const pmRoot = PM_SERIES_ROOTS[underlying];
  return pmRoot !== undefined && series !== 'monthly' ? pmRoot : underlying;
}
