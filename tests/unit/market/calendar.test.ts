import { expect, test } from 'vitest';
import {
  dayOf,
  isEarlyClose,
  isoOf,
  isTradingDay,
  lastTradingDayOfMonth,
  monthlyExpiration,
  nextTradingDay,
  previousTradingDay,
  tradingDaysEndingAt,
} from '#server/market/calendar.ts';

// NYSE holiday schedule for 2026 and 2027 as published on nyse.com (markets-hours-calendars).
const HOLIDAYS_2026 = [
  '2026-01-01',
  '2026-01-19',
  '2026-02-16',
  '2026-04-03',
  '2026-05-25',
  '2026-06-19',
  '2026-07-03',
  '2026-09-07',
  '2026-11-26',
  '2026-12-25',
];

test('2026 NYSE holidays, and only those weekdays, are closed', () => {
  let closedWeekdays = 0;
  for (let d = dayOf('2026-01-01'); d <= dayOf('2026-12-31'); d++) {
    const w = new Date(d * 86_400_000).getUTCDay();
    if (w !== 0 && w !== 6 && !isTradingDay(d)) {
      closedWeekdays++;
      expect(HOLIDAYS_2026).toContain(isoOf(d));
    }
  }
  expect(closedWeekdays).toBe(HOLIDAYS_2026.length);
  // New Year's Day 2028 is a Saturday: not moved back to Friday 2027-12-31.
  expect(isTradingDay(dayOf('2027-12-31'))).toBe(true);
});

test('early closes', () => {
  expect(isEarlyClose(dayOf('2026-11-27'))).toBe(true);
  expect(isEarlyClose(dayOf('2026-12-24'))).toBe(true);
  expect(isEarlyClose(dayOf('2026-07-02'))).toBe(false);
  expect(isEarlyClose(dayOf('2027-07-02'))).toBe(false);
});

test('stepping over weekends and holidays', () => {
  expect(isoOf(nextTradingDay(dayOf('2026-04-02')))).toBe('2026-04-06');
  expect(isoOf(previousTradingDay(dayOf('2026-04-06')))).toBe('2026-04-02');
  const days = tradingDaysEndingAt(dayOf('2026-03-08'), 3).map(isoOf);
  expect(days).toEqual(['2026-03-04', '2026-03-05', '2026-03-06']);
});

test('monthly expirations are third Fridays, moved to Thursday on a holiday', () => {
  expect(isoOf(monthlyExpiration(2026, 3))).toBe('2026-03-20');
  expect(isoOf(monthlyExpiration(2027, 1))).toBe('2027-01-15');
  // Good Friday 2025 fell on the third Friday of April.
  expect(isoOf(monthlyExpiration(2025, 4))).toBe('2025-04-17');
  expect(isoOf(lastTradingDayOfMonth(2026, 1))).toBe('2026-01-30');
});
