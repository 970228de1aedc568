import { expect, test } from 'vitest';
import { instantVol } from '#server/market/history.ts';
import { loadReferenceData } from '#server/market/reference-data.ts';
import { longOverShort, underlyingModel } from '#server/market/underlying-model.ts';
import { buildUniverse } from '#server/market/universe.ts';
import { atmTotalVariance } from '#server/market/vol-surface.ts';

const ref = loadReferenceData();
const specs = buildUniverse(ref, { seed: 9, universe: 'M', hours: 'always' });
const marketVol = ref.symbols.find((s) => s.symbol === 'SPY')?.vol ?? 0.15;

test('at the average regime every name has its reference volatility', () => {
  for (const s of specs.filter((x) => !x.isVix).slice(0, 1500)) {
    const m = underlyingModel(s, ref.model, marketVol, 9);
    const floor = Math.sqrt((s.beta * marketVol) ** 2 + (s.vol / 4) ** 2);
    expect(instantVol(m, marketVol, 1)).toBeCloseTo(Math.max(s.vol, floor), 10);
    // Volatility rises with the regime.
    expect(instantVol(m, marketVol, 1.5)).toBeGreaterThan(instantVol(m, marketVol, 1));
  }
});

test('the long-run vol gives the reference term premium at the average regime', () => {
  const kappa = 3.2;
  const x = longOverShort(kappa, 1.35);
  const term = { short: 1, long: x, kappa };
  const ratio =
    Math.sqrt(atmTotalVariance(term, 1)) / Math.sqrt(atmTotalVariance(term, 30 / 365) / (30 / 365));
  expect(ratio).toBeCloseTo(1.35, 6);
});

test('per-name parameters stay inside their bounds', () => {
  for (const s of specs.slice(0, 2000)) {
    const m = underlyingModel(s, ref.model, marketVol, 9);
    expect(m.smile.eta * (1 + Math.abs(m.smile.rho))).toBeLessThanOrEqual(2 + 1e-12);
    expect(m.spreadScale).toBeGreaterThanOrEqual(1);
    expect(m.spreadScale).toBeLessThanOrEqual(60);
    expect(m.totalOpenInterest).toBeGreaterThan(0);
    if (s.kind !== 1) expect(m.earningsMove).toBe(0);
  }
  const spy = underlyingModel(
    specs.find((s) => s.symbol === 'SPY') as (typeof specs)[0],
    ref.model,
    marketVol,
    9,
  );
  expect(spy.spreadScale).toBeLessThan(1.5);
});

test("spreads widen with the log of illiquidity, a fund's dollar volume counting the funds' option activity times; the daily-expiration books quote as SPY", () => {
  const spec = (symbol: string) => specs.find((s) => s.symbol === symbol) as (typeof specs)[0];
  const excess = (s: (typeof specs)[0]) => underlyingModel(s, ref.model, marketVol, 9).spreadScale - 1;
  const { tightDollarVolume, fundOptionActivity } = ref.model.spread;
  for (const symbol of ['IBIT', 'XLF', 'AMZN']) {
    const s = spec(symbol);
    // L − 1 = λ·ln(tight / activity)·noise: doubling the volume moves it by ln 2, the noise the same.
    const activity = s.avgVolume * s.lastClose * (s.kind === 1 ? 1 : fundOptionActivity);
    const ratio = excess(s) / excess({ ...s, avgVolume: 2 * s.avgVolume });
    expect(ratio, symbol).toBeCloseTo(
      Math.log(tightDollarVolume / activity) / Math.log(tightDollarVolume / (2 * activity)),
      10,
    );
  }
  for (const s of ['SPY', 'QQQ', 'IWM']) expect(excess(spec(s))).toBe(0);
});
