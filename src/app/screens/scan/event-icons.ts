/**
 * Earnings and dividend icons beside a ticker (spec 2 §4.8, §9.4): green when the event helps
 * the strategy, red when it hurts, amber when it is unclear; the outcome depends on whether the
 * event falls before the trade's last expiration or after it. Past events are not shown.
 *
 * The spec leaves the per-strategy table open; the one below follows how each position meets the
 * event: premium sellers fear an earnings move before expiry and like it after; premium buyers the
 * reverse; time spreads (long the back month) like earnings after the front expiration. A dividend
 * before expiry is unclear (3) except for long calls (the holder does not get it, the price drops
 * by it: 2) and long puts (1); after expiry it no longer touches the trade (1).
 */
import { epochDayOf } from '#domain/filters/date-range.ts';
import type { ScreenerStrategyKey } from '#domain/strategies/strategy-key.ts';

export const EventOutcome = { Favorable: 1, Unfavorable: 2, Unclear: 3 } as const;
export type EventOutcome = (typeof EventOutcome)[keyof typeof EventOutcome];

type Codes = readonly [before: EventOutcome, after: EventOutcome];

const SELLER: Codes = [2, 1];
const BUYER: Codes = [1, 2];
const TIME_SPREAD: Codes = [3, 1];
const NEUTRAL: Codes = [3, 3];

const EARNINGS: Readonly<Record<ScreenerStrategyKey, Codes>> = {
  long_call: BUYER,
  long_put: BUYER,
  naked_call: SELLER,
  naked_put: SELLER,
  covered_call: SELLER,
  married_call: NEUTRAL,
  married_put: NEUTRAL,
  bull_call_spread: NEUTRAL,
  bear_call_spread: SELLER,
  bull_put_spread: SELLER,
  bear_put_spread: NEUTRAL,
  long_straddle: BUYER,
  short_straddle: SELLER,
  long_strangle: BUYER,
  short_strangle: SELLER,
  call_butterfly: SELLER,
  put_butterfly: SELLER,
  iron_butterfly: SELLER,
  iron_condor: SELLER,
  long_call_calendar_spread: TIME_SPREAD,
  long_put_calendar_spread: TIME_SPREAD,
  long_call_diagonal_spread: TIME_SPREAD,
  long_put_diagonal_spread: TIME_SPREAD,
  collar: NEUTRAL,
  call_ratio_spread: SELLER,
  put_ratio_spread: SELLER,
  custom: NEUTRAL,
};

const DIVIDEND_BEFORE: Partial<Record<ScreenerStrategyKey, EventOutcome>> = { long_call: 2, long_put: 1 };

export type TickerEvent = 'earnings' | 'dividend';

export const OUTCOME_TONE: Readonly<Record<EventOutcome, 'favorable' | 'unfavorable' | 'unclear'>> = {
  1: 'favorable',
  2: 'unfavorable',
  3: 'unclear',
};

/**
 * The outcome of an event on `eventDate` for a trade whose last expiration is `lastExpiration`
 * (dates YYYY-MM-DD), seen on `today`; null for a missing or past event.
 */
export function eventOutcome(
  strategy: ScreenerStrategyKey,
  event: TickerEvent,
  eventDate: unknown,
  lastExpiration: string | null,
  today: string,
): EventOutcome | null {
  if (typeof eventDate !== 'string' || lastExpiration === null) return null;
  const day = epochDayOf(eventDate);
  if (Number.isNaN(day) || day < epochDayOf(today)) return null;
  const before = day <= epochDayOf(lastExpiration);
  if (event === 'dividend') return before ? (DIVIDEND_BEFORE[strategy] ?? 3) : 1;
  const [ifBefore, ifAfter] = EARNINGS[strategy];
  return before ? ifBefore : ifAfter;
}

/** The last expiration among a trade's option legs. */
export function lastExpirationOf(legs: readonly { readonly expiration: string | null }[]): string | null {
  const dates = legs.map((l) => l.expiration).filter((d): d is string => d !== null);
  // ISO dates sort as text.
  return dates.sort().at(-1) ?? null;
}
