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
