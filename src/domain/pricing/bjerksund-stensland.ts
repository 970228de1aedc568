/**
 * Bjerksund–Stensland (1993): the value of an American call when the holder exercises the first time
 * the price reaches a flat trigger I (formulas in american.ts), with the test of whether early
 * exercise can pay at all, and the American value at one point. `american.ts` builds prices,
 * greeks (one option or rows of typed arrays) and implied volatilities on them.
 */
import { normCdf } from './normal.ts';

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
  const v2 = v * v;
  const sqrtT = Math.sqrt(T);
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
  const lnIS = Math.log(I / S);
  const lnSK = Math.log(S / K);
  const dfR = Math.exp(-r * T);
  const dfQ = Math.exp((b - r) * T);
  // ln(I/S)·2/(σ√T): the reflection shift shared by every φ.
  const shift = (2 * lnIS) / sd;
  const lambdaBeta = (-r + beta * b + 0.5 * beta * (beta - 1) * v2) * T;
  const early =
    (I - K) *
    Math.exp(-beta * lnIS) *
    (1 - Math.exp(lambdaBeta) * bracket(beta, -lnIS, lnIS, b, v2, T, sd, shift));
  const spot =
    S * dfQ * (bracket(1, -lnIS, lnIS, b, v2, T, sd, shift) - bracket(1, lnSK, lnIS, b, v2, T, sd, shift));
  const strike =
    K * dfR * (bracket(0, -lnIS, lnIS, b, v2, T, sd, shift) - bracket(0, lnSK, lnIS, b, v2, T, sd, shift));
  return early + spot - strike;
}

/** φ(γ, H)/(e^λ S^γ) for ln(S/H) = lnSH: the bracket of φ (a function, not a closure: no allocation per call). */
function bracket(
  gamma: number,
  lnSH: number,
  lnIS: number,
  b: number,
  v2: number,
  T: number,
  sd: number,
  shift: number,
): number {
  const d = -(lnSH + (b + (gamma - 0.5) * v2) * T) / sd;
  const kappa = (2 * b) / v2 + 2 * gamma - 1;
  return normCdf(d) - Math.exp(kappa * lnIS) * normCdf(d - shift);
}

/**
 * The American price: the largest of the flat-boundary value, the exercise value and `european`
 * (the BSM price of the same option), each the value of a strategy the holder can follow.
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
  const intrinsic = Math.max(isCall ? S - K : K - S, 0);
  if (!(T > 0 && v * Math.sqrt(T) > MIN_STD_DEV)) return Math.max(european, intrinsic);
  const flat = isCall
    ? bjerksundStenslandCall(S, K, T, r, r - q, v)
    : bjerksundStenslandCall(K, S, T, q, q - r, v);
  // NaN (no trigger) loses to the other two lower bounds.
  return Math.max(european, intrinsic, Number.isNaN(flat) ? 0 : flat);
}
