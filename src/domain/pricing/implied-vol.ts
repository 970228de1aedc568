/**
 * Implied volatility under Black-Scholes-Merton with dividend yield q.
 *
 * The quote is reduced to Jäckel's normalised form ("Let's Be Rational", 2015): with the forward
 * F = S·e^{(r−q)T}, the undiscounted time value c − max(±(F−K), 0) (which by put-call parity is the
 * price of the out-of-the-money option) divided by √(FK) is the normalised price β of an
 * out-of-the-money call on ln-moneyness x = −|ln(F/K)| ≤ 0, and the unknown is s = σ√T:
 *
 *   b(x, s) = e^{x/2} Φ(x/s + s/2) − e^{−x/2} Φ(x/s − s/2),   0 < b < e^{x/2}.
 *
 * b is convex in s below s_c = √(2|x|) and concave above. The first guess is the better of the tangent
 * at s_c and a closed-form map (Jäckel's lower map below s_c, Φ without the x/s term above). Below s_c
 * the solver works on ln b, above it on b itself; each step is Householder's of fourth order (b‴
 * costs a few multiplications once b′ and b″ are known), kept inside a bisection bracket, so most
 * quotes take two evaluations: one to step from the guess, one to confirm and polish. b and its
 * derivatives are computed from the scaled tail M(y) = Φ(−y)e^{y²/2} (table-driven,
 * `normal-table.ts`), which needs one exponential per step above s_c and none below, and keeps every
 * digit of deep out-of-the-money prices that a plain difference of Φs would cancel away.
 *
 * The batch runs in blocks of rows and computes e^{−rT}, e^{−qT} and √T once per run of equal
 * (T, r, q). Within a block it reduces every quote, then takes every first guess, then runs the
 * steps pass by pass over the quotes not yet converged (see `solveRows`). `impliedVol` runs the same
 * code on a one-row scratch, so both give the same bits.
 */

import { lnFast } from './log-table.ts';
import { INV_SQRT_2PI, normInvApprox } from './normal.ts';
import { normTailScaledFast } from './normal-table.ts';

const SQRT3 = Math.sqrt(3);
const SIXTH = 1 / 6;
const SQRT_2PI = Math.sqrt(2 * Math.PI);
const THREE_SQRT3_OVER_2PI = (3 * SQRT3) / (2 * Math.PI);
const MAX_STEPS = 64;
const MIN_NORMAL = 2 ** -1022;
/** Rows per call of the loop, for the reason given at `bsKernel`'s BLOCK. */
const BLOCK = 4096;
/**
 * Relative step below which the fourth-order step has already reached double precision: the error
 * left after a step of relative size δ is of order δ⁴ (1e-16 here).
 */
const STEP_TOLERANCE = 1e-4;

/**
 * σ (annualised) such that the BSM price equals `price` (per share), or null when there is none:
 * T ≤ 0, a price at or below the discounted intrinsic value of the forward (or above it by less than
 * 2^−1022, a subnormal time value), at or above the no-arbitrage bound (S·e^{−qT} for a call,
 * K·e^{−rT} for a put), or non-finite inputs.
 */
export function impliedVol(
  isCall: boolean,
  price: number,
  S: number,
  K: number,
  T: number,
  r: number,
  q: number,
): number | null {
  row.isCall[0] = isCall ? 1 : 0;
  row.price[0] = price;
  row.S[0] = S;
  row.K[0] = K;
  row.T[0] = T;
  row.r[0] = r;
  row.q[0] = q;
  solveRows(row, scratch, 0, 1);
  const v = scratch[0]!;
  return Number.isNaN(v) ? null : v;
}

export interface ImpliedVolBatchInput {
  /** 1 for a call, 0 for a put. */
  readonly isCall: Uint8Array;
  /** Option price per share. */
  readonly price: Float64Array;
  readonly S: Float64Array;
  readonly K: Float64Array;
  readonly T: Float64Array;
  readonly r: Float64Array;
  readonly q: Float64Array;
}

