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
 * (T, r, q); `impliedVol` runs the same loop on a one-row scratch, so both give the same bits.
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

function solveRows(input: ImpliedVolBatchInput, out: Float64Array, from: number, to: number): void {
  const { isCall, price: prices, S: spots, K: strikes, T: times, r: rates, q: yields } = input;
  let lastT = Number.NaN;
  let lastR = Number.NaN;
  let lastQ = Number.NaN;
  let dfR = 0;
  let dfQ = 0;
  let invSqrtT = 0;
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
    SLOTS[X] = lnFast(lo / hi);
    SLOTS[BETA] = beta;
    SLOTS[B_MAX] = bMax;
    normalisedVol();
    out[i] = SLOTS[RESULT]! * invSqrtT;
  }
}

/**
 * The doubles passed to and from `normalisedVol`, which V8 does not inline (it is too large): V8
 * boxes each double argument or result of such a call in a new heap number, which cost more than the
 * arithmetic around it; typed-array slots are read and written unboxed.
 */
const SLOTS = new Float64Array(4);
const X = 0;
const BETA = 1;
const B_MAX = 2;
const RESULT = 3;

/**
 * s = σ√T with b(x, s) = β into SLOTS[RESULT], for x = SLOTS[X] ≤ 0 and 0 < β = SLOTS[BETA] <
 * e^{x/2} = SLOTS[B_MAX].
 */
function normalisedVol(): void {
  const x = SLOTS[X]!;
  const beta = SLOTS[BETA]!;
  const bMax = SLOTS[B_MAX]!;
  const sc = Math.sqrt(-2 * x);
  // At s_c the first argument of Φ is 0, so b(s_c) = e^{x/2}(1/2 − M(s_c)) and b'(s_c) = e^{x/2}/√(2π).
  const bc = bMax * (0.5 - normTailScaledFast(sc));
  const lower = beta < bc;
  // The tangent at the inflection point: above b below s_c (b convex there) and below it above s_c,
  // so it over-estimates s on the lower side and under-estimates it on the upper side.
  const tangent = sc + (beta - bc) / (bMax * INV_SQRT_2PI);
  let s = lower ? Math.min(tangent, lowerGuess(x, beta)) : Math.max(tangent, upperGuess(beta, bMax));
  let lo = lower ? 0 : sc;
  let hi = lower ? sc : Number.POSITIVE_INFINITY;
  if (!(s > lo && s < hi)) s = lower ? 0.5 * sc : sc + 1;
  for (let step = 0; step < MAX_STEPS; step++) {
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
      g = bMax - e * (m1 + m2) - beta;
      newton = (-g * SQRT_2PI) / e;
      q2 = c;
      q3 = cc;
    }
    if (g === 0) {
      SLOTS[RESULT] = s;
      return;
    }
    // g increases with s, so its sign moves one side of the bracket.
    if (g < 0) lo = s;
    else if (g > 0) hi = s;
    // Householder's fourth-order step: ν·(1 + q2·ν/2)/(1 + q2·ν + q3·ν²/6).
    const scale = (1 + 0.5 * q2 * newton) / (1 + newton * (q2 + q3 * newton * SIXTH));
    const delta = scale > 0.5 && scale < 2 ? newton * scale : newton;
    if (Math.abs(delta) <= STEP_TOLERANCE * s) {
      SLOTS[RESULT] = s + delta;
      return;
    }
    // A step that leaves the bracket (or a b that under- or overflowed) falls back to bisection.
    const next = s + delta;
    s = next > lo && next < hi ? next : hi < Number.POSITIVE_INFINITY ? 0.5 * (lo + hi) : 2 * s;
  }
  SLOTS[RESULT] = s;
}

/**
 * First guess below s_c from Jäckel's lower map: b(s) ≈ (2π|x|/(3√3))·Φ(−|x|/(√3·s))³, which has
 * the same small-s asymptote as b and inverts in closed form. Over-estimates s (Infinity where the
 * map does not reach β).
 */
function lowerGuess(x: number, beta: number): number {
  const z = Math.cbrt((THREE_SQRT3_OVER_2PI * beta) / -x);
  return z < 0.5 ? x / (SQRT3 * normInvApprox(z)) : Number.POSITIVE_INFINITY;
}

/**
 * First guess above s_c: drop x/s from the arguments of Φ, which gives
 * Φ(s/2)·(e^{x/2} + e^{−x/2}) − e^{−x/2} = β, exact at the money (x = 0); under-estimates s.
 */
function upperGuess(beta: number, bMax: number): number {
  const inv = 1 / bMax; // e^{−x/2}
  return 2 * normInvApprox((beta + inv) / (bMax + inv));
}
