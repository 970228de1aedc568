import { expect, test } from 'vitest';
import { baseIncrement, strikeGrid } from '#server/market/strikes.ts';

test('standard increments by price level and liquidity', () => {
  expect(baseIncrement(2, 3)).toBe(0.5);
  expect(baseIncrement(20, 1)).toBe(0.5);
  expect(baseIncrement(60, 2)).toBe(2.5);
  expect(baseIncrement(690, 0)).toBe(1);
  expect(baseIncrement(7400, 0)).toBe(5);
});

test('grids bracket the forward, ascend, sit on their increment and coarsen away from the money', () => {
  const g = strikeGrid(280, 0.25 * Math.sqrt(37 / 365), 1, 37 / 365);
  expect(g[0] as number).toBeLessThan(280 * 0.8);
  expect(g.at(-1) as number).toBeGreaterThan(280 * 1.2);
  for (let i = 1; i < g.length; i++) expect(g[i] as number).toBeGreaterThan(g[i - 1] as number);
  for (const k of g) expect(k % 5).toBe(0);
  const steps = g.slice(1).map((k, i) => k - (g[i] as number));
  expect(Math.min(...steps)).toBe(5);
  expect(Math.max(...steps)).toBeGreaterThan(5);
});

test('SPY-like grids list $1 strikes near the money, $5 beyond, and reach 0.70–1.30 of the forward as the real chain', () => {
  const g = strikeGrid(692, 0.15 * Math.sqrt(30 / 365), 0, 30 / 365);
  const near = g.filter((k) => Math.abs(k / 692 - 1) <= 0.03);
  expect(near.slice(1).every((k, i) => k - (near[i] as number) === 1)).toBe(true);
  const far = g.filter((k) => k / 692 < 0.85);
  expect(far.slice(1).every((k, i) => k - (far[i] as number) === 5)).toBe(true);
  expect((g[0] as number) / 692).toBeLessThan(0.71);
  expect((g.at(-1) as number) / 692).toBeGreaterThan(1.29);
});

test('per-tier caps hold even for long-dated, high-priced indexes', () => {
  // 300 for the daily-expiry names: SPY's real monthlies list 200–275 strikes.
  expect(strikeGrid(29_000, 0.45, 0, 1).length).toBeLessThanOrEqual(300);
  expect(strikeGrid(12, 0.6, 3, 1).length).toBeLessThanOrEqual(24);
});

test("a daily reaches less far than a month's expiration: its far strikes are what wide multi-leg scans pay for", () => {
  const daily = strikeGrid(692, 0.15 * Math.sqrt(7 / 365), 0, 1 / 365);
  const month = strikeGrid(692, 0.15 * Math.sqrt(30 / 365), 0, 30 / 365);
  expect((daily[0] as number) / 692).toBeGreaterThan(0.83);
  expect((month[0] as number) / 692).toBeLessThan(0.71);
  expect(daily.length).toBeLessThan(0.75 * month.length);
});

test("a standard monthly lists the real monthlies' far wings from its first days; a weekly of the same day does not", () => {
  // SPY's real monthly nine days out lists $5 strikes down to 0.48 of spot, its next ones to 0.35.
  const monthly = strikeGrid(692, 0.17 * Math.sqrt(9 / 365), 0, 9 / 365, true);
  const weekly = strikeGrid(692, 0.17 * Math.sqrt(9 / 365), 0, 9 / 365);
  expect((monthly[0] as number) / 692).toBeLessThan(0.4);
  expect((weekly[0] as number) / 692).toBeGreaterThan(0.7);
  const wing = monthly.filter((k) => k / 692 < 0.9);
  expect(wing.slice(1).every((k, i) => k - (wing[i] as number) === 5)).toBe(true);
  // AAPL's real monthlies list $5 strikes down to 0.32–0.43 of spot; past 0.3 years the wing steps $10.
  const aapl = strikeGrid(280, 0.3 * Math.sqrt(37 / 365), 1, 37 / 365, true);
  expect((aapl[0] as number) / 280).toBeLessThan(0.4);
  const aaplWing = aapl.filter((k) => k / 280 < 0.7);
  expect(aaplWing.slice(1).every((k, i) => k - (aaplWing[i] as number) === 5)).toBe(true);
  const long = strikeGrid(280, 0.4 * Math.sqrt(0.5), 1, 0.5, true);
  const longWing = long.filter((k) => k / 280 < 0.5);
  expect(longWing.slice(1).every((k, i) => k - (longWing[i] as number) === 10)).toBe(true);
});

test('a year out no grid lists calls beyond one standard deviation past its tier’s real reach', () => {
  // SPY's real chain ends at 1.30 of spot to a year out; 3σ√T + 3% would list calls to 1.7 times it.
  for (const standard of [false, true]) {
    const g = strikeGrid(692, 0.21, 0, 1, standard);
    expect((g.at(-1) as number) / 692).toBeLessThanOrEqual(Math.exp(0.26 + 0.21));
  }
  const aapl = strikeGrid(280, 0.43 * Math.sqrt(2.8), 1, 2.8, true);
  expect((aapl.at(-1) as number) / 280).toBeLessThan(4);
});