/**
 * `impliedVol` for every row; NaN where there is no solution. Sort rows by underlying and
 * expiration (as the market snapshot is): e^{−rT}, e^{−qT} and √T are computed once per run.
 */
export function impliedVolBatch(input: ImpliedVolBatchInput, out: Float64Array): void {
  for (let start = 0; start < out.length; start += BLOCK) {
    solveRows(input, out, start, Math.min(start + BLOCK, out.length));
  }
}

// One row of scratch: `impliedVol` runs the batch loop, so both give the same bits.
const row: ImpliedVolBatchInput = {
  isCall: new Uint8Array(1),
  price: new Float64Array(1),
  S: new Float64Array(1),
  K: new Float64Array(1),
  T: new Float64Array(1),
  r: new Float64Array(1),
  q: new Float64Array(1),
};
const scratch = new Float64Array(1);

/**
 * Rows [from, to) in two phases: every quote is reduced to its normalised form and first guess, then
 * Householder steps run over all quotes not yet converged, one step per quote per pass. A quote's
 * steps form one chain of dependent operations (each waits on the last); quotes are independent, so
 * in a pass the processor overlaps the chains of consecutive quotes, which it could not do while
 * each quote was solved to the end before the next one started.
 */
function solveRows(input: ImpliedVolBatchInput, out: Float64Array, from: number, to: number): void {
  const pending = normalise(input, out, from, to);
  firstGuesses(pending);
  solveNormalised(out, from, pending);
}

// The state of each quote of a block between the phases, by row within the block.
const QUOTE_X = new Float64Array(BLOCK);
const QUOTE_BETA = new Float64Array(BLOCK);
const QUOTE_B_MAX = new Float64Array(BLOCK);
const QUOTE_INV_SQRT_T = new Float64Array(BLOCK);
/** 1 below s_c (convex side, solved on ln b), 0 above. */
const QUOTE_LOWER = new Uint8Array(BLOCK);
/** The current s and the bisection bracket [lo, hi]. */
const QUOTE_S = new Float64Array(BLOCK);
const QUOTE_LO = new Float64Array(BLOCK);
const QUOTE_HI = new Float64Array(BLOCK);
/** Rows within the block still being solved, and scratch to order them by side. */
const PENDING = new Int32Array(BLOCK);
const UPPER_ROWS = new Int32Array(BLOCK);

/**
 * Writes NaN for the rows without a solution and puts every other row of [from, to) in PENDING with
 * its x, β and e^{x/2}. Returns how many rows are pending.
 */
function normalise(input: ImpliedVolBatchInput, out: Float64Array, from: number, to: number): number {
  const { isCall, price: prices, S: spots, K: strikes, T: times, r: rates, q: yields } = input;
  let lastT = Number.NaN;
  let lastR = Number.NaN;
  let lastQ = Number.NaN;
  let dfR = 0;
  let dfQ = 0;
  let invSqrtT = 0;
  let pending = 0;
  for (let i = from; i < to; i++) {
    const price = prices[i]!;
    const S = spots[i]!;
    const K = strikes[i]!;
    const T = times[i]!;
    const r = rates[i]!;
    const q = yields[i]!;
    if (!(T > 0 && S > 0 && K > 0 && Number.isFinite(S + K + T + r + q + price))) {
      out[i] = Number.NaN;
      continue;
    }
    if (T !== lastT || r !== lastR || q !== lastQ) {
      lastT = T;
      lastR = r;
      lastQ = q;
      dfR = Math.exp(-r * T);
      dfQ = Math.exp(-q * T);
      invSqrtT = 1 / Math.sqrt(T);
    }
    // The bounds in the same terms as the price formula: discounted spot S·e^{−qT} and strike K·e^{−rT}.
    const call = isCall[i] !== 0;
    const spot = S * dfQ;
    const strike = K * dfR;
    const intrinsic = Math.max(call ? spot - strike : strike - spot, 0);
    // A time value below the smallest normal double has too few significant bits to invert.
    if (!(price - intrinsic >= MIN_NORMAL && price < (call ? spot : strike))) {
      out[i] = Number.NaN;
      continue;
    }
    const F = spot / dfR;
    const lo = Math.min(F, K);
    const hi = Math.max(F, K);
    const beta = (price - intrinsic) / dfR / Math.sqrt(F * K);
    const bMax = Math.sqrt(lo / hi); // e^{x/2}
    if (!(beta > 0 && beta < bMax)) {
      out[i] = Number.NaN;
      continue;
    }
    const k = i - from;
    QUOTE_X[k] = lnFast(lo / hi);
    QUOTE_BETA[k] = beta;
    QUOTE_B_MAX[k] = bMax;
    QUOTE_INV_SQRT_T[k] = invSqrtT;
    PENDING[pending++] = k;
  }
  return pending;
}

