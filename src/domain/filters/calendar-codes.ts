import { epochDayOf } from './date-range.ts';

/**
 * Codes that the expiration_type and earnings_date filters compare, derived from dates.
 */

export type ExpirationCycle = 'standard' | 'weekly';

/**
 * 'standard' for the monthly cycle, the third Friday of the month (days 15–21), otherwise 'weekly'.
 * When that Friday is a market holiday the exchange lists the monthly on the Thursday before; a
 * provider that knows its holiday calendar passes `holidayShifted` for that Thursday.
 */
export const expirationCycleOf = (isoDate: string, holidayShifted = false): ExpirationCycle => {
  const date = new Date(epochDayOf(isoDate) * 86_400_000);
  const weekday = date.getUTCDay(); // 0 Sunday … 5 Friday
  const dom = date.getUTCDate();
  const thirdFriday = weekday === 5 && dom >= 15 && dom <= 21;
  const shiftedThursday = holidayShifted && weekday === 4 && dom >= 14 && dom <= 20;
  return thirdFriday || shiftedThursday ? 'standard' : 'weekly';
};

export type EarningsRelation = 'before_expiration' | 'after_expiration';

/**
 * Whether the next earnings report falls within the trade (on or before the last expiration day) or
 * after it; a stock without a known earnings date (NaN) counts as 'after_expiration'.
 */
export const earningsRelation = (earningsDay: number, lastExpirationDay: number): EarningsRelation =>
  earningsDay <= lastExpirationDay ? 'before_expiration' : 'after_expiration';
