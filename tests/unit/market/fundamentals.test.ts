import { expect, test } from 'vitest';
import { fundamentalsOf } from '#server/market/fundamentals.ts';
import { loadReferenceData } from '#server/market/reference-data.ts';
import { buildUniverse } from '#server/market/universe.ts';

const ref = loadReferenceData();
const specs = buildUniverse(ref, { seed: 5, universe: 'M', hours: 'always' });

test('real fields come from the open financials file, rescaled to the current price', () => {
  const aapl = specs.find((s) => s.symbol === 'AAPL');
  const f = fundamentalsOf(aapl as (typeof specs)[0], 5, 300);
  const r = ref.fundamentals.get('AAPL');
  expect(f.epsTtm).toBeCloseTo(r?.eps as number, 2);
  expect(f.pe).toBeCloseTo(300 / (r?.eps as number), 2);
  expect(f.marketCap / 300).toBeCloseTo((r?.marketCap as number) / (r?.price as number), -3);
});

test('generated fields agree with each other', () => {
  for (const s of specs.filter((x) => x.kind === 1).slice(0, 800)) {
    const f = fundamentalsOf(s, 5, s.lastClose);
    if (f.pe > 0) {
      expect(f.forwardPe).toBeCloseTo(f.pe / (1 + f.epsGrowthNextYear), 0);
      expect(f.payoutRatio).toBeCloseTo(f.dividendYield * f.pe, 3);
    }
    expect(f.quickRatio).toBeLessThanOrEqual(f.currentRatio);
    expect(f.longTermDebtEquity).toBeLessThanOrEqual(f.debtEquity);
    expect(f.grossMargin).toBeLessThan(1);
  }
});

test('funds and indexes carry only yield, beta and volume', () => {
  const spy = fundamentalsOf(specs.find((s) => s.symbol === 'SPY') as (typeof specs)[0], 5, 700);
  expect(spy.pe).toBeNaN();
  expect(spy.dividendYield).toBeGreaterThan(0);
  expect(spy.beta).toBe(1);
});
