/**
 * Black-Scholes-Merton with a continuous dividend yield q, one option at a time.
 *
 *   d1 = (ln(S/K) + (r − q + σ²/2)T) / (σ√T),  d2 = d1 − σ√T
 *   call = S e^{−qT} Φ(d1) − K e^{−rT} Φ(d2),  put = K e^{−rT} Φ(−d2) − S e^{−qT} Φ(−d1)
 *
 * Units: S, K per share; T years (ACT/365); r, q continuously compounded per year; σ annualised.
 * Greeks: delta per $1 of S, gamma per $1 of S, theta per calendar day, vega per 1 vol point
 * (0.01 of σ), rho per 1 rate point (0.01 of r). The arithmetic lives in `bs-kernel.ts`, which the
 * batch form runs too.
 */
import { type BsBatchInput, type BsBatchOutput, batchColumns } from './batch.ts';
import { bsKernel } from './bs-kernel.ts';

export interface Greeks {
  /** Price per share. */
  readonly price: number;
  /** ∂price/∂S. */
  readonly delta: number;
  /** ∂²price/∂S², per $1. */
  readonly gamma: number;
  /** Change of price per calendar day that passes (annual ∂price/∂t divided by 365). */
  readonly theta: number;
  /** Change of price per 1 vol point (∂price/∂σ × 0.01). */
  readonly vega: number;
  /** Change of price per 1 rate point (∂price/∂r × 0.01), q held fixed. */
  readonly rho: number;
}

// One row of scratch for the shared kernel; the scalar functions read it back immediately.
const { input: row, output: scratch } = batchColumns(1);

/**
 * Prices one option into the one-row scratch and returns it: the scalar functions here and in
 * american.ts read (or rework) the row before the next call.
 */
export function priceAll(
  isCall: boolean,
  S: number,
  K: number,
  T: number,
  r: number,
  q: number,
  sigma: number,
): { readonly input: BsBatchInput; readonly output: BsBatchOutput } {
  row.isCall[0] = isCall ? 1 : 0;
  row.S[0] = S;
  row.K[0] = K;
  row.T[0] = T;
  row.r[0] = r;
  row.q[0] = q;
  row.sigma[0] = sigma;
  bsKernel(row, scratch, 0, 1);
  return { input: row, output: scratch };
}

/** Option price per share. */
export function bsPrice(
  isCall: boolean,
  S: number,
  K: number,
  T: number,
  r: number,
  q: number,
  sigma: number,
): number {
  priceAll(isCall, S, K, T, r, q, sigma);
  return scratch.price[0]!;
}

/** Price and greeks; see `Greeks` for units. */
export function bsGreeks(
  isCall: boolean,
  S: number,
  K: number,
  T: number,
  r: number,
  q: number,
  sigma: number,
): Greeks {
  priceAll(isCall, S, K, T, r, q, sigma);
  const price = scratch.price[0]!;
  const delta = scratch.delta[0]!;
  // ∂V/∂r = T·K·e^{−rT}·(±Φ(±d2)) = T·(S·Δ − V) for any European payoff homogeneous in (S, K);
  // it also gives the right limits when T ≤ 0 or σ ≤ 0 (rho 0 at expiry).
  const rho = T > 0 ? T * (S * delta - price) * 0.01 : 0;
  return {
    price,
    delta,
    gamma: scratch.gamma[0]!,
    theta: scratch.theta[0]!,
    vega: scratch.vega[0]!,
    rho,
  };
}
