/**
 * The closed-form expiration P/L against a brute-force payoff Σ w·intrinsic − cost built directly
 * from random legs, and its extremes, breakevens, expected value and probability of profit against
 * independent computations (sampling, and Gauss-Legendre integration from pricing/probability.ts).
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  type PiecewisePL,
  piecewiseExpectedPL,
  piecewiseExpirationPL,
  piecewiseFromPosition,
  piecewiseMaxPL,
  piecewiseMinPL,
  piecewiseProbProfit,
  piecewiseRoots,
  piecewiseTailSlope,
} from '#domain/metrics/piecewise.ts';
import { buildPosition } from '#domain/metrics/position.ts';
import type { LegQuote } from '#domain/metrics/types.ts';
import { expectedValue } from '#domain/pricing/probability.ts';
import { arbLegs, call, put, trade } from './fixtures.ts';

/** Σ w·(intrinsic or share value) − Σ w·mid, straight from the quotes. */
function brute(legs: readonly LegQuote[]): (s: number) => number {
  return (s) => {
    let v = 0;
    for (const l of legs) {
      const c = l.contract;
      const w = c.kind === 'stock' ? l.quantity / 100 : l.quantity;
      const value = c.kind === 'stock' ? s : Math.max(c.right === 'CALL' ? s - c.strike : c.strike - s, 0);
      v += w * (value - (l.bid + l.ask) / 2);
    }
    return v;
  };
}

const pw = (legs: readonly LegQuote[]): PiecewisePL =>
  piecewiseFromPosition(buildPosition(trade('custom', legs)));
const at = (p: PiecewisePL, s: number) =>
  piecewiseExpirationPL(s, p.strikes, p.callUnits, p.count, p.stockUnits, p.constant);
const SAMPLES = Array.from({ length: 601 }, (_, i) => i * 0.5);
const TOL = 1e-7;

