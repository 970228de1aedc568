/**
 * Sessions in New York time. A session day starts at the New York midnight after the previous
 * session day and ends at the midnight after its own date, so Saturday and Sunday belong to
 * Monday's session. Within it:
 * - 'nyse': the market is open 09:30–16:00 (13:00 on early-close days) and frozen otherwise;
 * - 'always': the market is open the whole session (the demo default), so a weekend and an
 *   evening still move prices. Variance accrues at one trading day's worth per 24 hours.
 */
import { expiryInstant, nyTimeParts } from '#domain/contracts/expiry.ts';
import { dayOf, isEarlyClose, isoOf, previousTradingDay, tradingDayOnOrAfter } from './calendar.ts';
import type { MarketHours } from './sim-config.ts';

const HOUR = 3_600_000;

/** Epoch ms of 00:00 New York on a day number. */
export function nyMidnight(day: number): number {
  const guess = expiryInstant(isoOf(day)) - 16 * HOUR;
  // 16:00 minus sixteen hours crosses the 02:00 DST switch on two days a year: correct by the reading.
  const h = nyTimeParts(guess).hour;
  return h === 0 ? guess : h === 23 ? guess + HOUR : guess - HOUR;
}

/** The calendar day (New York) of an instant. */
export function nyDay(ms: number): number {
  const p = nyTimeParts(ms);
  return dayOf(`${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`);
}

export function sessionDayOf(ms: number): number {
  return tradingDayOnOrAfter(nyDay(ms));
}

export interface Session {
  readonly day: number;
  /** Start and end of the session day (New York midnights). */
  readonly start: number;
  readonly end: number;
  /** Regular trading hours. */
  readonly open: number;
  readonly close: number;
}

export function sessionOf(day: number): Session {
  const close16 = expiryInstant(isoOf(day));
  return {
    day,
    start: nyMidnight(previousTradingDay(day) + 1),
    end: nyMidnight(day + 1),
    open: close16 - 6.5 * HOUR,
    close: isEarlyClose(day) ? close16 - 3 * HOUR : close16,
  };
}

/** Open milliseconds of the session within [from, to]. */
export function openMs(session: Session, hours: MarketHours, from: number, to: number): number {
  const a = hours === 'always' ? session.start : session.open;
  const b = hours === 'always' ? session.end : session.close;
  return Math.max(0, Math.min(to, b) - Math.max(from, a));
}

/** Open milliseconds of a whole session. */
export function sessionLengthMs(session: Session, hours: MarketHours): number {
  return hours === 'always' ? session.end - session.start : session.close - session.open;
}

/** Milliseconds that count as one trading day of variance. */
export function tradingDayMs(hours: MarketHours): number {
  return hours === 'always' ? 24 * HOUR : 6.5 * HOUR;
}

/** Fraction of the session's open time elapsed at `ms`, 0–1. */
export function sessionFraction(session: Session, hours: MarketHours, ms: number): number {
  const len = sessionLengthMs(session, hours);
  return len > 0 ? openMs(session, hours, Number.NEGATIVE_INFINITY, ms) / len : 1;
}

export function isOpenAt(session: Session, hours: MarketHours, ms: number): boolean {
  return hours === 'always'
    ? ms >= session.start && ms < session.end
    : ms >= session.open && ms < session.close;
}

/**
 * Cumulative share of a day's volume traded by session fraction f, for a U-shaped intraday
 * intensity 1 + 2(2f − 1)²: F(f) = (f + ((2f − 1)³ + 1)/3) / (5/3). About 42% by noon.
 */
export function volumeProfile(f: number): number {
  const x = Math.min(1, Math.max(0, f));
  const c = 2 * x - 1;
  return (x + (c * c * c + 1) / 3) / (5 / 3);
}