/**
 * Solves b(x, s) = β for the `pending` rows set up by `normalise`, writing σ = s/√T to `out`. A quote
 * that has not converged after MAX_STEPS steps keeps its last s.
 */
function solveNormalised(out: Float64Array, from: number, pending: number): void {
  for (let step = 0; step < MAX_STEPS && pending > 0; step++) {
    let left = 0;
    for (let p = 0; p < pending; p++) {
      const k = PENDING[p]!;
      const x = QUOTE_X[k]!;
      const beta = QUOTE_BETA[k]!;
      const lower = QUOTE_LOWER[k] !== 0;
      const s = QUOTE_S[k]!;
      let lo = QUOTE_LO[k]!;
      let hi = QUOTE_HI[k]!;
      const invS = 1 / s;
      const h = x * invS;
      const t = 0.5 * s;
      // With E = e^{−(h²+t²)/2} and M(y) = Φ(−y)e^{y²/2} (arguments ≥ 0 on each side):
      //   below s_c: b = E·(M(−h−t) − M(t−h));  above: b = e^{x/2} − E·(M(h+t) + M(t−h));
      //   b' = E/√(2π), b'' = b'·c and b''' = b'·(c² + c'), with c = x²/s³ − s/4.
      const m1 = normTailScaledFast(lower ? -h - t : h + t);
      const m2 = normTailScaledFast(t - h);
      const h2 = h * invS; // x/s²
      const c = x * h2 * invS - 0.25 * s;
      const cc = c * c - 3 * h2 * h2 - 0.25; // c² + c'
      // g, Newton's step ν = −g/g′ and the ratios q2 = g″/g′, q3 = g‴/g′.
      let g: number;
      let newton: number;
      let q2: number;
      let q3: number;
      if (lower) {
        // g = ln b − ln β: E cancels from g′ = φ(0)/spread, g″/g′ and g‴/g′, so this side needs
        // no exponential.
        const spread = m1 - m2;
        const g1 = INV_SQRT_2PI / spread;
        g = -0.5 * (h * h + t * t) + lnFast(spread / beta);
        newton = -g * spread * SQRT_2PI;
        q2 = c - g1;
        q3 = cc - g1 * (3 * c - 2 * g1);
      } else {
        const e = Math.exp(-0.5 * (h * h + t * t));
        g = QUOTE_B_MAX[k]! - e * (m1 + m2) - beta;
        newton = (-g * SQRT_2PI) / e;
        q2 = c;
        q3 = cc;
      }
      if (g === 0) {
        out[from + k] = s * QUOTE_INV_SQRT_T[k]!;
        continue;
      }
      // g increases with s, so its sign moves one side of the bracket.
      if (g < 0) lo = s;
      else if (g > 0) hi = s;
      // Householder's fourth-order step: ν·(1 + q2·ν/2)/(1 + q2·ν + q3·ν²/6).
      const scale = (1 + 0.5 * q2 * newton) / (1 + newton * (q2 + q3 * newton * SIXTH));
      const delta = scale > 0.5 && scale < 2 ? newton * scale : newton;
      if (Math.abs(delta) <= STEP_TOLERANCE * s) {
        out[from + k] = (s + delta) * QUOTE_INV_SQRT_T[k]!;
        continue;
      }
      // A step that leaves the bracket (or a b that under- or overflowed) falls back to bisection.
      const next = s + delta;
      QUOTE_S[k] = next > lo && next < hi ? next : hi < Number.POSITIVE_INFINITY ? 0.5 * (lo + hi) : 2 * s;
      QUOTE_LO[k] = lo;
      QUOTE_HI[k] = hi;
      PENDING[left++] = k;
    }
    pending = left;
  }
  for (let p = 0; p < pending; p++) {
    const k = PENDING[p]!;
    out[from + k] = QUOTE_S[k]! * QUOTE_INV_SQRT_T[k]!;
  }
}

