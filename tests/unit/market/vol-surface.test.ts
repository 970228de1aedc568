import { expect, test } from 'vitest';
import { normCdf } from '#domain/pricing/normal.ts';
import { loadReferenceData } from '#server/market/reference-data.ts';
import {
  atmTotalVariance,
  maxEta,
  ssviTotalVariance,
  ssviVol,
  volAtCallDelta,
} from '#server/market/vol-surface.ts';

const { model } = loadReferenceData();

test('ATM total variance grows with expiry in calm and stressed regimes (no calendar arbitrage)', () => {
  for (const term of [
    { short: 0.12, long: 0.2, kappa: 2.4 },
    { short: 0.6, long: 0.2, kappa: 4 },
  ]) {
    let prev = 0;
    for (let T = 1 / 365; T < 3; T += 1 / 365) {
      const w = atmTotalVariance(term, T);
      expect(w).toBeGreaterThan(prev);
      prev = w;
    }
    expect(Math.sqrt(atmTotalVariance(term, 1e-6) / 1e-6)).toBeCloseTo(term.short, 3);
  }
});

test("the fitted smiles have no butterfly arbitrage: Durrleman's g(k) ≥ 0 on a grid", () => {
  for (const fit of Object.values(model.smile)) {
    expect(fit.eta).toBeLessThanOrEqual(maxEta(fit.rho) + 1e-12);
    for (const theta of [0.0005, 0.005, 0.05, 0.3]) {
      const w = (k: number) => ssviTotalVariance(fit, theta, k);
      const h = 1e-4;
      for (let k = -1.5; k <= 1.5; k += 0.01) {
        const w0 = w(k);
        const w1 = (w(k + h) - w(k - h)) / (2 * h);
        const w2 = (w(k + h) - 2 * w0 + w(k - h)) / (h * h);
        const g = (1 - (k * w1) / (2 * w0)) ** 2 - ((w1 * w1) / 4) * (1 / w0 + 0.25) + w2 / 2;
        expect(g).toBeGreaterThan(-1e-6);
      }
    }
  }
});

test('equity smiles skew to the puts and pass through the ATM vol', () => {
  const fit = model.smile.SPY;
  if (!fit) throw new Error('SPY fit missing');
  const T = 30 / 365;
  const theta = 0.15 ** 2 * T;
  expect(ssviVol(fit, theta, 0, T)).toBeCloseTo(0.15, 12);
  expect(ssviVol(fit, theta, -0.05, T)).toBeGreaterThan(ssviVol(fit, theta, 0.05, T));
});

test('the vol at a call delta is the smile vol at the strike with that forward delta', () => {
  const fit = model.smile.AAPL;
  if (!fit) throw new Error('AAPL fit missing');
  const T = 45 / 365;
  const theta = 0.3 ** 2 * T;
  for (const target of [0.1, 0.25, 0.5, 0.75, 0.9]) {
    const sigma = volAtCallDelta(fit, theta, T, target);
    // The strike with that forward delta, by bisection: N(d1) falls as k rises.
    let lo = -2;
    let hi = 2;
    for (let it = 0; it < 100; it++) {
      const k = (lo + hi) / 2;
      const v = ssviVol(fit, theta, k, T);
      if (normCdf((-k + 0.5 * v * v * T) / (v * Math.sqrt(T))) > target) lo = k;
      else hi = k;
    }
    const k = (lo + hi) / 2;
    expect(sigma).toBeCloseTo(ssviVol(fit, theta, k, T), 4);
  }
});
