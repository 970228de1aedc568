/**
 * American options with a continuous dividend yield q: Bjerksund–Stensland (1993), the flat
 * early-exercise boundary. The holder of a call exercises the first time S reaches a trigger
 * price I (a put by the put-call transformation P(S, K, T, r, q, σ) = C(K, S, T, q, r, σ)), which
 * values the option in closed form with univariate normals only:
 *
 *   β = (½ − b/σ²) + √((b/σ² − ½)² + 2r/σ²),  b = r − q
 *   B∞ = β/(β − 1)·K,  B₀ = max(K, r/(r − b)·K),  h = −(bT + 2σ√T)·B₀/(B∞ − B₀)
 *   I = B₀ + (B∞ − B₀)(1 − e^h)
 *   C = (I − K)(S/I)^β·(1 − ψ(β, I)) + φ(1, I) − φ(1, K) − K·φ(0, I) + K·φ(0, K)     (S < I)
 *   C = S − K                                                                       (S ≥ I)
 *   φ(γ, H) = e^λ S^γ [Φ(d) − (I/S)^κ Φ(d − 2 ln(I/S)/(σ√T))],  ψ(β, I) = φ(β, I)/S^β
 *   λ = (−r + γb + ½γ(γ − 1)σ²)T,  d = −(ln(S/H) + (b + (γ − ½)σ²)T)/(σ√T),  κ = 2b/σ² + 2γ − 1
 *
 * Why this model: exercising at a flat trigger is a strategy the holder can follow, so its value is a
 * lower bound of the American price, as are the European price (never exercise early) and the
 * exercise value (exercise now). The price returned is the largest of the three, so it is never
 * below the European price or the exercise value, and it is monotone in S. It needs 10 Φ and about
 * six exponentials, no bivariate normal (Bjerksund–Stensland 2002 needs eight) and no iteration
 * (Barone-Adesi–Whaley solves for its critical price): the chain reprices every American option on
 * every tick. Its error against a 801-step Leisen–Reimer lattice is in docs/METRICS.md
 * ("Exercise style").
 *
 * Where early exercise cannot pay — a call when q ≤ 0, a put when r ≤ 0 — the price is the
 * European one, computed by the BSM kernel alone, bit for bit.
 *
 * Greeks by finite differences of this price (central in S, σ and r, backward one calendar day in T);
 * units as in `Greeks` (black-scholes.ts). Implied volatility by a bracketed Illinois iteration.
 */
import { bsGreeks, bsPrice, type Greeks } from './black-scholes.ts';
import { impliedVol } from './implied-vol.ts';
import { normCdf } from './normal.ts';

const PER_DAY = 1 / 365;
/** Below this σ√T the time value is nil: the option is worth the larger of its two limits. */
const MIN_STD_DEV = 1e-12;

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
  // φ(γ, H)/S^γ without e^λ: the bracket of φ, for ln(S/H) = lnSH.
  const bracket = (gamma: number, lnSH: number): number => {
    const d = -(lnSH + (b + (gamma - 0.5) * v2) * T) / sd;
    const kappa = (2 * b) / v2 + 2 * gamma - 1;
    return normCdf(d) - Math.exp(kappa * lnIS) * normCdf(d - shift);
  };
  const lambdaBeta = (-r + beta * b + 0.5 * beta * (beta - 1) * v2) * T;
  const early = (I - K) * Math.exp(-beta * lnIS) * (1 - Math.exp(lambdaBeta) * bracket(beta, -lnIS));
  const spot = S * dfQ * (bracket(1, -lnIS) - bracket(1, lnSK));
  const strike = K * dfR * (bracket(0, -lnIS) - bracket(0, lnSK));
  return early + spot - strike;
}

/** American option price per share (see the module comment). */
export function americanPrice(
  isCall: boolean,
  S: number,
  K: number,
  T: number,
  r: number,
  q: number,
  sigma: number,
): number {
  const european = bsPrice(isCall, S, K, T, r, q, sigma);
  if (!earlyExerciseMatters(isCall, r, q)) return european;
  const intrinsic = Math.max(isCall ? S - K : K - S, 0);
  if (!(T > 0 && sigma * Math.sqrt(T) > MIN_STD_DEV)) return Math.max(european, intrinsic);
  const flat = isCall
    ? bjerksundStenslandCall(S, K, T, r, r - q, sigma)
    : bjerksundStenslandCall(K, S, T, q, q - r, sigma);
  // NaN (no trigger) loses to the other two lower bounds.
  return Math.max(european, intrinsic, Number.isNaN(flat) ? 0 : flat);
}

