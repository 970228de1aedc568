import { readFileSync, statSync } from 'node:fs';
import { expect, test } from 'vitest';
import { loadReferenceData } from '#server/market/reference-data.ts';

const dir = new URL('../../../src/server/market/reference/', import.meta.url);

test('the shipped reference data loads and is small', () => {
  const ref = loadReferenceData();
  expect(ref.symbols.length).toBeGreaterThan(500);
  expect(ref.vix.length).toBeGreaterThan(400);
  let bytes = 0;
  for (const f of ['symbols.csv', 'fundamentals.csv', 'params.csv', 'vix.csv', 'model.json'])
    bytes += statSync(new URL(f, dir)).size;
  expect(bytes).toBeLessThan(3_000_000);
});

test('every symbol has a last close, a volatility and a dividend yield', () => {
  for (const s of loadReferenceData().symbols) {
    expect(s.lastClose, s.symbol).toBeGreaterThan(0);
    if (s.symbol !== 'VIX') expect(s.vol, s.symbol).toBeGreaterThan(0.03);
    expect(Number.isNaN(s.dividendYield) || s.dividendYield >= 0).toBe(true);
  }
});

test('files derived from unclear-licence prices hold parameters only, no series', () => {
  // One row per symbol: a price series would repeat symbols across dates.
  const rows = readFileSync(new URL('params.csv', dir), 'utf8').trim().split('\n').slice(1);
  const symbols = rows.map((r) => r.split(',')[0]);
  expect(new Set(symbols).size).toBe(rows.length);
  expect(readFileSync(new URL('SOURCES.md', dir), 'utf8')).toMatch(/ODC-PDDL/);
});

test('the calibrated model has its fitted shapes', () => {
  const { model } = loadReferenceData();
  for (const u of ['SPY', 'QQQ', 'AAPL']) expect(model.smile[u]?.rho).toBeLessThan(0);
  expect(model.riskFreeRate.value).toBeGreaterThan(0);
  expect(model.regime.phi).toBeGreaterThan(0.9);
  expect(model.regime.leverageCorrelation).toBeLessThan(-0.5);
  expect(model.openInterest.perContractByU).toHaveLength(model.openInterest.uBuckets.length + 1);
});

test('volatilities and betas are those of moves, not of breaks in the price files', () => {
  // An unadjusted split or a file alternating between two series reads as a ±100% session, which
  // alone lifts a year's volatility by about 1.6 (KLAC read 248%, DD 192%, beta up to 6.6). The
  // most volatile real names of the list move about 120% a year.
  for (const s of loadReferenceData().symbols) {
    if (s.symbol === 'VIX') continue;
    expect(s.vol, s.symbol).toBeLessThan(1.25);
    expect(Math.abs(s.beta), s.symbol).toBeLessThan(5);
  }
});
