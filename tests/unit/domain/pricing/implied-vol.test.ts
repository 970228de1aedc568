import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { bsPrice } from '#domain/pricing/black-scholes.ts';
import { type ImpliedVolBatchInput, impliedVol, impliedVolBatch } from '#domain/pricing/implied-vol.ts';

const HOUR = 1 / (365 * 24);

/** Empty input columns for `n` quotes. */
function quoteColumns(n: number) {
  return {
    isCall: new Uint8Array(n),
    price: new Float64Array(n),
    S: new Float64Array(n),
    K: new Float64Array(n),
    T: new Float64Array(n),
    r: new Float64Array(n),
    q: new Float64Array(n),
  };
}

/** The batch's answer for each of `rows` is `impliedVol`'s for that row, bit for bit (NaN for null). */
function expectBatchAsScalar(input: ImpliedVolBatchInput, rows: Iterable<number>): void {
  const out = new Float64Array(input.price.length);
  impliedVolBatch(input, out);
  for (const i of rows) {
    const v = impliedVol(
      input.isCall[i] === 1,
      input.price[i]!,
      input.S[i]!,
      input.K[i]!,
      input.T[i]!,
      input.r[i]!,
      input.q[i]!,
    );
    expect(Object.is(out[i], v ?? Number.NaN)).toBe(true);
  }
}
const real = (min: number, max: number) => fc.double({ min, max, noNaN: true });
/** Log-uniform, so short expiries and far strikes are as likely as long and near ones. */
const logReal = (min: number, max: number) => real(Math.log(min), Math.log(max)).map(Math.exp);

const quote = fc.record({
  isCall: fc.boolean(),
  S: logReal(1, 2000),
  moneyness: logReal(0.3, 3),
  T: logReal(2 * HOUR, 3),
  r: real(-0.01, 0.1),
  q: real(0, 0.08),
  sigma: real(0.05, 3),
});

/** Time value of a price above the discounted intrinsic value of the forward. */
function timeValue(
  isCall: boolean,
  price: number,
  S: number,
  K: number,
  T: number,
  r: number,
  q: number,
): number {
  const spot = S * Math.exp(-q * T);
  const strike = K * Math.exp(-r * T);
  return price - Math.max(0, isCall ? spot - strike : strike - spot);
}

