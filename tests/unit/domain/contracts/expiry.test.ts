import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { daysToExpiry, expiryInstant, nyDate, nyTimeParts, yearsToExpiry } from '#domain/contracts/expiry.ts';

const HOUR = 3_600_000;

describe('expiryInstant', () => {
  test('is 16:00 New York: 21:00Z in winter (EST) and 20:00Z in summer (EDT)', () => {
    expect(expiryInstant('2025-01-17')).toBe(Date.parse('2025-01-17T21:00:00Z'));
    expect(expiryInstant('2025-07-18')).toBe(Date.parse('2025-07-18T20:00:00Z'));
  });

  test('follows the DST switch days themselves (2025-03-09 and 2025-11-02)', () => {
    expect(expiryInstant('2025-03-09')).toBe(Date.parse('2025-03-09T20:00:00Z'));
    expect(expiryInstant('2025-03-08')).toBe(Date.parse('2025-03-08T21:00:00Z'));
    expect(expiryInstant('2025-11-02')).toBe(Date.parse('2025-11-02T21:00:00Z'));
    expect(expiryInstant('2025-11-01')).toBe(Date.parse('2025-11-01T20:00:00Z'));
  });

  test('reads as 16:00:00 on that date on a New York clock, for any date', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date(Date.UTC(2000, 0, 1)),
          max: new Date(Date.UTC(2099, 11, 31)),
          noInvalidDate: true,
        }),
        (d) => {
          const date = d.toISOString().slice(0, 10);
          const at = expiryInstant(date);
          expect(nyDate(at)).toBe(date);
          expect(nyTimeParts(at)).toMatchObject({ hour: 16, minute: 0, second: 0 });
          expect([4 * HOUR, 5 * HOUR]).toContain(at - Date.parse(`${date}T16:00:00Z`));
        },
      ),
      { numRuns: 300 },
    );
  });

  test('rejects malformed and impossible dates', () => {
    for (const bad of ['2025-02-30', '2025-13-01', '20250117', '2025-1-17', '']) {
      expect(() => expiryInstant(bad)).toThrow(RangeError);
    }
  });
});

describe('time to expiry', () => {
  test('is ACT/365 on the exact instant difference, 0 once expired', () => {
    const expiry = Date.parse('2025-01-17T21:00:00Z');
    expect(daysToExpiry('2025-01-17', expiry - 36 * HOUR)).toBe(1.5);
    expect(yearsToExpiry('2025-01-17', expiry - 365 * 24 * HOUR)).toBe(1);
    expect(yearsToExpiry('2025-01-17', expiry - 2 * HOUR)).toBeCloseTo(2 / (365 * 24), 15);
    expect(yearsToExpiry('2025-01-17', expiry + 1)).toBe(0);
    expect(daysToExpiry('2025-01-17', expiry)).toBe(0);
  });

  test('over a DST switch counts the real 23-hour day', () => {
    // From 16:00 EST on Friday 2025-03-07 to 16:00 EDT on Monday 2025-03-10: 71 hours, not 72.
    const friday = expiryInstant('2025-03-07');
    expect(daysToExpiry('2025-03-10', friday)).toBeCloseTo(71 / 24, 12);
  });
});

describe('New York clock', () => {
  test('nyDate gives the New York calendar date, which lags UTC in the evening', () => {
    expect(nyDate(Date.parse('2025-01-18T03:00:00Z'))).toBe('2025-01-17');
    expect(nyDate(Date.parse('2025-07-18T04:30:00Z'))).toBe('2025-07-18');
  });

  test('nyTimeParts gives the wall clock and the weekday (0 = Sunday)', () => {
    expect(nyTimeParts(Date.parse('2025-07-18T13:30:00Z'))).toEqual({
      year: 2025,
      month: 7,
      day: 18,
      hour: 9,
      minute: 30,
      second: 0,
      weekday: 5,
    });
  });
});
