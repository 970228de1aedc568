/**
 * When reports go out (spec 3 §9; docs/REPORTS.md), on the NYSE calendar in New York time:
 * - end of day (`d_eod`): after a session's close, until the next session opens;
 * - weekend (`w_eod`): after the week's last session's close (Friday's, or Thursday's before a
 *   holiday), until the next session opens;
 * - intraday (`d_intraday`): from 1.5 hours before a session's close until the close.
 * Each send is for a period (the session's date, marked for weekend and intraday sends), which the
 * job records, so one period is sent once however often it checks.
 */
import type { ReportFrequency } from '#domain/reports/report-catalogue.ts';
import { isoOf, nextTradingDay, previousTradingDay, weekdayOf } from '../market/calendar.ts';
import { sessionDayOf, sessionOf } from '../market/market-clock.ts';

const INTRADAY_LEAD_MS = 90 * 60_000;

export interface DueRun {
  readonly frequency: ReportFrequency;
  /** The send's period: `2026-11-27`, `2026-11-27 weekend`, `2026-11-27 intraday`. */
  readonly period: string;
}

/** The last session closed at or before `now`. */
function lastClosedSession(now: number): number {
  const day = sessionDayOf(now);
  return now >= sessionOf(day).close ? day : previousTradingDay(day);
}

/** The sends due at `now` (epoch ms). */
export function dueRuns(now: number): DueRun[] {
  const due: DueRun[] = [];
  const closed = lastClosedSession(now);
  const next = nextTradingDay(closed);
  if (now < sessionOf(next).open) {
    due.push({ frequency: 'd_eod', period: isoOf(closed) });
    // The week's last session: the next one starts a new week (Monday, or later after a holiday).
    if (weekdayOf(next) <= weekdayOf(closed) || next - closed >= 7)
      due.push({ frequency: 'w_eod', period: `${isoOf(closed)} weekend` });
  }
  const today = sessionDayOf(now);
  const session = sessionOf(today);
  if (now >= session.close - INTRADAY_LEAD_MS && now < session.close && now >= session.open)
    due.push({ frequency: 'd_intraday', period: `${isoOf(today)} intraday` });
  return due;
}
