import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { expiryInstant as expirationInstantMs } from '#domain/contracts/expiry.ts';
import { expirationCountdown, expirationCountdownText } from '#domain/display/expiration-countdown.ts';

describe('expiration instant: 16:00 New York', () => {
  test('winter (EST, UTC−5) and summer (EDT, UTC−4)', () => {
    expect(expirationInstantMs('2025-01-17')).toBe(Date.UTC(2025, 0, 17, 21));
    expect(expirationInstantMs('2025-06-20')).toBe(Date.UTC(2025, 5, 20, 20));
  });

  test('around the daylight-saving switches', () => {
    expect(expirationInstantMs('2025-03-08')).toBe(Date.UTC(2025, 2, 8, 21));
    expect(expirationInstantMs('2025-03-09')).toBe(Date.UTC(2025, 2, 9, 20));
    expect(expirationInstantMs('2025-11-01')).toBe(Date.UTC(2025, 10, 1, 20));
    expect(expirationInstantMs('2025-11-02')).toBe(Date.UTC(2025, 10, 2, 21));
  });
});

describe('countdown text (spec 2 §9.4)', () => {
  test.each([
    [-1, 'expired'],
    [0, 'expired'],
    [0.01, 'in 1 hour'],
    [1 / 24, 'in 1 hour'],
    [0.5, 'in 12 hours'],
    [0.99, 'in 24 hours'],
    [1, 'in 1 day'],
    [1.49, 'in 1 day'],
    [1.5, 'in 2 days'],
    [30, 'in 30 days'],
  ])('%f days → %s', (days, text) => {
    expect(expirationCountdownText(days)).toBe(text);
  });

  test('relative to an as-of time', () => {
    expect(expirationCountdown('2025-01-17', Date.UTC(2025, 0, 17, 9))).toBe('in 12 hours');
    expect(expirationCountdown('2025-01-17', Date.UTC(2025, 0, 17, 21))).toBe('expired');
    expect(expirationCountdown('2025-01-17', Date.UTC(2025, 0, 10, 21))).toBe('in 7 days');
  });

  test('never shows more time left for less time left', () => {
    const hoursShown = (text: string) => {
      const match = /^in (\d+) (hour|day)s?$/.exec(text);
      if (!match) return text === 'expired' ? 0 : Number.NaN;
      return Number(match[1]) * (match[2] === 'day' ? 24 : 1);
    };
    fc.assert(
      fc.property(
        fc.double({ min: -2, max: 60, noNaN: true }),
        fc.double({ min: -2, max: 60, noNaN: true }),
        (a, b) => {
          const [less, more] = a <= b ? [a, b] : [b, a];
          expect(hoursShown(expirationCountdownText(less))).toBeLessThanOrEqual(
            hoursShown(expirationCountdownText(more)),
          );
        },
      ),
    );
  });
});
