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
 * the solver works on ln b, above it on b itself; each step is Halley's (third order), kept inside a
 * bisection bracket. b and its derivatives are computed from the scaled tail Φ(−y)e^{y²/2}, which
 * needs one exponential per step above s_c and none below, and keeps every digit of deep
 * out-of-the-money prices that a plain difference of Φs would cancel away.
 */
import { INV_SQRT_2PI, normInvApprox, normTailScaled } from './normal.ts';

const SQRT3 = Math.sqrt(3);
const THREE_SQRT3_OVER_2PI = (3 * SQRT3) / (2 * Math.PI);
const MAX_STEPS = 64;
const MIN_NORMAL = 2 ** -1022;
/** Relative step below which Halley's cubic convergence has already reached double precision. */
const STEP_TOLERANCE = 1e-6;

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
  const v = impliedVolOrNaN(isCall, price, S, K, T, r, q);
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

/** `impliedVol` for every row; NaN where there is no solution. */
export function impliedVolBatch(input: ImpliedVolBatchInput, out: Float64Array): void {
  const { isCall, price, S, K, T, r, q } = input;
  for (let i = 0; i < out.length; i++) {
    out[i] = impliedVolOrNaN(isCall[i] !== 0, price[i]!, S[i]!, K[i]!, T[i]!, r[i]!, q[i]!);
  }
}

function impliedVolOrNaN(
  isCall: boolean,
  price: number,
  S: number,
  K: number,
  T: number,
  r: number,
  q: number,
): number {
  if (!(T > 0 && S > 0 && K > 0 && Number.isFinite(S + K + T + r + q + price))) return Number.NaN;
  // The bounds in the same terms as the price formula: discounted spot S·e^{−qT} and strike K·e^{−rT}.
  const dfR = Math.exp(-r * T);
  const spot = S * Math.exp(-q * T);
  const strike = K * dfR;
  const intrinsic = Math.max(isCall ? spot - strike : strike - spot, 0);
  // A time value below the smallest normal double has too few significant bits to invert.
  if (!(price - intrinsic >= MIN_NORMAL && price < (isCall ? spot : strike))) return Number.NaN;
  const F = spot / dfR;
  const lo = Math.min(F, K);
  const hi = Math.max(F, K);
  const beta = (price - intrinsic) / dfR / Math.sqrt(F * K);
  const bMax = Math.sqrt(lo / hi); // e^{x/2}
  if (!(beta > 0 && beta < bMax)) return Number.NaN;
  return normalisedVol(Math.log(lo / hi), beta, bMax) / Math.sqrt(T);
}

/** s = σ√T with b(x, s) = β, for x ≤ 0 and 0 < β < e^{x/2} = bMax. */
function normalisedVol(x: number, beta: number, bMax: number): number {
  const sc = Math.sqrt(-2 * x);
  // At s_c the first argument of Φ is 0, so b(s_c) = e^{x/2}(1/2 − M(s_c)) and b'(s_c) = e^{x/2}/√(2π).
  const bc = bMax * (0.5 - normTailScaled(sc));
  const lower = beta < bc;
  // The tangent at the inflection point: above b below s_c (b convex there) and below it above s_c,
  // so it over-estimates s on the lower side and under-estimates it on the upper side.
  const tangent = sc + (beta - bc) / (bMax * INV_SQRT_2PI);
  let s = lower ? Math.min(tangent, lowerGuess(x, beta)) : Math.max(tangent, upperGuess(beta, bMax));
  let lo = lower ? 0 : sc;
  let hi = lower ? sc : Number.POSITIVE_INFINITY;
  if (!(s > lo && s < hi)) s = lower ? 0.5 * sc : sc + 1;
  const lnBeta = lower ? Math.log(beta) : 0;
  const x2 = x * x;
  for (let step = 0; step < MAX_STEPS; step++) {
    const h = x / s;
    const t = 0.5 * s;
    // With E = e^{−(h²+t²)/2} and M(y) = Φ(−y)e^{y²/2} (arguments ≥ 0 on each side):
    //   below s_c: b = E·(M(−h−t) − M(t−h));  above: b = e^{x/2} − E·(M(h+t) + M(t−h));
    //   b' = E/√(2π);  b'' = b'·(x²/s³ − s/4).
    const m1 = normTailScaled(lower ? -h - t : h + t);
    const m2 = normTailScaled(t - h);
    const curvature = x2 / (s * s * s) - 0.25 * s;
    let g: number;
    let g1: number;
    let g2: number;
    if (lower) {
      // g = ln b − ln β: E cancels from g'/g and g'', so this side needs no exponential.
      const spread = m1 - m2;
      g = -0.5 * (h * h + t * t) + Math.log(spread) - lnBeta;
      g1 = INV_SQRT_2PI / spread;
      g2 = g1 * (curvature - g1);
    } else {
      const e = Math.exp(-0.5 * (h * h + t * t));
      g = bMax - e * (m1 + m2) - beta;
      g1 = e * INV_SQRT_2PI;
      g2 = g1 * curvature;
    }
    if (g === 0) return s;
    // g increases with s, so its sign moves one side of the bracket.
    if (g < 0) lo = s;
    else if (g > 0) hi = s;
    const newton = -g / g1;
    const denom = 1 + (0.5 * newton * g2) / g1;
    const halley = denom > 0.5 ? newton / denom : newton;
    if (Math.abs(halley) <= STEP_TOLERANCE * s) return s + halley;
    // A step that leaves the bracket (or a b that under- or overflowed) falls back to bisection.
    const next = s + halley;
    s = next > lo && next < hi ? next : hi < Number.POSITIVE_INFINITY ? 0.5 * (lo + hi) : 2 * s;
  }
  return s;
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
