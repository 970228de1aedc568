import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { bsPrice } from '#domain/pricing/black-scholes.ts';
import { expectedValue, probAbove, probBelow, probBetween } from '#domain/pricing/probability.ts';

const HOUR = 1 / (365 * 24);
const real = (min: number, max: number) => fc.double({ min, max, noNaN: true });
const logReal = (min: number, max: number) => real(Math.log(min), Math.log(max)).map(Math.exp);

const market = fc.record({
  S: logReal(1, 2000),
  T: logReal(2 * HOUR, 3),
  sigma: real(0.05, 3),
  drift: real(-0.2, 0.3),
});

describe('lognormal probabilities', () => {
  // ln S_T ~ N(ln 100 + (0.05 − 0.2²/2)·1, 0.2²): P(S_T > 110) = Φ((ln(100/110) + 0.03)/0.2)
  // = 0.3720038 (scipy.stats.norm.cdf). Tolerance 5e-8.
  test('P(S_T > 110) for S=100, σ=20%, μ=5%, T=1 is 0.3720038', () => {
    expect(probAbove(100, 110, 1, 0.2, 0.05)).toBeCloseTo(0.3720038, 7);
  });

  test('are in [0, 1] and P(above) + P(below) = 1', () => {
    fc.assert(
      fc.property(market, logReal(0.01, 1e5), ({ S, T, sigma, drift }, X) => {
        const above = probAbove(S, X, T, sigma, drift);
        const below = probBelow(S, X, T, sigma, drift);
        expect(above).toBeGreaterThanOrEqual(0);
        expect(above).toBeLessThanOrEqual(1);
        expect(below).toBeGreaterThanOrEqual(0);
        expect(below).toBeLessThanOrEqual(1);
        expect(Math.abs(above + below - 1)).toBeLessThan(1e-15);
      }),
    );
  });

  test('probBetween over a partition of (0, ∞) sums to 1', () => {
    fc.assert(
      fc.property(market, fc.array(logReal(0.01, 1e5), { maxLength: 8 }), ({ S, T, sigma, drift }, cuts) => {
        const edges = [0, ...[...cuts].sort((a, b) => a - b), Number.POSITIVE_INFINITY];
        let sum = 0;
        for (let i = 1; i < edges.length; i++) {
          const p = probBetween(S, edges[i - 1]!, edges[i]!, T, sigma, drift);
          expect(p).toBeGreaterThanOrEqual(0);
          sum += p;
        }
        expect(Math.abs(sum - 1)).toBeLessThan(1e-14);
      }),
    );
  });

  test('the median of S_T is S·e^{(μ−σ²/2)T}', () => {
    fc.assert(
      fc.property(market, ({ S, T, sigma, drift }) => {
        const median = S * Math.exp((drift - 0.5 * sigma * sigma) * T);
        expect(probAbove(S, median, T, sigma, drift)).toBeCloseTo(0.5, 12);
      }),
    );
  });

  test('with μ = r − q, P(S_T > K) is the risk-neutral −e^{rT}·∂C/∂K', () => {
    fc.assert(
      fc.property(market, logReal(0.5, 2), real(0, 0.08), ({ S, T, sigma }, m, q) => {
        const r = 0.04;
        const K = S * m;
        const h = 1e-4 * K * sigma * Math.sqrt(T);
        const dCdK =
          (bsPrice(true, S, K + h, T, r, q, sigma) - bsPrice(true, S, K - h, T, r, q, sigma)) / (2 * h);
        expect(Math.abs(-Math.exp(r * T) * dCdK - probAbove(S, K, T, sigma, r - q))).toBeLessThan(1e-6);
      }),
    );
  });

  test('T ≤ 0 is a point mass at S, σ ≤ 0 a point mass at S·e^{μT}', () => {
    expect(probAbove(100, 99, 0, 0.3, 0.1)).toBe(1);
    expect(probBelow(100, 99, -1, 0.3, 0.1)).toBe(0);
    expect(probAbove(100, 104, 0.5, 0, 0.1)).toBe(1); // 100·e^{0.05} = 105.1
    expect(probAbove(100, 106, 0.5, 0, 0.1)).toBe(0);
    expect(probBetween(100, 90, 100, 0, 0.3, 0)).toBe(1);
    expect(probBetween(100, 100, 110, 0, 0.3, 0)).toBe(0);
    expect(probBetween(100, 110, 90, 1, 0.3, 0)).toBe(0);
  });
});

describe('expectedValue', () => {
  test('E[S_T] = S·e^{μT}', () => {
    fc.assert(
      fc.property(market, ({ S, T, sigma, drift }) => {
        const m = S * Math.exp(drift * T);
        expect(Math.abs(expectedValue((s) => s, S, T, sigma, drift) - m)).toBeLessThan(1e-12 * m);
      }),
    );
  });

  test('E[S_T²] = S²·e^{(2μ+σ²)T} (smooth payoff, σ√T ≤ 1)', () => {
    fc.assert(
      fc.property(market, ({ S, T, sigma, drift }) => {
        fc.pre(sigma * Math.sqrt(T) <= 1);
        const m = S * S * Math.exp((2 * drift + sigma * sigma) * T);
        expect(Math.abs(expectedValue((s) => s * s, S, T, sigma, drift) - m)).toBeLessThan(1e-10 * m);
      }),
    );
  });

  // E[(S_T − K)⁺] under drift μ is the undiscounted BSM forward price with r − q replaced by μ,
  // i.e. bsPrice with r = 0 and q = −μ. Kinks at the strike; relative error ≤ 1e-6 wherever the
  // value is at least 1e-8 of the spot.
  test('E[(S_T − K)⁺] and E[(K − S_T)⁺] equal the BSM forward prices with r − q = μ', () => {
    fc.assert(
      fc.property(market, logReal(0.3, 3), fc.boolean(), ({ S, T, sigma, drift }, m, isCall) => {
        const K = S * m;
        const ref = bsPrice(isCall, S, K, T, 0, -drift, sigma);
        fc.pre(ref > 1e-8 * S);
        const payoff = isCall ? (s: number) => Math.max(s - K, 0) : (s: number) => Math.max(K - s, 0);
        const ev = expectedValue(payoff, S, T, sigma, drift, 400, [K]);
        expect(Math.abs(ev - ref)).toBeLessThan(1e-6 * ref);
      }),
      { numRuns: 500 },
    );
  });

  test('a digital payoff cut at its jump gives probAbove', () => {
    fc.assert(
      fc.property(market, logReal(0.3, 3), ({ S, T, sigma, drift }, m) => {
        const X = S * m;
        const ev = expectedValue((s) => (s > X ? 1 : 0), S, T, sigma, drift, 400, [X]);
        expect(Math.abs(ev - probAbove(S, X, T, sigma, drift))).toBeLessThan(1e-12);
      }),
    );
  });

  test('T ≤ 0 evaluates the payoff at S, σ = 0 at S·e^{μT}', () => {
    expect(expectedValue((s) => Math.max(s - 90, 0), 100, 0, 0.3, 0.1)).toBe(10);
    expect(expectedValue((s) => s, 100, 1, 0, 0.1)).toBeCloseTo(100 * Math.exp(0.1), 12);
  });
});