/**
 * Price and greeks of an American option (units of `Greeks`). Where early exercise cannot pay they
 * are the BSM ones; otherwise finite differences of `americanPrice`: delta and gamma central with
 * a step of 0.1% of S, vega central ±0.5 vol point, rho central ±1 basis point, theta the change of
 * price when one calendar day passes (to expiry at most).
 */
export function americanGreeks(
  isCall: boolean,
  S: number,
  K: number,
  T: number,
  r: number,
  q: number,
  sigma: number,
): Greeks {
  if (!earlyExerciseMatters(isCall, r, q)) return bsGreeks(isCall, S, K, T, r, q, sigma);
  const at = (s: number, t: number, rate: number, vol: number) =>
    americanPrice(isCall, s, K, t, rate, q, vol);
  const price = at(S, T, r, sigma);
  const dS = 1e-3 * S;
  const up = at(S + dS, T, r, sigma);
  const down = at(S - dS, T, r, sigma);
  const dVol = Math.min(0.005, sigma / 2);
  const later = Math.max(T - PER_DAY, 0);
  return {
    price,
    delta: (up - down) / (2 * dS),
    gamma: (up - 2 * price + down) / (dS * dS),
    theta: T > 0 ? ((at(S, later, r, sigma) - price) * PER_DAY) / (T - later) : 0,
    vega: ((at(S, T, r, sigma + dVol) - at(S, T, r, sigma - dVol)) / (2 * dVol)) * 0.01,
    rho: ((at(S, T, r + 1e-4, sigma) - at(S, T, r - 1e-4, sigma)) / 2e-4) * 0.01,
  };
}

const MAX_ITERATIONS = 100;

/**
 * σ such that `americanPrice` equals `price`, or null when there is none: T ≤ 0, a price at or below
 * the exercise value or the price as σ → 0, at or above S (call) or K (put), or non-finite inputs. Where early exercise
 * cannot pay this is `impliedVol`. Converges to 1e-12 of the price scale.
 */
export function americanImpliedVol(
  isCall: boolean,
  price: number,
  S: number,
  K: number,
  T: number,
  r: number,
  q: number,
): number | null {
  if (!earlyExerciseMatters(isCall, r, q)) return impliedVol(isCall, price, S, K, T, r, q);
  if (!(T > 0 && S > 0 && K > 0 && Number.isFinite(S + K + T + r + q + price))) return null;
  const intrinsic = Math.max(isCall ? S - K : K - S, 0);
  if (!(price > intrinsic && price < (isCall ? S : K))) return null;
  const f = (v: number) => americanPrice(isCall, S, K, T, r, q, v) - price;
  // The American price at σ is at least the European one: the European implied vol (if any) is
  // an upper end of the bracket.
  let hi = impliedVol(isCall, price, S, K, T, r, q) ?? 1;
  let fHi = f(hi);
  for (let i = 0; fHi < 0 && i < 60; i++) {
    hi *= 2;
    fHi = f(hi);
  }
  let lo = 1e-8;
  let fLo = f(lo);
  if (!(fLo < 0 && fHi >= 0)) return fHi === 0 ? hi : null;
  const tolerance = 1e-12 * Math.max(S, K);
  let side = 0;
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    const v = (lo * fHi - hi * fLo) / (fHi - fLo);
    const fv = f(v);
    if (Math.abs(fv) <= tolerance || hi - lo <= 1e-15) return v;
    if (fv < 0) {
      lo = v;
      fLo = fv;
      // Illinois: halve the stale end's value when the same end moves twice.
      if (side === -1) fHi /= 2;
      side = -1;
    } else {
      hi = v;
      fHi = fv;
      if (side === 1) fLo /= 2;
      side = 1;
    }
  }
  return (lo + hi) / 2;
}
