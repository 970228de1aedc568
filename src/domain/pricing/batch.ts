/**
 * Black-Scholes-Merton over columns of typed arrays, for the scan engine. Row i of the input gives
 * one option; row i of the output receives its price (per share), delta, gamma, theta (per calendar
 * day) and vega (per vol point). Same kernel as `bsGreeks` (`bs-kernel.ts`).
 *
 * Sort rows by underlying and expiration: terms shared by consecutive rows are computed once.
 *
 * - exact path (default): bit-for-bit equal to `bsGreeks`.
 * - fast path (`{ fast: true }`): a WebAssembly kernel on table-driven Φ/φ (`wasm/bs-fast-rows.ts`);
 *   within 1e-7 of the exact path.
 */
import { bsKernel } from './bs-kernel.ts';
import { bsFastKernel } from './wasm/bs-fast-rows.ts';

export interface BsBatchInput {
  /** 1 for a call, 0 for a put. */
  readonly isCall: Uint8Array;
  readonly S: Float64Array;
  readonly K: Float64Array;
  /** Years to expiry (ACT/365). */
  readonly T: Float64Array;
  /** Risk-free rate, continuously compounded per year. */
  readonly r: Float64Array;
  /** Dividend yield, continuously compounded per year. */
  readonly q: Float64Array;
  /** Annualised volatility. */
  readonly sigma: Float64Array;
  /**
   * Optional ln K per row. Strikes change rarely, so a caller that keeps this column saves the one
   * logarithm per row the fast path would otherwise take (the exact path ignores it).
   */
  readonly lnK?: Float64Array;
}

export interface BsBatchOutput {
  readonly price: Float64Array;
  readonly delta: Float64Array;
  readonly gamma: Float64Array;
  readonly theta: Float64Array;
  readonly vega: Float64Array;
}

/** Prices every row of `input` into `out` (all arrays of the same length n). */
export function bsBatch(input: BsBatchInput, out: BsBatchOutput, opts?: { fast?: boolean }): void {
  if (opts?.fast === true) bsFastKernel(input, out, 0, input.S.length);
  else bsKernel(input, out, 0, input.S.length);
}

/** Columns for `n` rows, zeroed: the one-row scratch of the scalar functions, for one. */
export function batchColumns(n: number): { readonly input: BsBatchInput; readonly output: BsBatchOutput } {
  const column = () => new Float64Array(n);
  return {
    input: {
      isCall: new Uint8Array(n),
      S: column(),
      K: column(),
      T: column(),
      r: column(),
      q: column(),
      sigma: column(),
    },
    output: { price: column(), delta: column(), gamma: column(), theta: column(), vega: column() },
  };
}
