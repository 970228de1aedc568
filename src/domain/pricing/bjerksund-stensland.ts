/**
 * Bjerksund–Stensland (1993): the value of an American call when the holder exercises the first time
 * the price reaches a flat trigger I (formulas in american.ts), with the test of whether early
 * exercise can pay at all, and the American value at one point. `american.ts` builds prices,
 * greeks (one option or rows of typed arrays) and implied volatilities on them.
 */
import { normCdfFast } from './normal-table.ts';

/** Below this σ√T the time value is nil: the option is worth the larger of its two limits. */
export const MIN_STD_DEV = 1e-12;

/** True when early exercise can be worth something: a call on a dividend payer, a put when r > 0. */
export const earlyExerciseMatters = (isCall: boolean, r: number, q: number): boolean =>
  isCall ? q > 0 : r > 0;

/**
 * Bjerksund–Stensland (1993) value of an American call on S with strike K, cost of carry b = r − q
 * (no floor at the European price; `americanPrice` takes it). Requires b < r, T > 0, σ > 0.
 */
export function bjerksundStenslandCall(
  S: number,
  K: number,
  T: number,
  r: number,
  b: number,
  v: number,
): number {
  return flatBoundaryCall(S, K, T, r, b, v, Math.sqrt(T), Math.exp(-r * T), Math.exp((b - r) * T));
}

/** `bjerksundStenslandCall` given √T, e^{−rT} and e^{(b−r)T}, which a row kernel computes once per expiry. */
function flatBoundaryCall(
  S: number,
  K: number,
  T: number,
  r: number,
  b: number,
  v: number,
  sqrtT: number,
  dfR: number,
  dfQ: number,
): number {
  const v2 = v * v;
  const sd = v * sqrtT;
  const bv = b / v2 - 0.5;
  const beta = -bv + Math.sqrt(bv * bv + (2 * r) / v2);
  const bInf = (beta / (beta - 1)) * K;
  const b0 = Math.max(K, (r / (r - b)) * K);
  // A boundary the formula cannot place (B∞ ≤ B₀ in floating point): no trigger, no premium.
  if (!(bInf > b0)) return Number.NaN;
  const h = (-(b * T + 2 * sd) * b0) / (bInf - b0);
  const I = b0 + (bInf - b0) * (1 - Math.exp(h));
  if (S >= I) return S - K;
  const X = I / S;
  const lnIS = Math.log(X);
  const lnSK = Math.log(S / K);
  // ln(I/S)·2/(σ√T): the reflection shift shared by every φ.
  const shift = (2 * lnIS) / sd;
  // (I/S)^κ for κ(γ) = 2b/σ² + 2γ − 1 at γ = 0, 1, β from two exponentials: κ(1) = κ(0) + 2,
  // κ(β) = κ(0) + 2β.
  const pow0 = Math.exp(((2 * b) / v2 - 1) * lnIS);
  const xBeta = Math.exp(beta * lnIS);
  const lambdaBeta = (-r + beta * b + 0.5 * beta * (beta - 1) * v2) * T;
  const early =
    ((I - K) / xBeta) *
    (1 - Math.exp(lambdaBeta) * bracket(beta, -lnIS, pow0 * xBeta * xBeta, b, v2, T, sd, shift));
  const pow1 = pow0 * X * X;
  const spot =
    S * dfQ * (bracket(1, -lnIS, pow1, b, v2, T, sd, shift) - bracket(1, lnSK, pow1, b, v2, T, sd, shift));
  const strike =
    K * dfR * (bracket(0, -lnIS, pow0, b, v2, T, sd, shift) - bracket(0, lnSK, pow0, b, v2, T, sd, shift));
  return early + spot - strike;
}

/**
 * φ(γ, H)/(e^λ S^γ) for ln(S/H) = lnSH and (I/S)^κ = `power`: the bracket of φ (a function, not a
 * closure: no allocation per call). Φ from the table (error < 1e-12).
 */
function bracket(
  gamma: number,
  lnSH: number,
  power: number,
  b: number,
  v2: number,
  T: number,
  sd: number,
  shift: number,
): number {
  const d = -(lnSH + (b + (gamma - 0.5) * v2) * T) / sd;
  return normCdfFast(d) - power * normCdfFast(d - shift);
}

