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

test('rows where early exercise pays get the American price and its greeks; the others stay European', () => {
  const n = 2000;
  const input = rows(n, 4);
  const out = output(n);
  bsBatch(input, out);
  const rewritten = americanRows(input, out, 0, n);
  let american = 0;
  let differenced = 0;
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
    differenced++;
    // Finite differences of the scalar price over the same steps, with exact European prices at the
    // bumps: the batch differs only by its Taylor step for those.
    const at = (dS: number, dT: number, dV: number) =>
      americanPrice(call, 100 + dS, args[2], args[3] - dT, args[4], args[5], args[6] + dV);
    const p0 = at(0, 0, 0);
    const near = (a: number, b: number) => Math.abs(a - b) <= 1e-3 + 5e-3 * Math.abs(b);
    expect(near(out.delta[i] as number, (at(0.5, 0, 0) - at(-0.5, 0, 0)) / 1)).toBe(true);
    expect(near(out.vega[i] as number, at(0, 0, 0.005) - at(0, 0, -0.005))).toBe(true);
    // Over a month out the European gamma and theta hardly change within a step of S or a day, so
    // the exact difference quotients are close to the analytic values the batch starts from.
    if (args[3] > 30 / 365) {
      expect(near(out.gamma[i] as number, (at(0.5, 0, 0) - 2 * p0 + at(-0.5, 0, 0)) / 0.25)).toBe(true);
      expect(near(out.theta[i] as number, at(0, 1 / 365, 0) - p0)).toBe(true);
    }
  }

  expect(rewritten).toBe(american);
  expect(differenced).toBeGreaterThan(500);
});
