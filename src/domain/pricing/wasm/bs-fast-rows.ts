/**
 * The batch fast path: `bsFastKernel` prices rows through the WebAssembly kernel of
 * `bs-fast-rows.as.ts`, seen from here as typed-array views of its block columns, and for the
 * market's American options reprices them there too (`american-rows.as.ts`).
 */

import type { BsBatchInput, BsBatchOutput } from '../batch.ts';
import { earlyExerciseMatters } from '../bjerksund-stensland.ts';
import { limitRow } from '../bs-kernel.ts';
import { wasmKernels } from './kernels.ts';

/**
 * The kernel's block columns: copy up to `block` rows of input in before `priceRows`; it writes the
 * outputs except for the rows it leaves.
 */
interface FastRowsKernel extends Required<BsBatchInput>, BsBatchOutput {
  /** Rows per call of `priceRows`. */
  readonly block: number;
  /** The rows (within the block) the last `priceRows` left to the caller: T ≤ 0 or σ√T ≤ 1e-12. */
  readonly left: Int32Array;
  /** Prices rows [0, n); ln K from the `lnK` column when `hasLnK`. Returns how many rows it left. */
  priceRows(n: number, hasLnK: boolean): number;
  /** Rewrites rows [0, n) priced by `priceRows` to American values and greeks (`americanRows`). */
  americanRows(n: number): number;
}

let kernel: FastRowsKernel | undefined;

/**
 * Writes rows [from, to) of `out` from rows [from, to) of `input`, as `bsKernel` does, within 1e-7 of
 * it in every output (see docs/PRICING.md for the measured bound). With `american`, then as
 * `americanRows` (american.ts, greeks on every row where early exercise can pay) does on those
 * values, within 1e-12 of it (docs/PRICING.md): the market's chain pass for American options.
 */
export function bsFastKernel(
  input: BsBatchInput,
  out: BsBatchOutput,
  from: number,
  to: number,
  american = false,
): void {
  kernel ??= instantiate();
  for (let start = from; start < to; start += kernel.block) {
    fastBlock(kernel, input, out, start, Math.min(start + kernel.block, to), american);
  }
}

/**
 * Rows [from, to), at most one block: the inputs are copied into the kernel's memory and the outputs
 * back (7–14 ns of the 37 per row measured; see docs/PRICING.md). The rows it leaves
 * (T ≤ 0 or σ√T ≤ 1e-12) take `limitRow`, as on the exact path.
 */
function fastBlock(
  k: FastRowsKernel,
  input: BsBatchInput,
  out: BsBatchOutput,
  from: number,
  to: number,
  american: boolean,
): void {
  const n = to - from;
  k.isCall.set(input.isCall.subarray(from, to));
  k.S.set(input.S.subarray(from, to));
  k.K.set(input.K.subarray(from, to));
  k.T.set(input.T.subarray(from, to));
  k.r.set(input.r.subarray(from, to));
  k.q.set(input.q.subarray(from, to));
  k.sigma.set(input.sigma.subarray(from, to));
  const lnK = input.lnK;
  if (lnK) k.lnK.set(lnK.subarray(from, to));
  const left = k.priceRows(n, lnK !== undefined);
  if (american) k.americanRows(n);
  const whole = n === k.block;
  out.price.set(whole ? k.price : k.price.subarray(0, n), from);
  out.delta.set(whole ? k.delta : k.delta.subarray(0, n), from);
  out.gamma.set(whole ? k.gamma : k.gamma.subarray(0, n), from);
  out.theta.set(whole ? k.theta : k.theta.subarray(0, n), from);
  out.vega.set(whole ? k.vega : k.vega.subarray(0, n), from);
  for (let j = 0; j < left; j++) {
    const i = from + k.left[j]!;
    const T = input.T[i]!;
    const r = input.r[i]!;
    const q = input.q[i]!;
    const sign = input.isCall[i] !== 0 ? 1 : -1;
    limitRow(out, i, sign, input.S[i]!, input.K[i]!, T, r, q, Math.exp(-r * T), Math.exp(-q * T));
    // At its limit an American option is worth at least its exercise value (as in `americanRows`).
    if (american && earlyExerciseMatters(sign === 1, r, q))
      out.price[i] = Math.max(out.price[i]!, sign * (input.S[i]! - input.K[i]!), 0);
  }
}

function instantiate(): FastRowsKernel {
  const wasm = wasmKernels();
  const { buffer } = wasm.memory;
  const block = wasm.blockRows();
  const base = wasm.columns();
  const column = (k: number) => new Float64Array(buffer, base + k * block * 8, block);
  return {
    block,
    S: column(0),
    K: column(1),
    T: column(2),
    r: column(3),
    q: column(4),
    sigma: column(5),
    lnK: column(6),
    price: column(7),
    delta: column(8),
    gamma: column(9),
    theta: column(10),
    vega: column(11),
    isCall: new Uint8Array(buffer, wasm.isCallColumn(), block),
    left: new Int32Array(buffer, wasm.leftRows(), block),
    priceRows: (n, hasLnK) => wasm.priceRows(n, hasLnK ? 1 : 0),
    americanRows: (n) => wasm.americanRows(n),
  };
}
