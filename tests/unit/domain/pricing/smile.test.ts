import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { bsPrice } from '#domain/pricing/black-scholes.ts';
import { probBelow } from '#domain/pricing/probability.ts';
import { fitSmile, type SmileQuote, smileCallExpectation, smileCdf } from '#domain/pricing/smile.ts';
import { LognormalDistribution, SmileDistribution } from '#domain/pricing/terminal-distribution.ts';

const real = (min: number, max: number) => fc.double({ min, max, noNaN: true });

/** A put skew and a call wing: σ(K) = a + b·k + c·k² at k = ln(K/S), both rights quoted. */
function skewQuotes(S: number, a: number, b: number, c: number, strikes: readonly number[]): SmileQuote[] {
  return strikes.flatMap((K) => {
    const k = Math.log(K / S);
    const iv = a + b * k + c * k * k;
    return [
      { strike: K, isCall: true, iv },
      { strike: K, isCall: false, iv },
    ];
  });
}

const strikesAround = (S: number, from: number, to: number, step: number): number[] => {
  const out: number[] = [];
  for (let x = from; x <= to + 1e-9; x += step) out.push(Math.round(S * x * 100) / 100);
  return out;
};

describe('smile fit', () => {
  const S = 100;
  const T = 45 / 365;
  const r = 0.04;
  const q = 0.01;
  const strikes = strikesAround(S, 0.6, 1.4, 0.025);
  const table = fitSmile({
    expiration: '2026-01-16',
    spot: S,
    years: T,
    rate: r,
    dividendYield: q,
    quotes: skewQuotes(S, 0.25, -0.15, 0.3, strikes),
  })!;

  test('a flat smile is the lognormal at its volatility (CDF within 1e-5, calls within 1e-5 per share)', () => {
    const flat = fitSmile({
      expiration: '2026-01-16',
      spot: S,
      years: T,
      rate: r,
      dividendYield: q,
      quotes: skewQuotes(S, 0.3, 0, 0, strikes),
    })!;
    expect(flat.repairs).toBe(0);
    // Quoted strikes (grid nodes) and prices between them.
    for (const K of [60, 71.3, 80, 93.7, 95, 100, 101.2, 105, 118.9, 120, 140, 163]) {
      expect(Math.abs(smileCdf(flat, K) - probBelow(S, K, T, 0.3, r - q))).toBeLessThan(1e-5);
      const lognormal = new LognormalDistribution(S, T, 0.3, r - q).callExpectation(K);
      expect(Math.abs(smileCallExpectation(flat, K) - lognormal)).toBeLessThan(1e-5);
    }
  });

  test('prices every quoted strike back within 2e-5 per share (Breeden–Litzenberger), mean = forward', () => {
    const forward = S * Math.exp((r - q) * T);
    expect(smileCallExpectation(table, 0)).toBeCloseTo(forward, 10);
    let worst = 0;
    for (const K of strikes) {
      const k = Math.log(K / S);
      const iv = 0.25 - 0.15 * k + 0.3 * k * k;
      const undiscounted = bsPrice(true, S, K, T, r, q, iv) * Math.exp(r * T);
      worst = Math.max(worst, Math.abs(smileCallExpectation(table, K) - undiscounted));
    }
    expect(worst).toBeLessThan(2e-5);
  });

  test('P(S_T > K) is the price of a tight call vertical over its width (digital), within 1e-4', () => {
    for (const K of [80, 90, 97.5, 100, 105, 115]) {
      const h = 0.05;
      const digital = (smileCallExpectation(table, K - h) - smileCallExpectation(table, K + h)) / (2 * h);
      const k = (K0: number) => Math.log(K0 / S);
      const iv = (K0: number) => 0.25 - 0.15 * k(K0) + 0.3 * k(K0) ** 2;
      const vertical =
        ((bsPrice(true, S, K - h, T, r, q, iv(K - h)) - bsPrice(true, S, K + h, T, r, q, iv(K + h))) *
          Math.exp(r * T)) /
        (2 * h);
      expect(Math.abs(1 - smileCdf(table, K) - vertical)).toBeLessThan(1e-4);
      expect(Math.abs(1 - smileCdf(table, K) - digital)).toBeLessThan(1e-5);
    }
  });

  test('the put skew fattens the lower tail: P(S_T ≤ 80) over twice the flat ATM lognormal', () => {
    expect(smileCdf(table, 80)).toBeGreaterThan(2 * probBelow(S, 80, T, 0.25, r - q));
  });

  test('an arbitrageable smile is repaired into a distribution', () => {
    // A jagged smile: alternating 20% and 60% vols make the raw density negative.
    const jagged = strikes.map((K, i) => ({ strike: K, isCall: K >= S, iv: i % 2 ? 0.6 : 0.2 }));
    const t = fitSmile({ expiration: 'x', spot: S, years: T, rate: r, dividendYield: q, quotes: jagged })!;
    expect(t.repairs).toBeGreaterThan(0);
    for (let i = 1; i < t.cdf.length; i++) expect(t.cdf[i]!).toBeGreaterThanOrEqual(t.cdf[i - 1]!);
    expect(t.cdf[t.cdf.length - 1]).toBe(1);
  });

  test('a strike on a grid node (at the forward) keeps every cell proper', () => {
    // No carry: the forward is the spot, and the 100 strike sits on the grid's middle node.
    const t = fitSmile({
      expiration: 'x',
      spot: S,
      years: T,
      rate: 0.03,
      dividendYield: 0.03,
      quotes: skewQuotes(S, 0.3, 0, 0, strikes),
    })!;
    for (let i = 1; i < t.x.length; i++) expect(t.x[i]!).toBeGreaterThan(t.x[i - 1]!);
    expect(Math.abs(smileCdf(t, 101) - probBelow(S, 101, T, 0.3, 0))).toBeLessThan(1e-5);
  });

  test('without a usable quote or time left there is no smile', () => {
    const base = { expiration: 'x', spot: S, years: T, rate: r, dividendYield: q };
    expect(fitSmile({ ...base, quotes: [{ strike: 100, isCall: true, iv: 0 }] })).toBeNull();
    expect(fitSmile({ ...base, years: 0, quotes: skewQuotes(S, 0.2, 0, 0, [100]) })).toBeNull();
  });

  test('probabilities are in [0, 1], add up over a partition, and the CDF never decreases', () => {
    const dist = new SmileDistribution(table, S, r - q);
    fc.assert(
      fc.property(real(1, 300), real(1, 300), real(50, 150), (a, b, from) => {
        const lo = Math.min(a, b);
        const hi = Math.max(a, b);
        const parts =
          dist.massBetween(0, lo, from) +
          dist.massBetween(lo, hi, from) +
          dist.massBetween(hi, Infinity, from);
        expect(parts).toBeCloseTo(1, 12);
        for (const p of [dist.cdf(lo), dist.massBetween(lo, hi, from)]) {
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(1);
        }
        expect(dist.cdf(hi)).toBeGreaterThanOrEqual(dist.cdf(lo));
      }),
    );
  });

  test('a drift scales the distribution: E[S_T] = S·e^{μT}, and the expectation of a payoff agrees', () => {
    const dist = new SmileDistribution(table, S, 0.1);
    expect(dist.mean).toBeCloseTo(S * Math.exp(0.1 * T), 10);
    expect(dist.callExpectation(0)).toBeCloseTo(dist.mean, 8);
    const call = (K: number) => (prices: Float64Array, out: Float64Array) => {
      for (let i = 0; i < prices.length; i++) out[i] = Math.max(prices[i]! - K, 0);
    };
    for (const K of [85, 100, 110])
      expect(dist.expectation(call(K), [K])).toBeCloseTo(dist.callExpectation(K), 8);
  });
});
