import { expect, test } from 'vitest';
import { americanPrice, americanRows } from '#domain/pricing/american.ts';
import { type BsBatchInput, type BsBatchOutput, batchColumns, bsBatch } from '#domain/pricing/batch.ts';
import { bsGreeks } from '#domain/pricing/black-scholes.ts';
import { Rng } from '#server/market/rng.ts';

function rows(n: number, seed: number): BsBatchInput {
  const rng = new Rng(seed);
  const { input } = batchColumns(n);
  for (let i = 0; i < n; i++) {
    input.isCall[i] = rng.next() < 0.5 ? 1 : 0;
    input.S[i] = 100;
    input.K[i] = 100 * Math.exp(rng.uniform(-0.4, 0.4));
    input.T[i] = rng.uniform(0.001, 2);
    input.r[i] = rng.next() < 0.1 ? 0 : rng.uniform(0, 0.08);
    input.q[i] = rng.next() < 0.3 ? 0 : rng.uniform(0, 0.06);
    input.sigma[i] = rng.uniform(0.08, 0.8);
  }
  return input;
}

const output = (n: number): BsBatchOutput => batchColumns(n).output;

test('rows where early exercise pays get the American price and its greeks (analytic delta, gamma and vega, theta from the Black-Scholes equation, exercise-value greeks past the trigger); the others stay European', () => {
  const n = 2000;
  const input = rows(n, 4);
  const out = output(n);
  bsBatch(input, out);
  const rewritten = americanRows(input, out, 0, n);
  let american = 0;
  let differenced = 0;
  let exercised = 0;
  for (let i = 0; i < n; i++) {
    const call = input.isCall[i] === 1;
    const args = [call, 100, input.K[i]!, input.T[i]!, input.r[i]!, input.q[i]!, input.sigma[i]!] as const;
    expect(out.price[i]).toBe(americanPrice(...args));
    const early = call ? input.q[i]! > 0 : input.r[i]! > 0;
    if (early) american++;
    const european = bsGreeks(...args);
    // No early-exercise premium to speak of (≤ $0.0005): the BSM greeks stand.
    if (!early || (out.price[i] as number) - european.price <= 5e-4) {
      const g = european;
      expect([out.delta[i], out.gamma[i], out.theta[i], out.vega[i]]).toEqual([
        g.delta,
        g.gamma,
        g.theta,
        g.vega,
      ]);
      continue;
    }
    const S = 100;
    const K = args[2];
    if (out.price[i] === Math.max(call ? S - K : K - S, 0)) {
      // Worth its exercise value: that value's greeks.
      exercised++;
      expect([out.delta[i], out.gamma[i], out.theta[i], out.vega[i]]).toEqual([call ? 1 : -1, 0, 0, 0]);
      continue;
    }
    differenced++;
    // The batch's delta, gamma and vega are analytic: against finite differences of the scalar
    // price over S ± 0.5 and σ ± 0.1 point.
    const at = (dS: number, dV: number) =>
      americanPrice(call, S + dS, K, args[3], args[4], args[5], args[6] + dV);
    const p0 = at(0, 0);
    const near = (a: number, b: number) => Math.abs(a - b) <= 1e-3 + 5e-3 * Math.abs(b);
    const delta = out.delta[i] as number;
    const gammaRow = out.gamma[i] as number;
    expect(near(delta, (at(0.5, 0) - at(-0.5, 0)) / 1)).toBe(true);
    expect(near(out.vega[i] as number, (at(0, 0.001) - at(0, -0.001)) * 5)).toBe(true);
    // Over a month out gamma hardly changes within a step of S: the difference quotient is close to
    // the analytic value.
    if (args[3] > 30 / 365) expect(near(gammaRow, (at(0.5, 0) - 2 * p0 + at(-0.5, 0)) / 0.25)).toBe(true);
    // Theta from the Black-Scholes equation, per calendar day.
    const [r, q, v] = [args[4], args[5], args[6]];
    expect(out.theta[i]).toBeCloseTo(
      (r * p0 - (r - q) * S * delta - 0.5 * v * v * S * S * gammaRow) / 365,
      12,
    );
  }

  expect(rewritten).toBe(american);
  expect(differenced).toBeGreaterThan(300);
  expect(exercised).toBeGreaterThan(50);
});
