/**
 * Expiration instants and time to expiry. An option expires at 16:00 America/New_York on its
 * expiration date; the UTC offset of that instant (−5 h in winter, −4 h in summer) comes from the
 * time-zone rules of the runtime (Intl), never from a fixed offset.
 *
 * Time to expiry is ACT/365 on the exact difference of instants: T = (expiry − asOf) / (365 × 86,400,000 ms).
 */

const MS_PER_DAY = 86_400_000;
const MS_PER_YEAR = 365 * MS_PER_DAY;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOSE_HOUR = 16;

let formatter: Intl.DateTimeFormat | undefined;
function newYorkFormatter(): Intl.DateTimeFormat {
  formatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    hourCycle: 'h23',
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return formatter;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** New York wall-clock time of an instant. `weekday` is 0 for Sunday to 6 for Saturday. */
export interface NyTimeParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly weekday: number;
}

/** The New York wall-clock reading of the instant `ms` (epoch milliseconds). */
export function nyTimeParts(ms: number): NyTimeParts {
  const parts: Record<string, string> = {};
  for (const p of newYorkFormatter().formatToParts(new Date(ms))) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday as (typeof WEEKDAYS)[number]),
  };
}

/** The New York calendar date (YYYY-MM-DD) of the instant `ms`. */
export function nyDate(ms: number): string {
  const p = nyTimeParts(ms);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Offset of New York wall time from UTC at the instant `ms`, in ms (−5 h or −4 h). */
function newYorkOffset(ms: number): number {
  const p = nyTimeParts(ms);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

// Expirations repeat across a whole chain; the Intl lookup costs microseconds, so keep the answers.
const instants = new Map<string, number>();
const MAX_CACHED = 4096;

/** Epoch ms of 16:00 America/New_York on `expiration` (YYYY-MM-DD). Throws RangeError on a bad date. */
export function expiryInstant(expiration: string): number {
  const cached = instants.get(expiration);
  if (cached !== undefined) return cached;
  const m = ISO_DATE.exec(expiration);
  const year = Number(m?.[1]);
  const month = Number(m?.[2]);
  const day = Number(m?.[3]);
  const wall = Date.UTC(year, month - 1, day, CLOSE_HOUR);
  if (!m || new Date(wall).getUTCDate() !== day || new Date(wall).getUTCMonth() !== month - 1) {
    throw new RangeError(`Invalid expiration date: ${expiration}`);
  }
  // First guess with the offset at the wall time read as UTC, then correct with the offset at the
  // guess. DST switches at 02:00, so 16:00 is never ambiguous and one correction is exact.
  const guess = wall - newYorkOffset(wall);
  const instant = wall - newYorkOffset(guess);
  if (instants.size >= MAX_CACHED) instants.clear();
  instants.set(expiration, instant);
  return instant;
}

/** Years from `asOfMs` to the expiration instant, ACT/365; 0 once expired. */
export function yearsToExpiry(expiration: string, asOfMs: number): number {
  const ms = expiryInstant(expiration) - asOfMs;
  return ms > 0 ? ms / MS_PER_YEAR : 0;
}

/** Days (fractional) from `asOfMs` to the expiration instant; 0 once expired. */
export function daysToExpiry(expiration: string, asOfMs: number): number {
  const ms = expiryInstant(expiration) - asOfMs;
  return ms > 0 ? ms / MS_PER_DAY : 0;
}
