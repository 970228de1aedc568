import { expect, test } from 'vitest';
import { dayOf, isoOf, isTradingDay } from '#server/market/calendar.ts';
import { listedExpirations } from '#server/market/expirations.ts';

const day = dayOf('2026-02-11');

test('index products list dailies, weeklies, monthlies, quarter-ends and LEAPS', () => {
  const e = listedExpirations(day, 0, 2);
  const iso = e.map((x) => isoOf(x.day));
  expect(iso.slice(0, 3)).toEqual(['2026-02-11', '2026-02-12', '2026-02-13']);
  expect(e.find((x) => isoOf(x.day) === '2026-02-20')?.type).toBe('monthly');
  expect(e.find((x) => isoOf(x.day) === '2026-03-31')?.type).toBe('quarterly');
  expect(iso).toContain('2027-01-15');
  expect(iso).toContain('2028-12-15');
  expect(e.length).toBeGreaterThan(30);
});

test('less liquid tiers list fewer, monthlies only at the bottom', () => {
  const t1 = listedExpirations(day, 1, 0);
  const t3 = listedExpirations(day, 3, 0);
  expect(t1.filter((x) => x.type === 'weekly').length).toBeGreaterThanOrEqual(4);
  expect(t1.some((x) => isoOf(x.day) === '2028-01-21')).toBe(true);
  // LEAPS about 34 months out, as AAPL's real chain of that day (to 2028-12-15).
  expect(isoOf(t1.at(-1)?.day ?? 0)).toBe('2028-12-15');
  expect(t3.every((x) => x.type === 'monthly')).toBe(true);
  expect(t3.length).toBeLessThanOrEqual(6);
});

test('every expiration is a trading day, ascending, none before today', () => {
  for (const tier of [0, 1, 2, 3] as const) {
    const e = listedExpirations(day, tier, 1);
    e.forEach((x, i) => {
      expect(isTradingDay(x.day)).toBe(true);
      expect(x.day).toBeGreaterThanOrEqual(day);
      if (i > 0) expect(x.day).toBeGreaterThan((e[i - 1] as { day: number }).day);
    });
  }
});

test('VIX expires on Wednesdays, 30 days before the next standard expiration', () => {
  const e = listedExpirations(day, 1, 0, true);
  expect(
    e
      .filter((x) => x.type === 'monthly')
      .map((x) => isoOf(x.day))
      .slice(0, 2),
  ).toEqual(['2026-02-18', '2026-03-18']);
  expect(e.every((x) => new Date(x.day * 86_400_000).getUTCDay() === 3)).toBe(true);
});
