import { describe, expect, test } from 'vitest';
import {
  epochDayOf,
  freezeDateRange,
  isoDateOfEpochDay,
  marketDayOf,
  resolveDateRange,
} from '#domain/filters/date-range.ts';
import { matchesRange } from '#domain/filters/filter-match.ts';

describe('epoch days', () => {
  test('known dates and round trip', () => {
    expect(epochDayOf('1970-01-01')).toBe(0);
    expect(epochDayOf('2025-01-17')).toBe(20105);
    expect(isoDateOfEpochDay(20105)).toBe('2025-01-17');
  });
  test('malformed or impossible dates are NaN', () => {
    expect(epochDayOf('2025-02-30')).toBeNaN();
    expect(epochDayOf('2025-1-7')).toBeNaN();
    expect(epochDayOf('tomorrow')).toBeNaN();
    expect(epochDayOf('0024-03-01')).toBeNaN();
  });
});

describe('marketDayOf uses the New York calendar date', () => {
  test('late evening New York is already the next day in UTC', () => {
    // 2025-03-10T03:30Z is 23:30 on 2025-03-09 in New York (EDT started that morning).
    expect(isoDateOfEpochDay(marketDayOf(Date.UTC(2025, 2, 10, 3, 30)))).toBe('2025-03-09');
    // 2025-01-15T04:59Z is 23:59 EST on 2025-01-14; a minute later it is the 15th.
    expect(isoDateOfEpochDay(marketDayOf(Date.UTC(2025, 0, 15, 4, 59)))).toBe('2025-01-14');
    expect(isoDateOfEpochDay(marketDayOf(Date.UTC(2025, 0, 15, 5, 0)))).toBe('2025-01-15');
  });
});

describe('resolveDateRange', () => {
  const asOf = Date.UTC(2025, 0, 15, 15, 0); // 10:00 New York, Wednesday 2025-01-15
  const today = epochDayOf('2025-01-15');

  test('relative ranges count days from the New York date, inclusive', () => {
    const range = resolveDateRange({ type: 'date_range', mode: 'relative', from: 0, to: 7 }, asOf);
    expect(range).toEqual({ min: today, max: today + 7 });
    expect(matchesRange(epochDayOf('2025-01-22'), range)).toBe(true);
    expect(matchesRange(epochDayOf('2025-01-23'), range)).toBe(false);
    expect(matchesRange(epochDayOf('2025-01-14'), range)).toBe(false);
  });
  test('relative ranges roll with the date', () => {
    const value = { type: 'date_range', mode: 'relative', from: null, to: 2 } as const;
    const nextDay = asOf + 86_400_000;
    expect(resolveDateRange(value, nextDay).max).toBe(today + 3);
    expect(resolveDateRange(value, nextDay).min).toBeNull();
  });
  test('frozen ranges ignore asOf; a missing date is NaN and fails', () => {
    const value = { type: 'date_range', mode: 'frozen', from: '2025-02-01', to: null } as const;
    expect(resolveDateRange(value, asOf)).toEqual({ min: epochDayOf('2025-02-01'), max: null });
    expect(resolveDateRange(value, asOf + 1e10)).toEqual(resolveDateRange(value, asOf));
    expect(matchesRange(Number.NaN, resolveDateRange(value, asOf))).toBe(false);
  });
  test('freezing keeps the selected dates', () => {
    expect(freezeDateRange({ type: 'date_range', mode: 'relative', from: -1, to: 30 }, asOf)).toEqual({
      type: 'date_range',
      mode: 'frozen',
      from: '2025-01-14',
      to: '2025-02-14',
    });
  });
});
