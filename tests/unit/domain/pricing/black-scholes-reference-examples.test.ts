import { describe, expect, test } from 'vitest';
import { bsGreeks, bsPrice } from '#domain/pricing/black-scholes.ts';

describe('Black-Scholes-Merton against published examples', () => {
  // J. C. Hull, Options, Futures, and Other Derivatives, chapter "The Black-Scholes-Merton model",
  // worked example: S0 = 42, K = 40, r = 10%, σ = 20%, T = 0.5, no dividends; d1 = 0.7693,
  // d2 = 0.6278, call 4.76, put 0.81. Published to the cent, so tolerance ±0.005.
  test('Hull: S=42, K=40, r=10%, σ=20%, T=0.5 gives call 4.76 and put 0.81', () => {
    expect(Math.abs(bsPrice(true, 42, 40, 0.5, 0.1, 0, 0.2) - 4.76)).toBeLessThan(0.005);
    expect(Math.abs(bsPrice(false, 42, 40, 0.5, 0.1, 0, 0.2) - 0.81)).toBeLessThan(0.005);
  });

  // E. G. Haug, The Complete Guide to Option Pricing Formulas, 2nd ed. (2007), §1.1.6, generalized
  // Black-Scholes-Merton: S = 75, X = 70, T = 0.5, r = 10%, cost of carry b = 5% (so q = r − b = 5%),
  // σ = 35%: put 4.0870. Published to 4 decimals, so tolerance ±0.00005. (Recomputed independently
  // with scipy.stats.norm: 4.086954.)
  test('Haug: S=75, X=70, T=0.5, r=10%, q=5%, σ=35% gives put 4.0870', () => {
    expect(Math.abs(bsPrice(false, 75, 70, 0.5, 0.1, 0.05, 0.35) - 4.087)).toBeLessThan(0.00005);
  });

  // Same Hull inputs, greeks from the closed forms evaluated independently in scipy at full
  // precision (Δ = Φ(d1) = 0.7791313, Γ = φ(d1)/(Sσ√T) = 0.0499627, vega per point = Sφ(d1)√T/100 =
  // 0.0881342, theta per day = (−Sφ(d1)σ/(2√T) − rKe^{−rT}Φ(d2))/365 = −0.0124907,
  // rho per point = KTe^{−rT}Φ(d2)/100 = 0.1398205). Tolerance 5e-7 (toBeCloseTo to 6 places).
  test('Hull example greeks match the closed forms', () => {
    const g = bsGreeks(true, 42, 40, 0.5, 0.1, 0, 0.2);
    expect(g.delta).toBeCloseTo(0.7791313, 6);
    expect(g.gamma).toBeCloseTo(0.0499627, 6);
    expect(g.vega).toBeCloseTo(0.0881342, 6);
    expect(g.theta).toBeCloseTo(-0.0124907, 6);
    expect(g.rho).toBeCloseTo(0.1398205, 6);
  });
});
