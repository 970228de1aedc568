import { expect, test } from 'vitest';
import { dayOf } from '#server/market/calendar.ts';
import {
  isOpenAt,
  nyMidnight,
  openMs,
  sessionDayOf,
  sessionOf,
  volumeProfile,
} from '#server/market/market-clock.ts';

test('New York midnight across daylight saving', () => {
  expect(new Date(nyMidnight(dayOf('2026-01-15'))).toISOString()).toBe('2026-01-15T05:00:00.000Z');
  expect(new Date(nyMidnight(dayOf('2026-07-15'))).toISOString()).toBe('2026-07-15T04:00:00.000Z');
  // The spring-forward day itself starts in winter time.
  expect(new Date(nyMidnight(dayOf('2026-03-08'))).toISOString()).toBe('2026-03-08T05:00:00.000Z');
});

test('a weekend belongs to the next session', () => {
  expect(sessionDayOf(Date.parse('2026-03-07T15:00:00Z'))).toBe(dayOf('2026-03-09'));
  const s = sessionOf(dayOf('2026-03-09'));
  expect(new Date(s.start).toISOString()).toBe('2026-03-07T05:00:00.000Z');
  expect(new Date(s.open).toISOString()).toBe('2026-03-09T13:30:00.000Z');
  expect(new Date(s.close).toISOString()).toBe('2026-03-09T20:00:00.000Z');
});

test('regular hours and early closes', () => {
  const s = sessionOf(dayOf('2026-11-27'));
  expect(new Date(s.close).toISOString()).toBe('2026-11-27T18:00:00.000Z');
  expect(isOpenAt(s, 'nyse', Date.parse('2026-11-27T18:30:00Z'))).toBe(false);
  expect(isOpenAt(s, 'always', Date.parse('2026-11-27T18:30:00Z'))).toBe(true);
  expect(openMs(s, 'nyse', s.start, s.end)).toBe(3.5 * 3_600_000);
});

test('intraday volume profile: U-shaped, about 42% by noon', () => {
  expect(volumeProfile(0)).toBe(0);
  expect(volumeProfile(1)).toBeCloseTo(1, 12);
  expect(volumeProfile(2.5 / 6.5)).toBeGreaterThan(0.4);
  expect(volumeProfile(2.5 / 6.5)).toBeLessThan(0.45);
  // The first half hour trades more than a half hour at midday.
  expect(volumeProfile(0.5 / 6.5)).toBeGreaterThan(volumeProfile(3.5 / 6.5) - volumeProfile(3 / 6.5));
});
