import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { bsGreeks, bsPrice } from '#domain/pricing/black-scholes.ts';

const HOUR = 1 / (365 * 24);
const real = (min: number, max: number) => fc.double({ min, max, noNaN: true });

/** An option in the ranges the screener meets: moneyness 0.3-3, 2 hours to 3 years, σ 5%-300%. */
const option = fc.record({
  isCall: fc.boolean(),
  S: real(1, 2000),
  moneyness: real(0.3, 3),
  T: real(2 * HOUR, 3),
  r: real(-0.01, 0.1),
  q: real(0, 0.08),
  sigma: real(0.05, 3),
});

describe('bsPrice', () => {
  test('satisfies put-call parity C − P = S·e^{−qT} − K·e^{−rT}', () => {
    fc.assert(
      fc.property(option, ({ S, moneyness, T, r, q, sigma }) => {
        const K = S * moneyness;
        const parity = bsPrice(true, S, K, T, r, q, sigma) - bsPrice(false, S, K, T, r, q, sigma);
        expect(Math.abs(parity - (S * Math.exp(-q * T) - K * Math.exp(-r * T)))).toBeLessThan(
          1e-12 * (S + K),
        );
      }),
      { numRuns: 2000 },
    );
  });

  test('lies between the discounted intrinsic value of the forward and the no-arbitrage bound', () => {
    fc.assert(
      fc.property(option, ({ isCall, S, moneyness, T, r, q, sigma }) => {
        const K = S * moneyness;
        const spot = S * Math.exp(-q * T);
        const strike = K * Math.exp(-r * T);
        const p = bsPrice(isCall, S, K, T, r, q, sigma);
        const slack = 1e-12 * (S + K);
        expect(p).toBeGreaterThanOrEqual(Math.max(0, isCall ? spot - strike : strike - spot) - slack);
        expect(p).toBeLessThanOrEqual((isCall ? spot : strike) + slack);
      }),
      { numRuns: 2000 },
    );
  });

  test('increases with σ', () => {
    fc.assert(
      fc.property(option, real(0.001, 0.5), ({ isCall, S, moneyness, T, r, q, sigma }, dv) => {
        const K = S * moneyness;
        // Deep in the money the time value can be below one rounding unit of the price.
        const slack = 1e-14 * (S + K);
        expect(bsPrice(isCall, S, K, T, r, q, sigma + dv)).toBeGreaterThanOrEqual(
          bsPrice(isCall, S, K, T, r, q, sigma) - slack,
        );
      }),
    );
  });
});

describe('bsGreeks', () => {
  // Central differences with steps scaled to the option (σ√T sets the width of the price curve in S),
  // so truncation error is ~1e-7 relative; tolerance 1e-5 relative plus a floor for greeks near 0.
  test('equal central finite differences of the price', () => {
    const moderate = fc.record({
      isCall: fc.boolean(),
      S: real(5, 1000),
      moneyness: real(0.5, 2),
      T: real(0.02, 3),
      r: real(-0.01, 0.1),
      q: real(0, 0.08),
      sigma: real(0.05, 1.5),
    });
    fc.assert(
      fc.property(moderate, ({ isCall, S, moneyness, T, r, q, sigma }) => {
        const K = S * moneyness;
        const g = bsGreeks(isCall, S, K, T, r, q, sigma);
        const v = (s: number, t: number, rate: number, vol: number) => bsPrice(isCall, s, K, t, rate, q, vol);
        const close = (fd: number, analytic: number, floor: number) =>
          expect(Math.abs(fd - analytic)).toBeLessThan(1e-5 * Math.abs(analytic) + floor);
        const hS = 1e-3 * S * sigma * Math.sqrt(T);
        close((v(S + hS, T, r, sigma) - v(S - hS, T, r, sigma)) / (2 * hS), g.delta, 1e-9);
        // The second difference carries rounding noise of about S·ε/hS².
        close(
          (v(S + hS, T, r, sigma) - 2 * g.price + v(S - hS, T, r, sigma)) / (hS * hS),
          g.gamma,
          (1e-13 * S) / (hS * hS),
        );
        const hT = 1e-4 * T;
        // theta: value lost per calendar day as T shrinks, −∂V/∂T / 365.
        close(-(v(S, T + hT, r, sigma) - v(S, T - hT, r, sigma)) / (2 * hT) / 365, g.theta, 1e-10 * S);
        const hV = 1e-4 * sigma;
        close(((v(S, T, r, sigma + hV) - v(S, T, r, sigma - hV)) / (2 * hV)) * 0.01, g.vega, 1e-10 * S);
        const hR = 1e-5;
        close(((v(S, T, r + hR, sigma) - v(S, T, r - hR, sigma)) / (2 * hR)) * 0.01, g.rho, 1e-10 * S);
      }),
      { numRuns: 1000 },
    );
  });

  test('price field equals bsPrice, and call/put deltas differ by e^{−qT}', () => {
    fc.assert(
      fc.property(option, ({ S, moneyness, T, r, q, sigma }) => {
        const K = S * moneyness;
        const call = bsGreeks(true, S, K, T, r, q, sigma);
        const put = bsGreeks(false, S, K, T, r, q, sigma);
        expect(call.price).toBe(bsPrice(true, S, K, T, r, q, sigma));
        expect(Math.abs(call.delta - put.delta - Math.exp(-q * T))).toBeLessThan(1e-15);
        expect(call.gamma).toBe(put.gamma);
        expect(call.vega).toBe(put.vega);
      }),
    );
  });
});

