/**
 * The exact Black-Scholes-Merton kernel. The scalar functions (`black-scholes.ts`, on a one-row
 * scratch) and the batch over typed arrays (`batch.ts`) both run it. It is a loop over rows rather
 * than a function of one option because V8 passes doubles to a call it does not inline as boxed
 * heap numbers: a per-option call of this size would allocate on every row.
 *
 * Units: S and K per share, T in years (ACT/365), r and q continuously compounded per year,
 * σ annualised. Outputs: price per share, delta per share, gamma per share per $1, theta per
 * calendar day (annual theta / 365), vega per 1 vol point (per 0.01 of σ).
 *
 * Per-row terms that depend only on (T, r, q) — e^{−rT}, e^{−qT}, √T — or only on S or K are
 * recomputed only when they change from the previous row, so input sorted by underlying and
 * expiration (as the market snapshot is) pays for them once per run of equal values. The values
 * are the same as when recomputed, so the exact path gives identical bits in any order.
 *
 * Cody's Φ and ln(S/K) by Math.log. The batch's fast path (`wasm/bs-fast-rows.ts`) is a WebAssembly
 * kernel of the same formulas on table-driven Φ and φ, within 1e-7 of this one; it shares
 * `limitRow` for the degenerate rows.
 */
import type { BsBatchInput, BsBatchOutput } from './batch.ts';
import { normCdf, normPdf } from './normal.ts';

const PER_DAY = 1 / 365;
/**
 * Below this σ√T the option is priced as if σ = 0: the time value left is < 1e-12 of the price
 * scale, and the closed forms would divide underflowed numbers (0/0) for subnormal σ or T.
 */
const MIN_STD_DEV = 1e-12;
/**
 * Rows per call of the loop. A loop that runs long on its first call is compiled by on-stack
 * replacement, and V8 then keeps the doubles carried from row to row (cached terms) boxed: one heap
 * allocation per assignment, which made the loop 1.5× slower. Calls of 4,096 rows get the loop
 * compiled as a function, with unboxed doubles; the cached terms are recomputed once per block.
 */
const BLOCK = 4096;

/**
 * Writes rows [from, to) of `out` from rows [from, to) of `input`.
 *
 * Degenerate rows (T ≤ 0 or σ√T ≤ 1e-12) take the limit: the option is worth the intrinsic value of the
 * discounted forward, max(±(S·e^{−qT} − K·e^{−rT}), 0) (plain intrinsic at expiry), delta is ±e^{−qT}
 * in the money, 0 out of it and ±e^{−qT}/2 exactly at the money; gamma and vega are 0; theta is the
 * carry of that value (0 at expiry). No NaN unless an input is NaN.
 */
export function bsKernel(input: BsBatchInput, out: BsBatchOutput, from: number, to: number): void {
  for (let start = from; start < to; start += BLOCK)
    exactRows(input, out, start, Math.min(start + BLOCK, to));
}

function exactRows(input: BsBatchInput, out: BsBatchOutput, from: number, to: number): void {
  const { isCall, S: spots, K: strikes, T: times, r: rates, q: yields, sigma: vols } = input;
  const { price, delta, gamma, theta, vega } = out;
  let lastS = Number.NaN;
  let invS = 0;
  let lastT = Number.NaN;
  let lastR = Number.NaN;
  let lastQ = Number.NaN;
  let dfR = 0;
  let dfQ = 0;
  let sqrtT = 0;
  let invSqrtT = 0;
  for (let i = from; i < to; i++) {
    const S = spots[i]!;
    const K = strikes[i]!;
    const T = times[i]!;
    const r = rates[i]!;
    const q = yields[i]!;
    const sigma = vols[i]!;
    const sign = isCall[i] !== 0 ? 1 : -1;
    if (T !== lastT || r !== lastR || q !== lastQ) {
      lastT = T;
      lastR = r;
      lastQ = q;
      dfR = Math.exp(-r * T);
      dfQ = Math.exp(-q * T);
      sqrtT = Math.sqrt(T);
      invSqrtT = 1 / sqrtT;
    }
    const sd = sigma * sqrtT;
    if (!(sd > MIN_STD_DEV && T > 0)) {
      limitRow(out, i, sign, S, K, T, r, q, dfR, dfQ);
      continue;
    }
    if (S !== lastS) {
      lastS = S;
      invS = 1 / S;
    }
    // One division per row: everything else multiplies by cached reciprocals.
    const invSd = 1 / sd;
    const d1 = (Math.log(S / K) + (r - q + 0.5 * sigma * sigma) * T) * invSd;
    const d2 = d1 - sd;
    // Φ(±d) on the side of the option, so an out-of-the-money put keeps its digits.
    const n1 = normCdf(sign * d1);
    const n2 = normCdf(sign * d2);
    const spot = S * dfQ;
    const strike = K * dfR;
    const densityQ = dfQ * normPdf(d1);
    const spotPdf = S * densityQ;
    price[i] = sign * (spot * n1 - strike * n2);
    delta[i] = sign * dfQ * n1;
    gamma[i] = densityQ * invSd * invS;
    theta[i] = (-0.5 * spotPdf * sigma * invSqrtT + sign * (q * spot * n1 - r * strike * n2)) * PER_DAY;
    vega[i] = spotPdf * sqrtT * 0.01;
  }
}

/** Row i at σ√T ≈ 0 or T ≤ 0: the limits described at `bsKernel`. Rare, so a call is fine here. */
export function limitRow(
  out: BsBatchOutput,
  i: number,
  sign: number,
  S: number,
  K: number,
  T: number,
  r: number,
  q: number,
  dfR: number,
  dfQ: number,
): void {
  const live = T > 0;
  const spot = live ? S * dfQ : S;
  const strike = live ? K * dfR : K;
  const moneyness = sign * (spot - strike);
  const weight = moneyness > 0 ? 1 : moneyness === 0 ? 0.5 : 0;
  out.price[i] = Math.max(moneyness, 0);
  out.delta[i] = sign * weight * (live ? dfQ : 1);
  out.gamma[i] = 0;
  out.theta[i] = live ? sign * weight * (q * spot - r * strike) * PER_DAY : 0;
  out.vega[i] = 0;
}
