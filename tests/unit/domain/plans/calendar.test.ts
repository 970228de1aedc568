import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addMonthsUtc } from '#domain/plans/calendar.ts';

describe('addMonthsUtc', () => {
  test('keeps the day and time of day', () => {
    expect(addMonthsUtc(Date.UTC(2025, 0, 16, 13, 45, 7, 9), 1)).toBe(Date.UTC(2025, 1, 16, 13, 45, 7, 9));
    expect(addMonthsUtc(Date.UTC(2025, 2, 10), 12)).toBe(Date.UTC(2026, 2, 10));
  });

  test('clamps to the end of a shorter month', () => {
    expect(addMonthsUtc(Date.UTC(2025, 0, 31, 8), 1)).toBe(Date.UTC(2025, 1, 28, 8));
    expect(addMonthsUtc(Date.UTC(2024, 0, 31), 1)).toBe(Date.UTC(2024, 1, 29));
    expect(addMonthsUtc(Date.UTC(2024, 1, 29), 12)).toBe(Date.UTC(2025, 1, 28));
    expect(addMonthsUtc(Date.UTC(2025, 4, 31), 1)).toBe(Date.UTC(2025, 5, 30));
  });

  test('crosses the year', () => {
    expect(addMonthsUtc(Date.UTC(2025, 11, 15), 1)).toBe(Date.UTC(2026, 0, 15));
  });

  test('always lands in the target month, at most 31 days per month later', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }),
        fc.integer({ min: 1, max: 24 }),
        (ms, months) => {
          const start = new Date(ms);
          const end = new Date(addMonthsUtc(ms, months));
          const monthIndex = (d: Date) => d.getUTCFullYear() * 12 + d.getUTCMonth();
          expect(monthIndex(end) - monthIndex(start)).toBe(months);
          expect(end.getUTCDate()).toBeLessThanOrEqual(start.getUTCDate());
        },
      ),
    );
  });
});
