/**
 * Time to expiration as text (spec 2 §9.4): 'expired' at or past expiry, 'in N hours' under a
 * day (hours rounded up, so the last minutes read 'in 1 hour'), else 'in N days' (days rounded
 * to the nearest whole day). Options expire at 16:00 New York time on their expiration date.
 */
import { isoDateParts } from '../orders/iso-date.ts';
import { DAY_MS, HOUR_MS } from '../plans/calendar.ts';

const NEW_YORK = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});

/** New York wall-clock time minus UTC at `utcMs`, in ms (−5 h in winter, −4 h in summer). */
function newYorkOffsetMs(utcMs: number): number {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(NEW_YORK.formatToParts(utcMs).find((p) => p.type === type)?.value);
  const wallClock = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return wallClock - Math.floor(utcMs / 60_000) * 60_000;
}

/** Epoch ms of 16:00 New York time on the `YYYY-MM-DD` expiration date. */
export function expirationInstantMs(expiration: string): number {
  const { year, month, day } = isoDateParts(expiration);
  const wallClock = Date.UTC(year, month - 1, day, 16);
  // 16:00 is never inside a daylight-saving jump, so one offset lookup is exact.
  return wallClock - newYorkOffsetMs(wallClock + 5 * HOUR_MS);
}

const plural = (n: number, unit: string) => `in ${n} ${unit}${n === 1 ? '' : 's'}`;

export function expirationCountdownText(daysLeft: number): string {
  if (daysLeft <= 0) return 'expired';
  if (daysLeft < 1) return plural(Math.ceil(daysLeft * 24), 'hour');
  return plural(Math.round(daysLeft), 'day');
}

export function expirationCountdown(expiration: string, asOfMs: number): string {
  return expirationCountdownText((expirationInstantMs(expiration) - asOfMs) / DAY_MS);
}
