import { expect, test } from 'vitest';
import { Sector, sectorName } from '#domain/filters/sectors.ts';
import { loadReferenceData } from '#server/market/reference-data.ts';
import { buildUniverse } from '#server/market/universe.ts';

const ref = loadReferenceData();

test('S, M and L have 500, 2,000 and 5,000 underlyings; beyond the real list they are synthetic', () => {
  const s = buildUniverse(ref, { seed: 1, universe: 'S', hours: 'always' });
  const m = buildUniverse(ref, { seed: 1, universe: 'M', hours: 'always' });
  const l = buildUniverse(ref, { seed: 1, universe: 'L', hours: 'always' });
  expect([s.length, m.length, l.length]).toEqual([500, 2000, 5000]);
  expect(s.every((x) => !x.synthetic)).toBe(true);
  const real = ref.symbols.length;
  expect(m.slice(real).every((x) => x.synthetic && x.name.includes('synthetic'))).toBe(true);
  expect(new Set(l.map((x) => x.symbol)).size).toBe(5000);
  // The synthetic tickers of M are the first ones of L.
  expect(l.slice(0, 2000).map((x) => x.symbol)).toEqual(m.map((x) => x.symbol));
  expect(l.map((x) => x.index)).toEqual(l.map((_, i) => i));
});

test('the scanning staples are in S: index funds, sector funds, indexes', () => {
  const symbols = new Set(
    buildUniverse(ref, { seed: 1, universe: 'S', hours: 'always' }).map((x) => x.symbol),
  );
  for (const s of [
    'SPY',
    'QQQ',
    'IWM',
    'DIA',
    'XLK',
    'XLF',
    'XLE',
    'XLV',
    'SPX',
    'NDX',
    'RUT',
    'VIX',
    'AAPL',
    'NVDA',
  ]) {
    expect(symbols.has(s), s).toBe(true);
  }
});

test('sector and kind codes are the spec codes', () => {
  const all = buildUniverse(ref, { seed: 1, universe: 'M', hours: 'always' });
  for (const x of all) {
    expect([1, 2, 3]).toContain(x.kind);
    if (x.sector !== Sector.None) expect(sectorName(x.sector), x.symbol).toBeDefined();
    if (x.kind === 1) expect(x.sector).toBeGreaterThan(0);
  }
  const aapl = all.find((x) => x.symbol === 'AAPL');
  expect(aapl?.sector).toBe(1);
  expect(all.find((x) => x.symbol === 'JPM')?.sector).toBe(2);
  expect(all.find((x) => x.symbol === 'UNH')?.sector).toBe(2361);
  expect(all.find((x) => x.symbol === 'XLU')?.sector).toBe(10);
});

test('an explicit symbol list picks those underlyings in that order', () => {
  const u = buildUniverse(ref, { seed: 1, universe: 'S', hours: 'always', symbols: ['KO', 'SPY'] });
  expect(u.map((x) => [x.symbol, x.index])).toEqual([
    ['KO', 0],
    ['SPY', 1],
  ]);
  expect(() => buildUniverse(ref, { seed: 1, universe: 'S', hours: 'always', symbols: ['NOPE'] })).toThrow();
});

test('the spot bitcoin and ether funds are listed funds with option chains, priced from bitcoin', () => {
  const m = buildUniverse(ref, { seed: 1, universe: 'M', hours: 'always' });
  const ibit = m.find((x) => x.symbol === 'IBIT');
  const etha = m.find((x) => x.symbol === 'ETHA');
  expect(ibit?.kind).toBe(2);
  expect(etha?.kind).toBe(2);
  // Weeklies for IBIT, one of the most traded funds; crypto-like volatility and beta for both.
  expect(ibit?.tier).toBeLessThanOrEqual(1);
  expect(etha?.tier).toBeLessThanOrEqual(2);
  expect(ibit?.vol).toBeGreaterThan(0.3);
  expect(etha?.vol).toBeGreaterThan(ibit?.vol ?? 1);
  expect(ibit?.beta).toBeGreaterThan(1);
  expect(ibit?.lastClose).toBeGreaterThan(20);
  expect(ibit?.lastClose).toBeLessThan(80);
});
