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
 * Greeks (`americanRows`, below): delta, gamma and vega analytic, theta from the Black-Scholes
 * equation; units as in `Greeks` (black-scholes.ts). Implied volatility by a
 * bracketed Illinois iteration.
 */
import { ExerciseStyle } from '#domain/contracts/exercise-style.ts';
import type { BsBatchInput, BsBatchOutput } from './batch.ts';
import {
  americanValue,
  earlyExerciseMatters,
  flatBoundary,
  flatBoundaryDerivative,
  IMMATERIAL_PREMIUM,
  MIN_STD_DEV,
  setOption,
} from './bjerksund-stensland.ts';
import { bsGreeks, bsPrice, type Greeks, priceAll } from './black-scholes.ts';
import { impliedVol } from './implied-vol.ts';

export { earlyExerciseMatters };

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
  return earlyExerciseMatters(isCall, r, q)
    ? americanValue(isCall, S, K, T, r, q, sigma, european)
    : european;
}

/**
 * Price and greeks of an American option (units of `Greeks`): the BSM kernel, then `americanRows`
 * (below: the same numbers as the market's chain); rho by central differences of
 * `americanPrice` over ±1 basis point of r (the BSM rho where early exercise cannot pay).
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
  // The BSM row, reworked in place by the batch kernel: the same numbers as the market's chain.
  const { input: row, output: scratch } = priceAll(isCall, S, K, T, r, q, sigma);
  const europeanRho = T > 0 ? T * (S * scratch.delta[0]! - scratch.price[0]!) * 0.01 : 0;
  const early = americanRows(row, scratch, 0, 1) > 0;
  // Read the row before `americanPrice` reuses the scratch.
  const greeks = {
    price: scratch.price[0]!,
    delta: scratch.delta[0]!,
    gamma: scratch.gamma[0]!,
    theta: scratch.theta[0]!,
    vega: scratch.vega[0]!,
  };
  const rho = early
    ? ((americanPrice(isCall, S, K, T, r + 1e-4, q, sigma) -
        americanPrice(isCall, S, K, T, r - 1e-4, q, sigma)) /
        2e-4) *
      0.01
    : europeanRho;
  return { ...greeks, rho };
}

const MAX_ITERATIONS = 100;

/**
 * σ such that `americanPrice` equals `price`, or null when there is none: T ≤ 0, a price at or below
 * the exercise value or the price as σ → 0, at or above S (call) or K (put), or non-finite inputs.
 * Where early exercise cannot pay this is `impliedVol`. Converges to 1e-12 of the price scale.
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

/**
 * Greeks of an option under the model of its exercise style (`exerciseStyleOf`): `americanGreeks`
 * for an American option, `bsGreeks` for a European one. What a view computes from a chain's vol
 * must use this, so that its numbers are those of the chain's prices.
 */
export function greeksByStyle(
  style: ExerciseStyle,
  isCall: boolean,
  S: number,
  K: number,
  T: number,
  r: number,
  q: number,
  sigma: number,
): Greeks {
  return style === ExerciseStyle.American
    ? americanGreeks(isCall, S, K, T, r, q, sigma)
    : bsGreeks(isCall, S, K, T, r, q, sigma);
}

/**
 * Implied volatility of a price under the model of the option's exercise style:
 * `americanImpliedVol` or `impliedVol`. The European inversion of an American price overstates σ
 * (it ascribes the early-exercise premium to volatility), most for deep in-the-money puts.
 */
export function impliedVolByStyle(
  style: ExerciseStyle,
  isCall: boolean,
  price: number,
  S: number,
  K: number,
  T: number,
  r: number,
  q: number,
): number | null {
  return style === ExerciseStyle.American
    ? americanImpliedVol(isCall, price, S, K, T, r, q)
    : impliedVol(isCall, price, S, K, T, r, q);
}