/**
 * An upper bound of the early-exercise premium (American − European), from its integral form (Kim
 * 1990): premium ≤ ∫₀ᵀ rK e^{−rt} P(S_t ≤ B_t) dt for a put, ≤ ∫₀ᵀ qS e^{−qt} P^S(S_t ≥ B_t) dt for a
 * call (P^S the measure with the share as numéraire, drift r − q + σ²/2). The put's boundary never
 * exceeds K·min(1, r/q) and the call's is never below K·max(1, r/q), so each probability is at most
 * that of the price reaching that level before T (the reflection formula of a drifted Brownian
 * motion): premium ≤ K(1 − e^{−rT})·P(min S ≤ B) and ≤ S(1 − e^{−qT})·P^S(max S ≥ B).
 */
export function earlyExerciseBound(
  isCall: boolean,
  S: number,
  K: number,
  T: number,
  r: number,
  q: number,
  v: number,
): number {
  return premiumBound(isCall, S, K, T, r, q, v, Math.sqrt(T), Math.exp(-r * T), Math.exp(-q * T));
}

function premiumBound(
  isCall: boolean,
  S: number,
  K: number,
  T: number,
  r: number,
  q: number,
  v: number,
  sqrtT: number,
  dfR: number,
  dfQ: number,
): number {
  const v2 = v * v;
  const sd = v * sqrtT;
  const level = isCall ? (q < r ? (K * r) / q : K) : q > r ? (K * r) / q : K;
  // ln(S/B) signed so that reaching the level means it falls to 0: the put's price falls to B, the
  // call's rises to it.
  const distance = isCall ? Math.log(level / S) : Math.log(S / level);
  const weight = isCall ? S * (1 - dfQ) : K * (1 - dfR);
  if (!(distance > 0)) return weight;
  // Drift of ln S towards the level.
  const drift = isCall ? r - q + 0.5 * v2 : -(r - q - 0.5 * v2);
  const mirror = Math.exp((2 * drift * distance) / v2);
  const hit = normCdfFast((-distance + drift * T) / sd) + mirror * normCdfFast((-distance - drift * T) / sd);
  return weight * Math.min(hit, 1);
}

/** An early-exercise premium proven below this (per share, a twentieth of a cent) is not computed. */
export const IMMATERIAL_PREMIUM = 5e-4;

/**
 * The American price: the largest of the flat-boundary value, the exercise value and `european`
 * (the BSM price of the same option), each the value of a strategy the holder can follow; where
 * `earlyExerciseBound` proves the premium at most `IMMATERIAL_PREMIUM`, the flat-boundary value is
 * not computed (it costs ten Φ and about eight exponentials; the bound two Φ and three).
 */
export function americanValue(
  isCall: boolean,
  S: number,
  K: number,
  T: number,
  r: number,
  q: number,
  v: number,
  european: number,
): number {
  return americanValueAt(
    isCall,
    S,
    K,
    T,
    r,
    q,
    v,
    european,
    Math.sqrt(T),
    Math.exp(-r * T),
    Math.exp(-q * T),
  );
}

/**
 * `americanValue` given √T, e^{−rT} and e^{−qT} (the same bits as computed there): a row kernel
 * computes them once per run of rows of one expiry.
 */
export function americanValueAt(
  isCall: boolean,
  S: number,
  K: number,
  T: number,
  r: number,
  q: number,
  v: number,
  european: number,
  sqrtT: number,
  dfR: number,
  dfQ: number,
): number {
  const intrinsic = Math.max(isCall ? S - K : K - S, 0);
  if (!(T > 0 && v * sqrtT > MIN_STD_DEV)) return Math.max(european, intrinsic);
  if (premiumBound(isCall, S, K, T, r, q, v, sqrtT, dfR, dfQ) <= IMMATERIAL_PREMIUM)
    return Math.max(european, intrinsic);
  // The put through P(S, K, r, q) = C(K, S, q, r): its e^{−rT} and e^{(b−r)T} are e^{−qT} and e^{−rT}.
  const flat = isCall
    ? flatBoundaryCall(S, K, T, r, r - q, v, sqrtT, dfR, dfQ)
    : flatBoundaryCall(K, S, T, q, q - r, v, sqrtT, dfQ, dfR);
  // NaN (no trigger) loses to the other two lower bounds.
  return Math.max(european, intrinsic, Number.isNaN(flat) ? 0 : flat);
}