describe('degenerate inputs', () => {
  test('at expiry an option is worth its intrinsic value, delta ±1 or 0, other greeks 0', () => {
    expect(bsGreeks(true, 105, 100, 0, 0.05, 0.01, 0.3)).toEqual({
      price: 5,
      delta: 1,
      gamma: 0,
      theta: 0,
      vega: 0,
      rho: 0,
    });
    expect(bsGreeks(false, 105, 100, 0, 0.05, 0.01, 0.3)).toMatchObject({ price: 0, delta: -0 });
    expect(bsGreeks(false, 95, 100, -1, 0.05, 0.01, 0.3)).toMatchObject({ price: 5, delta: -1, rho: 0 });
    // Exactly at the money the limit of Φ(d1) as T → 0 is 1/2.
    expect(bsGreeks(true, 100, 100, 0, 0.05, 0, 0.3).delta).toBe(0.5);
  });

  test('with σ = 0 it is worth the discounted intrinsic value of the forward', () => {
    const T = 0.5;
    const g = bsGreeks(true, 100, 100, T, 0.05, 0.01, 0);
    const spot = 100 * Math.exp(-0.01 * T);
    const strike = 100 * Math.exp(-0.05 * T);
    expect(g.price).toBeCloseTo(spot - strike, 12);
    expect(g.delta).toBeCloseTo(Math.exp(-0.01 * T), 15);
    // Theta is the carry of that value: d/dt (S e^{−q(T−t)} − K e^{−r(T−t)}) per day.
    expect(g.theta).toBeCloseTo((0.01 * spot - 0.05 * strike) / 365, 15);
    expect(g.rho).toBeCloseTo((T * strike) / 100, 12);
    expect(bsGreeks(false, 100, 100, T, 0.05, 0.01, -0.2)).toMatchObject({ price: 0, gamma: 0, vega: 0 });
  });

  test('a vanishing σ approaches the σ = 0 limit continuously', () => {
    for (const isCall of [true, false]) {
      for (const K of [90, 100.5, 110]) {
        expect(bsPrice(isCall, 100, K, 0.5, 0.05, 0.01, 1e-9)).toBeCloseTo(
          bsPrice(isCall, 100, K, 0.5, 0.05, 0.01, 0),
          9,
        );
      }
    }
  });

  test('never gives NaN for finite inputs, whatever the sign of T and σ', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        real(1e-6, 1e6),
        real(1e-6, 1e6),
        real(-1, 5),
        real(-0.5, 0.5),
        real(-0.5, 0.5),
        real(-1, 5),
        (isCall, S, K, T, r, q, sigma) => {
          for (const v of Object.values(bsGreeks(isCall, S, K, T, r, q, sigma)))
            expect(Number.isNaN(v)).toBe(false);
        },
      ),
    );
  });
});
