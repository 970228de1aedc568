/**
 * Time to expiration as text (spec 2 §9.4): 'expired' at or past expiry, 'in N hours' under a
 * day (hours rounded up, so the last minutes read 'in 1 hour'), else 'in N days' (days rounded
 * to the nearest whole day). Options expire at 16:00 New York time on their expiration date.
 */
import { expiryInstant } from '../contracts/expiry.ts';
import { DAY_MS } from '../plans/calendar.ts';

const plural = (n: number, unit: string) => `in ${n} ${unit}${n === 1 ? '' : 's'}`;

export function expirationCountdownText(daysLeft: number): string {
  if (daysLeft <= 0) return 'expired';
  if (daysLeft < 1) return plural(Math.ceil(daysLeft * 24), 'hour');
  return plural(Math.round(daysLeft), 'day');
}

export function expirationCountdown(expiration: string, asOfMs: number): string {
  return expirationCountdownText((expiryInstant(expiration) - asOfMs) / DAY_MS);
}