describe('impliedVol', () => {
  // Deep in or out of the money, hours before expiry, the price may carry no time value a double can
  // hold; the round trip is required wherever the time value is at least 1e-12 of the spot.
  test('round-trips price → vol → price over moneyness 0.3-3, 2 hours-3 years, σ 5%-300%', () => {
    fc.assert(
      fc.property(quote, ({ isCall, S, moneyness, T, r, q, sigma }) => {
        const K = S * moneyness;
        const price = bsPrice(isCall, S, K, T, r, q, sigma);
        fc.pre(timeValue(isCall, price, S, K, T, r, q) > 1e-12 * S);
        const iv = impliedVol(isCall, price, S, K, T, r, q);
        expect(iv).not.toBeNull();
        expect(Math.abs(bsPrice(isCall, S, K, T, r, q, iv!) - price)).toBeLessThan(1e-11 * price + 1e-15 * S);
      }),
      { numRuns: 5000 },
    );
  });

  test('recovers σ itself wherever the price is sensitive to it (vega ≥ 1e-6 of the price)', () => {
    fc.assert(
      fc.property(quote, ({ isCall, S, moneyness, T, r, q, sigma }) => {
        const K = S * moneyness;
        const price = bsPrice(isCall, S, K, T, r, q, sigma);
        const dv = 1e-6 * sigma;
        const sensitivity = (bsPrice(isCall, S, K, T, r, q, sigma + dv) - price) / price;
        // A price at the floor of double precision (about 2.2e-308, e.g. a call 2.8× out of the
        // money two hours before expiry) says nothing about σ: no solver can recover it.
        fc.pre(price > 1e-300);
        fc.pre(timeValue(isCall, price, S, K, T, r, q) > 1e-6 * price && sensitivity > 1e-9);
        expect(Math.abs(impliedVol(isCall, price, S, K, T, r, q)! - sigma)).toBeLessThan(1e-7 * sigma);
      }),
      { numRuns: 3000 },
    );
  });

  test('deep in and out of the money, hours before expiry: examples', () => {
    const cases: [boolean, number, number, number, number][] = [
      // isCall, S, K, T, σ
      [true, 100, 300, 2 * HOUR, 3],
      [false, 100, 30, 1, 0.4],
      [true, 100, 30, 0.25, 1.5],
      [false, 100, 101, 3 * HOUR, 0.15],
      [true, 100, 100, 2 * HOUR, 0.05],
      [true, 500, 1500, 3, 0.3],
    ];
    for (const [isCall, S, K, T, sigma] of cases) {
      const price = bsPrice(isCall, S, K, T, 0.04, 0.01, sigma);
      expect(impliedVol(isCall, price, S, K, T, 0.04, 0.01)).toBeCloseTo(sigma, 8);
    }
  });

  test('has no solution at or below the discounted intrinsic value, at or above the bound, or at expiry', () => {
    fc.assert(
      fc.property(quote, real(0, 1), ({ isCall, S, moneyness, T, r, q }, u) => {
        const K = S * moneyness;
        const spot = S * Math.exp(-q * T);
        const strike = K * Math.exp(-r * T);
        const intrinsic = Math.max(0, isCall ? spot - strike : strike - spot);
        const bound = isCall ? spot : strike;
        expect(impliedVol(isCall, intrinsic * u, S, K, T, r, q)).toBeNull();
        expect(impliedVol(isCall, bound * (1 + u), S, K, T, r, q)).toBeNull();
        expect(impliedVol(isCall, (intrinsic + bound) / 2, S, K, 0, r, q)).toBeNull();
      }),
    );
    expect(impliedVol(true, -1, 100, 100, 0.5, 0.05, 0)).toBeNull();
    expect(impliedVol(true, Number.NaN, 100, 100, 0.5, 0.05, 0)).toBeNull();
  });

  test('impliedVolBatch writes the same numbers, NaN for no solution', () => {
    const input = {
      isCall: Uint8Array.of(1, 0, 1),
      price: Float64Array.of(
        bsPrice(true, 100, 110, 0.5, 0.03, 0.01, 0.35),
        bsPrice(false, 50, 45, 0.1, 0.03, 0, 0.8),
        0.001,
      ),
      S: Float64Array.of(100, 50, 100),
      K: Float64Array.of(110, 45, 50),
      T: Float64Array.of(0.5, 0.1, 0.5),
      r: Float64Array.of(0.03, 0.03, 0.03),
      q: Float64Array.of(0.01, 0, 0),
    };
    const out = new Float64Array(3);
    impliedVolBatch(input, out);
    expect(out[0]).toBe(impliedVol(true, input.price[0]!, 100, 110, 0.5, 0.03, 0.01));
    expect(out[0]).toBeCloseTo(0.35, 12);
    expect(out[1]).toBeCloseTo(0.8, 12);
    expect(out[2]).toBeNaN();
  });
  test('impliedVolBatch gives every row what impliedVol gives it, whatever quotes are solved alongside', () => {
    // Quotes converge after different numbers of steps and some have no solution, so the rows still
    // being solved change from step to step.
    const row = fc.record({
      q: quote,
      // 0: the model price; 1: below the intrinsic value; 2: a price moved by up to ±20%.
      kind: fc.nat(2),
      move: real(-0.2, 0.2),
    });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 60 }), (rows) => {
        const n = rows.length;
        const input = quoteColumns(n);
        rows.forEach(({ q: { isCall, S, moneyness, T, r, q, sigma }, kind, move }, i) => {
          const K = S * moneyness;
          const price = bsPrice(isCall, S, K, T, r, q, sigma);
          input.isCall[i] = isCall ? 1 : 0;
          input.price[i] =
            kind === 1
              ? price - timeValue(isCall, price, S, K, T, r, q) - 0.01
              : price * (1 + (kind === 2 ? move : 0));
          input.S[i] = S;
          input.K[i] = K;
          input.T[i] = T;
          input.r[i] = r;
          input.q[i] = q;
        });
        expectBatchAsScalar(input, input.price.keys());
      }),
      { numRuns: 300 },
    );
  });

  test('impliedVolBatch over more than one block of rows matches impliedVol row by row', () => {
    const n = 9000;
    const input = quoteColumns(n);
    input.r.fill(0.04);
    input.q.fill(0.01);
    for (let i = 0; i < n; i++) {
      const isCall = i % 2 === 0;
      const S = 50 + (i >> 8);
      const K = S * (0.6 + ((i >> 1) % 40) / 40);
      const T = i % 3 === 0 ? 3 * HOUR : 0.05 + (i % 11) / 5;
      input.isCall[i] = isCall ? 1 : 0;
      input.S[i] = S;
      input.K[i] = K;
      input.T[i] = T;
      input.price[i] = bsPrice(isCall, S, K, T, 0.04, 0.01, 0.1 + (i % 13) / 10);
    }
    expectBatchAsScalar(input, [0, 1, 4095, 4096, 4097, 8191, 8192, 8999]);
  });
});