/**
 * The side of s_c, first guess and bracket of each pending quote. The guess is the better of the
 * tangent at s_c and a closed-form map, which takes one Φ⁻¹ on either side:
 * - below s_c, Jäckel's lower map b(s) ≈ (2π|x|/(3√3))·Φ(−|x|/(√3·s))³, which has the same small-s
 *   asymptote as b and inverts to s = x/(√3·Φ⁻¹(z)), z = ∛(3√3·β/(2π|x|)); it over-estimates s, and
 *   does not reach β where z ≥ 1/2;
 * - above s_c, b without the x/s terms in the arguments of Φ, Φ(s/2)·(e^{x/2} + e^{−x/2}) − e^{−x/2},
 *   exact at the money (x = 0), inverts to s = 2Φ⁻¹((β + e^{−x/2})/(e^{x/2} + e^{−x/2})); it
 *   under-estimates s.
 * The tangent over-estimates s below s_c (b is convex there) and under-estimates it above.
 */
function firstGuesses(pending: number): void {
  let lowerCount = 0;
  let upperCount = 0;
  for (let p = 0; p < pending; p++) {
    const k = PENDING[p]!;
    const x = QUOTE_X[k]!;
    const beta = QUOTE_BETA[k]!;
    const bMax = QUOTE_B_MAX[k]!;
    const sc = Math.sqrt(-2 * x);
    // At s_c the first argument of Φ is 0, so b(s_c) = e^{x/2}(1/2 − M(s_c)) and b'(s_c) = e^{x/2}/√(2π).
    const bc = bMax * (0.5 - normTailScaledFast(sc));
    const lower = beta < bc;
    const tangent = sc + (beta - bc) / (bMax * INV_SQRT_2PI);
    const inv = 1 / bMax; // e^{−x/2}
    const z = lower ? Math.cbrt((THREE_SQRT3_OVER_2PI * beta) / -x) : (beta + inv) / (bMax + inv);
    const map = normInvApprox(z);
    let s = lower ? (z < 0.5 ? Math.min(tangent, x / (SQRT3 * map)) : tangent) : Math.max(tangent, 2 * map);
    const lo = lower ? 0 : sc;
    const hi = lower ? sc : Number.POSITIVE_INFINITY;
    if (!(s > lo && s < hi)) s = lower ? 0.5 * sc : sc + 1;
    QUOTE_LOWER[k] = lower ? 1 : 0;
    QUOTE_S[k] = s;
    QUOTE_LO[k] = lo;
    QUOTE_HI[k] = hi;
    if (lower) PENDING[lowerCount++] = k;
    else UPPER_ROWS[upperCount++] = k;
  }
  // Quotes below s_c first, then those above: a pass then branches on the side the same way for
  // long stretches instead of once in a while at random.
  PENDING.set(UPPER_ROWS.subarray(0, upperCount), lowerCount);
}
