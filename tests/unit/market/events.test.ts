import { expect, test } from 'vitest';
import { dayOf, isoOf, isTradingDay } from '#server/market/calendar.ts';
import { analystView, earningsDays, exDividendDays, nextDividend } from '#server/market/events.ts';
import { loadReferenceData } from '#server/market/reference-data.ts';
import { buildUniverse } from '#server/market/universe.ts';

const specs = buildUniverse(loadReferenceData(), {
  seed: 3,
  universe: 'S',
  hours: 'always',
  symbols: ['KO', 'SPY', 'SPX', 'TSLA'],
});
const [ko, spy, spx, tsla] = specs as [
  (typeof specs)[0],
  (typeof specs)[0],
  (typeof specs)[0],
  (typeof specs)[0],
];
const from = dayOf('2026-01-01');
const to = dayOf('2026-12-31');

test('four earnings a year for stocks, on trading days in the reporting seasons; none for funds', () => {
  const e = earningsDays(ko, 3, from, to);
  expect(e).toHaveLength(4);
  for (const d of e) {
    expect(isTradingDay(d)).toBe(true);
    expect([1, 2, 4, 5, 7, 8, 10, 11]).toContain(Number(isoOf(d).slice(5, 7)));
  }
  expect(earningsDays(spy, 3, from, to)).toEqual([]);
});

test('dividends are quarterly and add up to the yield', () => {
  const ex = exDividendDays(ko, 3, from, to);
  expect(ex).toHaveLength(4);
  const d = nextDividend(ko, 3, from, 70);
  expect(d?.amount).toBeCloseTo((ko.dividendYield * 70) / 4, 4);
  expect(d && d.payDate > d.exDate).toBe(true);
  // Funds go ex on the quarterly third Friday; indexes and non-payers have none.
  expect(exDividendDays(spy, 3, from, to).map(isoOf)).toEqual([
    '2026-03-20',
    '2026-06-18',
    '2026-09-18',
    '2026-12-18',
  ]);
  expect(nextDividend(spx, 3, from, 7000)).toBeNull();
  expect(nextDividend(tsla, 3, from, 400)).toBeNull();
});

test('analyst consensus stays in 1–5 with its changes, and targets sit above the price for buys', () => {
  for (let d = from; d < from + 400; d += 7) {
    const a = analystView(ko, 3, d, 70);
    expect(a?.recommendation).toBeGreaterThanOrEqual(1);
    expect(a?.recommendation).toBeLessThanOrEqual(5);
    expect(Math.abs(a?.changeWeek ?? 9)).toBeLessThan(1);
    if ((a?.recommendation ?? 5) < 1.8) expect(a?.targetPrice).toBeGreaterThan(70);
  }
  expect(analystView(spy, 3, from, 700)).toBeNull();
});
