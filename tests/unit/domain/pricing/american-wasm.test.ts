/**
 * The market's American pass in WebAssembly (`bsFastKernel` with `american`) against the
 * JavaScript one it stands for (`bsFastKernel`, then `americanRows` with greeks), on the same rows:
 * prices within 1e-13 of the price scale, greeks within 1e-12 of theirs (the two differ only in the
 * last bits of their exponentials and logarithms; measured: 4e-16 and 1e-14).
 */
import { expect, test } from 'vitest';
import { americanRows } from '#domain/pricing/american.ts';
import { type BsBatchInput, batchColumns } from '#domain/pricing/batch.ts';
import { bsFastKernel } from '#domain/pricing/wasm/bs-fast-rows.ts';
import { Rng } from '#server/market/rng.ts';

/** Chain-like rows: the call and the put of each strike, runs of one spot and expiry. */
function chainRows(n: number, seed: number): BsBatchInput {
  const rng = new Rng(seed);
  const { input } = batchColumns(n);
  let S = 100;
  let T = 0.1;
  let r = 0.04;
  let q = 0.01;
  for (let i = 0; i < n; i += 2) {
    if (i % 64 === 0) {
      S = Math.exp(rng.uniform(Math.log(5), Math.log(900)));
      T = rng.next() < 0.02 ? 0 : rng.uniform(0.5 / 365, 3);
      r = rng.next() < 0.1 ? 0 : rng.uniform(0, 0.07);
      q = rng.next() < 0.3 ? 0 : rng.uniform(0, 0.08);
    }
    const K = Math.round(S * Math.exp(rng.uniform(-0.9, 0.6)) * 2) / 2 || 0.5;
    const sigma = rng.uniform(0.05, 1.5);
    for (const [j, call] of [
      [i, 1],
      [i + 1, 0],
    ] as const) {
      input.isCall[j] = call;
      input.S[j] = S;
      input.K[j] = K;
      input.T[j] = T;
      input.r[j] = r;
      input.q[j] = q;
      input.sigma[j] = sigma;
    }
  }
  return input;
}

test('the WebAssembly American pass gives the JavaScript pass’s prices within 1e-13 of the price scale and its greeks within 1e-12', () => {
  const n = 40_000;
  const input = chainRows(n, 11);
  const js = batchColumns(n).output;
  const wasm = batchColumns(n).output;
  bsFastKernel(input, js, 0, n);
  const european = Float64Array.from(js.price);
  americanRows(input, js, 0, n);
  bsFastKernel(input, wasm, 0, n, true);
  let premiums = 0;
  const worst = { price: 0, delta: 0, gamma: 0, theta: 0, vega: 0 };
  for (let i = 0; i < n; i++) {
    if (js.price[i]! > european[i]! + 5e-4) premiums++;
    const scale = Math.max(input.S[i]!, input.K[i]!);
    worst.price = Math.max(worst.price, Math.abs(wasm.price[i]! - js.price[i]!) / scale);
    for (const greek of ['delta', 'gamma', 'theta', 'vega'] as const) {
      const a = wasm[greek][i]!;
      const b = js[greek][i]!;
      worst[greek] = Math.max(worst[greek], Math.abs(a - b) / Math.max(1, Math.abs(b)));
    }
  }
  // Enough rows where the model matters for the comparison to mean something.
  expect(premiums).toBeGreaterThan(n / 10);
  expect(worst.price).toBeLessThan(1e-13);
  for (const greek of ['delta', 'gamma', 'theta', 'vega'] as const) expect(worst[greek]).toBeLessThan(1e-12);
});

test('rows the European kernel leaves to its limit (expired) are floored at their exercise value, and a NaN input stays NaN', () => {
  const { input } = batchColumns(4);
  const out = batchColumns(4).output;
  // An expired put in the money, an expired call out of it, then a put with no spot.
  for (const [i, call, S, K, T] of [
    [0, 0, 90, 100, 0],
    [1, 1, 90, 100, 0],
    [2, 0, Number.NaN, 100, 0.5],
    [3, 1, 100, 100, 0.5],
  ] as const) {
    input.isCall[i] = call;
    input.S[i] = S;
    input.K[i] = K;
    input.T[i] = T;
    input.r[i] = 0.05;
    input.q[i] = 0.02;
    input.sigma[i] = 0.3;
  }
  bsFastKernel(input, out, 0, 4, true);
  expect(out.price[0]).toBe(10);
  expect(out.price[1]).toBe(0);
  expect(out.price[2]).toBeNaN();
  expect(out.price[3]).toBeGreaterThan(0);
});
