/**
 * The view's distribution: the closed forms of region probabilities and partial expectations
 * against the quadrature, the far-tail band keeping its digits, and the ATM IV interpolation.
 */
import { describe, expect, test } from 'vitest';
import { atmImpliedVolatility } from '#domain/scenario/atm-iv.ts';
import {
  payoffMassIn,
  priceMassIn,
  probIn,
  regionOf,
  regionProbability,
  viewDistribution,
  zOf,
} from '#domain/scenario/distribution.ts';
import { integrateOverZ } from '#domain/scenario/quadrature.ts';

const d = viewDistribution(50, 0.25, 0.4, 0.05);

describe('view distribution', () => {
  test('closed forms equal the quadrature of the same integrands', () => {
    const lo = 45;
    const hi = 60;
    expect(probIn(d, lo, hi)).toBeCloseTo(
      integrateOverZ(d, zOf(d, lo), zOf(d, hi), () => 1),
      12,
    );
    expect(priceMassIn(d, lo, hi)).toBeCloseTo(
      integrateOverZ(d, zOf(d, lo), zOf(d, hi), (s) => s),
      10,
    );
    // The payoff is smooth on each side of the strike: integrate the two sides apart.
    const K = 52;
    const quad = integrateOverZ(d, zOf(d, K), zOf(d, hi), (s) => s - K);
    expect(payoffMassIn(d, true, K, lo, hi)).toBeCloseTo(quad, 10);
    const quadPut = integrateOverZ(d, zOf(d, lo), zOf(d, K), (s) => K - s);
    expect(payoffMassIn(d, false, K, lo, hi)).toBeCloseTo(quadPut, 10);
  });

  test('regions: the four views cover what they say, above and below sum to one', () => {
    expect(regionOf({ behavior: 'outsideRange', from: 40, to: 60 })).toEqual([
      { lo: 0, hi: 40 },
      { lo: 60, hi: Infinity },
    ]);
    const above = regionProbability(d, regionOf({ behavior: 'abovePrice', value: 55 }));
    const below = regionProbability(d, regionOf({ behavior: 'belowPrice', value: 55 }));
    expect(above + below).toBeCloseTo(1, 14);
    const inside = regionProbability(d, regionOf({ behavior: 'insideRange', from: 45, to: 55 }));
    const outside = regionProbability(d, regionOf({ behavior: 'outsideRange', from: 45, to: 55 }));
    expect(inside + outside).toBeCloseTo(1, 14);
  });

  test('a band far above the price keeps its relative precision', () => {
    // 1 − Φ(z) − (1 − Φ(z')) near z = 9 is about 1e-19: from the upper tail, not 1 − 1.
    const far = probIn(d, 50 * Math.exp(9 * d.sd + 0.2), Infinity);
    expect(far).toBeGreaterThan(0);
    expect(far).toBeLessThan(1e-15);
  });

  test('ATM IV: mean of call and put IV per strike, interpolated at the forward', () => {
    const options = [
      { strike: 95, iv: 0.3 },
      { strike: 95, iv: 0.32 },
      { strike: 100, iv: 0.2 },
      { strike: 100, iv: 0.22 },
      { strike: 105, iv: 0.5 },
    ];
    expect(atmImpliedVolatility(options, 97.5)).toBeCloseTo((0.31 + 0.21) / 2, 12);
    expect(atmImpliedVolatility(options, 100)).toBeCloseTo(0.21, 12);
    expect(atmImpliedVolatility(options, 110)).toBeNull();
    expect(atmImpliedVolatility([{ strike: 100, iv: Number.NaN }], 100)).toBeNull();
  });
});