/*
 * American prices and greeks over rows of typed arrays (the market's chain pass). The rows of `out`
 * hold the European (BSM) price and greeks of the same inputs, from `bsKernel` or its fast path; each
 * row where early exercise can pay (a call when q > 0, a put when r > 0) is overwritten with the
 * American price of `americanPrice` (Bjerksund–Stensland 1993, floored at the European price and the
 * exercise value) and its greeks; every other row is left as it is, so calls without a dividend cost
 * one comparison.
 *
 * Greeks, by which of the three lower bounds sets the price:
 * - the European price (the early-exercise premium at most $0.0005 per share, `IMMATERIAL_PREMIUM`):
 *   the BSM greeks stand, no further work;
 * - the exercise value (the price at or past the trigger): delta ±1, gamma, theta and vega 0;
 * - the flat-boundary value: delta, gamma and vega analytic from the same evaluation
 *   (`flatBoundaryValueAt`: the trigger does not depend on S; it does on σ, and its derivative is
 *   carried through); theta from the Black-Scholes equation, which the value of exercising at a
 *   fixed trigger satisfies below it, ∂V/∂t = rV − (r − q)SΔ − ½σ²S²Γ (per calendar day: / 365).
 * So an option that needs the model costs one evaluation of it, greeks included.
 * `americanGreeks` runs this on one row.
 */
/**
 * Rewrites rows [from, to) of `out` (European values on entry) to American values where early
 * exercise can pay; with `greeks` false only the price (the greeks stay the BSM ones), with
 * `belowExerciseOnly` only the rows whose European price is below their exercise value (where the
 * European price is plainly wrong for an option that can be exercised now). Returns how many rows
 * it rewrote.
 */
export function americanRows(
  input: BsBatchInput,
  out: BsBatchOutput,
  from: number,
  to: number,
  greeks = true,
  belowExerciseOnly = false,
): number {
  const { isCall: calls, S: spots, K: strikes, T: times, r: rates, q: yields, sigma: vols } = input;
  const { price, delta, gamma, theta, vega } = out;
  let rewritten = 0;
  // √T, e^{−rT} and e^{−qT} once per run of rows of one expiry (the chain's order).
  let lastT = Number.NaN;
  let lastR = Number.NaN;
  let lastQ = Number.NaN;
  let sqrtT = 0;
  let dfR = 0;
  let dfQ = 0;
  for (let i = from; i < to; i++) {
    const call = calls[i] !== 0;
    const r = rates[i]!;
    const q = yields[i]!;
    if (!earlyExerciseMatters(call, r, q)) continue;
    const S = spots[i]!;
    const K = strikes[i]!;
    const T = times[i]!;
    const v = vols[i]!;
    const e = price[i]!;
    const exercise = call ? S - K : K - S;
    if (belowExerciseOnly && e >= exercise) continue;
    if (T !== lastT || r !== lastR || q !== lastQ) {
      lastT = T;
      lastR = r;
      lastQ = q;
      sqrtT = Math.sqrt(T);
      dfR = Math.exp(-r * T);
      dfQ = Math.exp(-q * T);
    }
    rewritten++;
    const intrinsic = Math.max(exercise, 0);
    // The same steps as `americanValueAt`, so the same bits as `americanPrice`.
    if (!(T > 0 && v * sqrtT > MIN_STD_DEV)) {
      price[i] = Math.max(e, intrinsic);
      continue;
    }
    // The greeks are the formula's only where it beats the European price by more than the
    // threshold: its derivatives are computed only there.
    const material = e + IMMATERIAL_PREMIUM;
    setOption(call, S, K, T, r, q, v, sqrtT, dfR, dfQ, IMMATERIAL_PREMIUM);
    const flat = flatBoundary(call, greeks, material);
    const p0 = Math.max(e, intrinsic, Number.isNaN(flat) ? 0 : flat);
    price[i] = p0;
    // Early exercise adds (next to) nothing: the BSM greeks stand.
    if (!greeks || p0 <= material) continue;
    if (p0 === intrinsic) {
      // At or past the trigger, worth its exercise value: that value's greeks (the Black-Scholes
      // equation does not hold where the holder exercises).
      delta[i] = call ? 1 : -1;
      gamma[i] = 0;
      theta[i] = 0;
      vega[i] = 0;
      continue;
    }
    const dS = flatBoundaryDerivative(0);
    const dSS = flatBoundaryDerivative(1);
    delta[i] = dS;
    gamma[i] = dSS;
    theta[i] = (r * p0 - (r - q) * S * dS - 0.5 * v * v * S * S * dSS) / 365;
    vega[i] = flatBoundaryDerivative(2) * 0.01;
  }
  return rewritten;
}
