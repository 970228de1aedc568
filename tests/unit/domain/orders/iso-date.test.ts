import { describe, expect, test } from 'vitest';
import { DomainError } from '#domain/errors.ts';
import {
  isoDateParts,
  isThirdFriday,
  monthAbbreviation,
  parseIsoDate,
  weekday,
} from '#domain/orders/iso-date.ts';

describe('ISO dates', () => {
  test('parts', () => {
    expect(isoDateParts('2025-01-17')).toEqual({ year: 2025, month: 1, day: 17 });
    expect(isoDateParts('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
  });

  test.each(['2025-02-29', '2025-13-01', '2025-1-17', '17-01-2025', '2025-01-17T00:00', ''])(
    'reject %j',
    (text) => {
      expect(() => isoDateParts(text)).toThrow(DomainError);
      expect(parseIsoDate(text)).toBeNull();
    },
  );

  test('weekday and third Friday', () => {
    expect(weekday(isoDateParts('2025-01-17'))).toBe(5);
    expect(isThirdFriday(isoDateParts('2025-01-17'))).toBe(true);
    expect(isThirdFriday(isoDateParts('2025-06-20'))).toBe(true);
    expect(isThirdFriday(isoDateParts('2025-01-10'))).toBe(false);
    expect(isThirdFriday(isoDateParts('2025-01-24'))).toBe(false);
    expect(isThirdFriday(isoDateParts('2026-08-06'))).toBe(false);
  });

  test('month abbreviations', () => {
    expect([1, 2, 6, 9, 12].map(monthAbbreviation)).toEqual(['JAN', 'FEB', 'JUN', 'SEP', 'DEC']);
    // The table agrees with the platform's English short month names.
    const intl = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
    for (let month = 1; month <= 12; month += 1)
      expect(monthAbbreviation(month)).toBe(intl.format(Date.UTC(2000, month - 1, 1)).toUpperCase());
    expect(() => monthAbbreviation(13)).toThrow(RangeError);
  });
});