describe('piecewise expiration P/L', () => {
  test('equals the payoff of the legs at every price', () => {
    fc.assert(
      fc.property(arbLegs({ stock: true }), (legs) => {
        const p = pw(legs);
        const f = brute(legs);
        expect(SAMPLES.filter((s) => Math.abs(at(p, s) - f(s)) > 1e-9 * (1 + Math.abs(f(s))))).toEqual([]);
      }),
    );
  });

  test('max and min bound every point, are attained at 0 or a strike, and are infinite exactly with the tail slope', () => {
    fc.assert(
      fc.property(arbLegs({ stock: true }), (legs) => {
        const p = pw(legs);
        const f = brute(legs);
        const max = piecewiseMaxPL(p.strikes, p.callUnits, p.count, p.stockUnits, p.constant);
        const min = piecewiseMinPL(p.strikes, p.callUnits, p.count, p.stockUnits, p.constant);
        const slope = piecewiseTailSlope(p.callUnits, p.count, p.stockUnits);
        expect(SAMPLES.filter((s) => f(s) > max + TOL || f(s) < min - TOL)).toEqual([]);
        expect(max === Infinity).toBe(slope > 0);
        expect(min === -Infinity).toBe(slope < 0);
        const knots = [0, ...p.strikes];
        if (Number.isFinite(max)) expect(knots.some((k) => Math.abs(f(k) - max) < TOL)).toBe(true);
        if (Number.isFinite(min)) expect(knots.some((k) => Math.abs(f(k) - min) < TOL)).toBe(true);
      }),
    );
  });

  test('breakevens are ascending roots, and every sign change of the payoff has one', () => {
    fc.assert(
      fc.property(arbLegs({ stock: true }), (legs) => {
        const p = pw(legs);
        const f = brute(legs);
        const out = new Float64Array(p.count + 1);
        const n = piecewiseRoots(p.strikes, p.callUnits, p.count, p.stockUnits, p.constant, 1e-9, out);
        const roots = Array.from(out.subarray(0, n));
        for (let i = 1; i < n; i++) expect(roots[i]!).toBeGreaterThan(roots[i - 1]!);
        for (const r of roots) {
          expect(r).toBeGreaterThan(0);
          expect(Math.abs(f(r))).toBeLessThan(TOL);
        }
        const missed = SAMPLES.slice(1).filter((b, i) => {
          const a = SAMPLES[i]!;
          const crosses = f(a) * f(b) < 0 && Math.abs(f(a)) > TOL && Math.abs(f(b)) > TOL;
          return crosses && !roots.some((r) => r > a && r < b);
        });
        expect(missed).toEqual([]);
      }),
    );
  });

  test('a flat zero stretch gives its ends as breakevens, a touch gives the touching point', () => {
    const out: number[] = [];
    // (s − 100)⁺ − 2(s − 105)⁺: 0 up to 100, peak 5 at 105, back to 0 at 110.
    const k = [100, 105];
    expect(piecewiseRoots(k, [1, -2], 2, 0, 0, 1e-9, out)).toBe(2);
    expect(out.slice(0, 2)).toEqual([100, 110]);
    // |s − 100| and −|s − 100| touch 0 at 100 only.
    expect(piecewiseRoots([100], [2], 1, -1, 100, 1e-9, out)).toBe(1);
    expect(out[0]).toBe(100);
    expect(piecewiseRoots([100], [-2], 1, 1, -100, 1e-9, out)).toBe(1);
    expect(out[0]).toBe(100);
    // Flat zero everywhere: no breakeven.
    expect(piecewiseRoots([100], [0], 1, 0, 0, 1e-9, out)).toBe(0);
    // Flat zero from 100 to infinity after a loss: 100.
    expect(piecewiseRoots([100], [-1], 1, 1, -100, 1e-9, out)).toBe(1);
    expect(out[0]).toBe(100);
  });

  test('expected P/L in closed form matches numeric integration over the lognormal', () => {
    fc.assert(
      fc.property(
        arbLegs({ stock: true }),
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        fc.double({ min: 0.01, max: 2, noNaN: true }),
        fc.double({ min: -0.2, max: 0.2, noNaN: true }),
        (legs, sigma, T, drift) => {
          const p = pw(legs);
          const ev = piecewiseExpectedPL(
            100,
            T,
            sigma,
            drift,
            p.strikes,
            p.callUnits,
            p.count,
            p.stockUnits,
            p.constant,
          );
          const numeric = expectedValue(brute(legs), 100, T, sigma, drift, 800, Array.from(p.strikes));
          expect(Math.abs(ev - numeric)).toBeLessThan(1e-7 * (1 + Math.abs(numeric)));
        },
      ),
    );
  });

  test('a point mass (T = 0, or σ = 0) gives the P/L at today’s (or the forward) price', () => {
    const p = pw([call(1, 100, 4), put(-1, 95, 1.5)]);
    const ev = (T: number, sigma: number) =>
      piecewiseExpectedPL(100, T, sigma, 0.04, p.strikes, p.callUnits, p.count, p.stockUnits, p.constant);
    expect(ev(0, 0.3)).toBe(at(p, 100));
    expect(ev(1, 0)).toBeCloseTo(at(p, 100 * Math.exp(0.04)), 12);
  });

  test('probability of profit is the lognormal mass where the payoff is positive', () => {
    fc.assert(
      fc.property(arbLegs({ stock: true }), fc.double({ min: 0.05, max: 1, noNaN: true }), (legs, sigma) => {
        const p = pw(legs);
        const T = 30 / 365;
        const out = new Float64Array(p.count + 1);
        const n = piecewiseRoots(p.strikes, p.callUnits, p.count, p.stockUnits, p.constant, 1e-9, out);
        const prob = piecewiseProbProfit(
          100,
          T,
          sigma,
          0.04,
          p.strikes,
          p.callUnits,
          p.count,
          p.stockUnits,
          p.constant,
          1e-9,
        );
        const f = brute(legs);
        // The indicator is constant between breakevens, so cutting the integral there makes it exact.
        const numeric = expectedValue(
          (s) => (f(s) > 1e-9 ? 1 : 0),
          100,
          T,
          sigma,
          0.04,
          800,
          Array.from(out.subarray(0, n)),
        );
        expect(prob).toBeGreaterThanOrEqual(0);
        expect(prob).toBeLessThanOrEqual(1);
        expect(Math.abs(prob - numeric)).toBeLessThan(1e-9);
      }),
    );
  });
});
