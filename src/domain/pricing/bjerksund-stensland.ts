/**
 * Bjerksund–Stensland (1993): the value of an American call when the holder exercises the first time
 * the price reaches a flat trigger I (formulas in american.ts), with the test of whether early
 * exercise can pay at all, and the American value at one point. `american.ts` builds prices,
 * greeks (one option or rows of typed arrays) and implied volatilities on them.
 */
import { normCdfFast, normCdfPdfFast } from './normal-table.ts';

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
  setCallSpace(S, K, T, r, b, v, Math.sqrt(T), Math.exp(-r * T), Math.exp((b - r) * T), 0);
  IO[DERIVATIVES_ABOVE] = Number.NEGATIVE_INFINITY;
  flatBoundaryCall(false);
  return IO[VALUE]!;
}

/*
 * The flat-boundary formula reads its inputs from, and writes its results to, the slots of `IO`
 * (call space: a put's spot and strike, rates and discount factors swapped). V8 passes a double to
 * a function it does not inline, and returns one from it, as an allocated heap number: the
 * formula is too large to inline, and positional arguments cost a row thirteen allocations (and
 * the collections they bring), more than the formula's arithmetic on a row it skips.
 */
const IO = new Float64Array(17);
const SPOT_IN = 0;
const STRIKE_IN = 1;
const YEARS = 2;
const RATE = 3;
const CARRY = 4;
const VOL = 5;
const SQRT_T = 6;
const DF_RATE = 7;
const DF_CARRY = 8;
const IMMATERIAL = 9;
/** Results: the value, then [∂V/∂ln S, ∂²V/∂(ln S)², ∂V/∂σ] (call space). */
const VALUE = 10;
const D_LN_S = 11;
const D2_LN_S = 12;
const D_VOL = 13;
/**
 * Inputs of the premium bounds (B₀, ln(I/S)) and of the derivatives' threshold, passed here for the
 * same reason: the bounds are not inlined (the formula's inlining budget goes to Φ and φ).
 */
const LOWER_TRIGGER = 14;
const LN_TRIGGER_OVER_SPOT = 15;
const DERIVATIVES_ABOVE = 16;

/** Writes the inputs of `flatBoundaryCall`: a call with cost of carry b, e^{−rT} and e^{(b−r)T}. */
function setCallSpace(
  S: number,
  K: number,
  T: number,
  r: number,
  b: number,
  v: number,
  sqrtT: number,
  dfR: number,
  dfQ: number,
  immaterial: number,
): void {
  IO[SPOT_IN] = S;
  IO[STRIKE_IN] = K;
  IO[YEARS] = T;
  IO[RATE] = r;
  IO[CARRY] = b;
  IO[VOL] = v;
  IO[SQRT_T] = sqrtT;
  IO[DF_RATE] = dfR;
  IO[DF_CARRY] = dfQ;
  IO[IMMATERIAL] = immaterial;
}

/**
 * `bjerksundStenslandCall` given √T, e^{−rT} and e^{(b−r)T}, which a row kernel computes once per
 * expiry. With `spot` it also writes there the first and second derivatives of the value in ln S
 * and the first in σ, [∂V/∂ln S, ∂²V/∂(ln S)², ∂V/∂σ], analytic: I does not depend on S, so each
 * term is W·S^a·Φ(u) with u linear in ln S of slope s = ∓1/(σ√T), whose derivatives are
 * a·T + W·S^a·φ(u)·s and a·T′ + W·S^a·φ(u)·s·(a − s·u) (φ′(u) = −u·φ(u)); the σ derivative follows
 * every intermediate, I included (`sigmaDerivative`). The value keeps the bits of the formula
 * without derivatives.
 */
function flatBoundaryCall(derivatives: boolean): void {
  const S = IO[SPOT_IN]!;
  const K = IO[STRIKE_IN]!;
  const T = IO[YEARS]!;
  const r = IO[RATE]!;
  const b = IO[CARRY]!;
  const v = IO[VOL]!;
  const sqrtT = IO[SQRT_T]!;
  const dfR = IO[DF_RATE]!;
  const dfQ = IO[DF_CARRY]!;
  const immaterial = IO[IMMATERIAL]!;
  const derivativesAbove = IO[DERIVATIVES_ABOVE]!;
  IO[VALUE] = Number.NaN;
  const v2 = v * v;
  const sd = v * sqrtT;
  const b0 = Math.max(K, (r / (r - b)) * K);
  // Two tests that need neither the trigger nor a transcendental function. I ≤ B₀(1 + bT + 2σ√T)
  // (1 − e^h ≤ −h): at or past that, the option is exercised now.
  if (S >= b0 * (1 + b * T + 2 * sd)) {
    exercised();
    return;
  }
  // Below B₀ ≤ I, the premium is bounded from the distance to B₀ alone (`levelBoundWithin`).
  IO[LOWER_TRIGGER] = b0;
  if (immaterial > 0 && S < b0 && levelBoundWithin()) return;
  const bv = b / v2 - 0.5;
  const beta = -bv + Math.sqrt(bv * bv + (2 * r) / v2);
  const bInf = (beta / (beta - 1)) * K;
  // A boundary the formula cannot place (B∞ ≤ B₀ in floating point): no trigger, no premium.
  if (!(bInf > b0)) return;
  const h = (-(b * T + 2 * sd) * b0) / (bInf - b0);
  const eh = Math.exp(h);
  const I = b0 + (bInf - b0) * (1 - eh);
  if (S >= I) {
    exercised();
    return;
  }
  const X = I / S;
  const lnIS = Math.log(X);
  IO[LN_TRIGGER_OVER_SPOT] = lnIS;
  if (immaterial > 0 && premiumBoundWithin()) return;
  const lnSK = Math.log(S / K);
  // ln(I/S)·2/(σ√T): the reflection shift shared by every φ.
  const shift = (2 * lnIS) / sd;
  // (I/S)^κ for κ(γ) = 2b/σ² + 2γ − 1 at γ = 0, 1, β from two exponentials: κ(1) = κ(0) + 2,
  // κ(β) = κ(0) + 2β.
  const kappa0 = (2 * b) / v2 - 1;
  const pow0 = Math.exp(kappa0 * lnIS);
  const xBeta = Math.exp(beta * lnIS);
  const lambdaBeta = (-r + beta * b + 0.5 * beta * (beta - 1) * v2) * T;
  const eLambda = Math.exp(lambdaBeta);
  const pow1 = pow0 * X * X;
  // The ten arguments of Φ: for H = I (ln(S/H) = −ln(I/S)) and H = K, d of φ(γ, H) at γ = β, 1, 0,
  // each followed by d − shift. One loop calls Φ: a single call site the compiler inlines, and
  // typed arrays hold the values (no boxed number per call).
  const sdInv = 1 / sd;
  const bT = b * T;
  const halfV2T = 0.5 * v2 * T;
  const dBeta = -(-lnIS + bT + (beta - 0.5) * v2 * T) * sdInv;
  const d1I = -(-lnIS + bT + halfV2T) * sdInv;
  const d1K = -(lnSK + bT + halfV2T) * sdInv;
  const d0I = -(-lnIS + bT - halfV2T) * sdInv;
  const d0K = -(lnSK + bT - halfV2T) * sdInv;
  const u = ARGS;
  u[0] = dBeta;
  u[1] = dBeta - shift;
  u[2] = d1I;
  u[3] = d1I - shift;
  u[4] = d1K;
  u[5] = d1K - shift;
  u[6] = d0I;
  u[7] = d0I - shift;
  u[8] = d0K;
  u[9] = d0K - shift;
  const n = CDFS;
  // φ with Φ where derivatives may follow: the same node and offset, computed once.
  if (derivatives) for (let k = 0; k < TERMS; k++) normCdfPdfFast(u[k]!, n, PDFS, k);
  else for (let k = 0; k < TERMS; k++) n[k] = normCdfFast(u[k]!);
  const reach = (I - K) / xBeta;
  const early = reach * (1 - eLambda * (n[0]! - pow0 * xBeta * xBeta * n[1]!));
  const spotLeg = S * dfQ * (n[2]! - pow1 * n[3]! - (n[4]! - pow1 * n[5]!));
  const strikeLeg = K * dfR * (n[6]! - pow0 * n[7]! - (n[8]! - pow0 * n[9]!));
  const value = early + spotLeg - strikeLeg;
  IO[VALUE] = value;
  if (derivatives && value > derivativesAbove) {
    // Each term W·S^a·Φ(u[k]): its weight at S and its power a; u[k] falls with ln S at even k
    // (slope −1/(σ√T)) and rises at odd k (+1/(σ√T)).
    const w = WEIGHTS;
    const power = POWERS;
    const wSpot = S * dfQ;
    const wStrike = K * dfR;
    w[0] = -reach * eLambda;
    power[0] = beta;
    w[1] = (I - K) * eLambda * pow0 * xBeta;
    power[1] = -beta - kappa0;
    w[2] = wSpot;
    power[2] = 1;
    w[3] = -wSpot * pow1;
    power[3] = -1 - kappa0;
    w[4] = -wSpot;
    power[4] = 1;
    w[5] = wSpot * pow1;
    power[5] = -1 - kappa0;
    w[6] = -wStrike;
    power[6] = 0;
    w[7] = wStrike * pow0;
    power[7] = -kappa0;
    w[8] = wStrike;
    power[8] = 0;
    w[9] = -wStrike * pow0;
    power[9] = -kappa0;
    // (I − K)(S/I)^β alone: a power of S.
    let first = beta * reach;
    let second = beta * beta * reach;
    for (let k = 0; k < TERMS; k++) {
      const slope = (k & 1) === 0 ? -sdInv : sdInv;
      const a = power[k]!;
      const pdf = PDFS[k]!;
      const density = w[k]! * pdf * slope;
      const term = a * w[k]! * n[k]! + density;
      first += term;
      second += a * term + density * (a - slope * u[k]!);
    }
    IO[D_LN_S] = first;
    IO[D2_LN_S] = second;
    const t = TRIGGER;
    t[BETA] = beta;
    t[LEVEL] = I;
    t[E_H] = eh;
    t[LN_IS] = lnIS;
    t[KAPPA0] = kappa0;
    t[X_BETA] = xBeta;
    t[E_LAMBDA] = eLambda;
    t[POW0] = pow0;
    sigmaDerivative();
  }
}

/** Exercised now: V = S − K, both derivatives in ln S are S, none in σ. */
function exercised(): void {
  const S = IO[SPOT_IN]!;
  const K = IO[STRIKE_IN]!;
  IO[VALUE] = S - K;
  IO[D_LN_S] = S;
  IO[D2_LN_S] = S;
  IO[D_VOL] = 0;
}

/** Intermediates of `flatBoundaryCall` that `sigmaDerivative` reads (slots as in `IO`, same reason). */
const TRIGGER = new Float64Array(8);
const BETA = 0;
const LEVEL = 1;
const E_H = 2;
const LN_IS = 3;
const KAPPA0 = 4;
const X_BETA = 5;
const E_LAMBDA = 6;
const POW0 = 7;

/**
 * ∂V/∂σ of the flat-boundary value, every intermediate differentiated in turn (the trigger I moves
 * with σ through β and h). Reads the Φ arguments, Φ and φ that `flatBoundaryCall` left in ARGS,
 * CDFS and PDFS, and its intermediates (passed: no closure, no allocation).
 */
function sigmaDerivative(): void {
  const S = IO[SPOT_IN]!;
  const K = IO[STRIKE_IN]!;
  const T = IO[YEARS]!;
  const r = IO[RATE]!;
  const b = IO[CARRY]!;
  const v = IO[VOL]!;
  const sqrtT = IO[SQRT_T]!;
  const dfR = IO[DF_RATE]!;
  const dfQ = IO[DF_CARRY]!;
  const t = TRIGGER;
  const beta = t[BETA]!;
  const I = t[LEVEL]!;
  const eh = t[E_H]!;
  const lnIS = t[LN_IS]!;
  const kappa0 = t[KAPPA0]!;
  const xBeta = t[X_BETA]!;
  const eLambda = t[E_LAMBDA]!;
  const pow0 = t[POW0]!;
  const v2 = v * v;
  const v3 = v2 * v;
  const sd = v * sqrtT;
  const sdInv = 1 / sd;
  const bv = b / v2 - 0.5;
  const b0 = Math.max(K, (r / (r - b)) * K);
  const bInf = (beta / (beta - 1)) * K;
  const den = bInf - b0;
  // β = −bv + √(bv² + 2r/σ²), bv = b/σ² − ½; √(…) = β + bv.
  const dBv = (-2 * b) / v3;
  const dBeta = -dBv + (bv * dBv - (2 * r) / v3) / (beta + bv);
  const dBInf = (-K / ((beta - 1) * (beta - 1))) * dBeta;
  // h = −(bT + 2σ√T)·B₀/(B∞ − B₀), I = B₀ + (B∞ − B₀)(1 − e^h).
  const dh = (-2 * sqrtT * b0) / den + ((b * T + 2 * sd) * b0 * dBInf) / (den * den);
  const dI = dBInf * (1 - eh) - den * eh * dh;
  const dLnIS = dI / I;
  const shift = (2 * lnIS) / sd;
  const dShift = (2 * dLnIS - shift * sqrtT) * sdInv;
  // Logarithmic derivatives of (I/S)^κ₀, (I/S)^β, (I/S)^{κ₀+2} and e^λ.
  const dLnPow0 = ((-4 * b) / v3) * lnIS + kappa0 * dLnIS;
  const dLnXBeta = dBeta * lnIS + beta * dLnIS;
  const dLnPow1 = dLnPow0 + 2 * dLnIS;
  const dLambda = (dBeta * b + 0.5 * (2 * beta - 1) * dBeta * v2 + beta * (beta - 1) * v) * T;
  // Each Φ argument d = −A/(σ√T): d′ = (−A′ − d·√T)/(σ√T); d − shift moves by d′ − shift′.
  const u = ARGS;
  const vT = v * T;
  const du = DU;
  du[0] = (dLnIS - (dBeta * v2 + (beta - 0.5) * 2 * v) * T - u[0]! * sqrtT) * sdInv;
  du[2] = (dLnIS - vT - u[2]! * sqrtT) * sdInv;
  du[4] = (-vT - u[4]! * sqrtT) * sdInv;
  du[6] = (dLnIS + vT - u[6]! * sqrtT) * sdInv;
  du[8] = (vT - u[8]! * sqrtT) * sdInv;
  for (let k = 0; k < TERMS; k += 2) du[k + 1] = du[k]! - dShift;
  const n = CDFS;
  const dn = DU;
  for (let k = 0; k < TERMS; k++) dn[k] = PDFS[k]! * du[k]!;
  const pow1 = pow0 * (I / S) * (I / S);
  const power = pow0 * xBeta * xBeta;
  const inner = n[0]! - power * n[1]!;
  const dInner = dn[0]! - power * ((dLnPow0 + 2 * dLnXBeta) * n[1]! + dn[1]!);
  const reach = (I - K) / xBeta;
  const dReach = dI / xBeta - reach * dLnXBeta;
  const dEarly = dReach * (1 - eLambda * inner) - reach * eLambda * (dLambda * inner + dInner);
  const dSpot =
    S * dfQ * (dn[2]! - pow1 * (dLnPow1 * n[3]! + dn[3]!) - dn[4]! + pow1 * (dLnPow1 * n[5]! + dn[5]!));
  const dStrike =
    K * dfR * (dn[6]! - pow0 * (dLnPow0 * n[7]! + dn[7]!) - dn[8]! + pow0 * (dLnPow0 * n[9]! + dn[9]!));
  IO[D_VOL] = dEarly + dSpot - dStrike;
}

/** Terms of the flat-boundary formula with a Φ, and scratch columns for them (see above). */
const TERMS = 10;
const ARGS = new Float64Array(TERMS);
const CDFS = new Float64Array(TERMS);
const WEIGHTS = new Float64Array(TERMS);
const POWERS = new Float64Array(TERMS);
const PDFS = new Float64Array(TERMS);
/** Derivatives in σ of the Φ arguments, then of the Φ values (see `sigmaDerivative`). */
const DU = new Float64Array(TERMS);

/**
 * An upper bound of the flat-boundary value's premium over the European price, for a call at S
 * below its trigger I (ln(I/S) = lnIS > 0). Exercising at τ, the first time S reaches I, gives
 * I − K where the European call is worth at least I·e^{−q(T−τ)} − K·e^{−r(T−τ)}, so exercising
 * gains at most I(1 − e^{−qT}) there; discounted (I·e^{−rτ} is S·e^{−qτ} times the change to the
 * measure with the share as numéraire), the premium is at most S(1 − e^{−qT})·P^S(max S ≥ I before
 * T), the reflection formula of a Brownian motion with drift b + σ²/2 (b = r − q). True when that
 * bound is at most the immaterial premium; false as soon as its first term alone exceeds it.
 * Reads the option and ln(I/S) from `IO`.
 */
function premiumBoundWithin(): boolean {
  const S = IO[SPOT_IN]!;
  const T = IO[YEARS]!;
  const b = IO[CARRY]!;
  const v = IO[VOL]!;
  const cap = IO[IMMATERIAL]!;
  const lnIS = IO[LN_TRIGGER_OVER_SPOT]!;
  const v2 = v * v;
  const sd = v * IO[SQRT_T]!;
  const weight = S * (1 - IO[DF_CARRY]!);
  const drift = b + 0.5 * v2;
  const direct = weight * normCdfFast((-lnIS + drift * T) / sd);
  // The bound is at least this (the mirrored term only adds, min(hit, 1) ≥ Φ).
  if (direct > cap) return false;
  const mirror = Math.exp((2 * drift * lnIS) / v2);
  return Math.min(direct + weight * mirror * normCdfFast((-lnIS - drift * T) / sd), weight) <= cap;
}

/**
 * A cruder bound than `premiumBoundWithin`'s, for S below B₀ (a lower bound of the trigger), computed
 * before the trigger is, compared with the immaterial premium `cap` the same way: S(1 − e^{−qT})
 * alone where that is at most `cap`, else that weight times the
 * probability that a Brownian motion with drift at most μ⁺ = max(b + σ²/2, 0) reaches
 * ln x ≥ 2(x − 1)/(x + 1) (x = B₀/S > 1) before T, at most 2Φ(−(2(x − 1)/(x + 1) − μ⁺T)/(σ√T)) (the
 * reflection principle without drift). Two divisions and one Φ: no square root, exponential or
 * logarithm. Reads the option and B₀ from `IO`.
 */
function levelBoundWithin(): boolean {
  const S = IO[SPOT_IN]!;
  const cap = IO[IMMATERIAL]!;
  const weight = S * (1 - IO[DF_CARRY]!);
  if (weight <= cap) return true;
  const T = IO[YEARS]!;
  const v = IO[VOL]!;
  const b0 = IO[LOWER_TRIGGER]!;
  const distance = (2 * (b0 - S)) / (b0 + S);
  return (
    weight * 2 * normCdfFast((Math.max(IO[CARRY]! + 0.5 * v * v, 0) * T - distance) / (v * IO[SQRT_T]!)) <=
    cap
  );
}

/** An early-exercise premium proven below this (per share, a twentieth of a cent) is not computed. */
export const IMMATERIAL_PREMIUM = 5e-4;

/**
 * The American price: the largest of the flat-boundary value, the exercise value and `european`
 * (the BSM price of the same option), each the value of a strategy the holder can follow. Before
 * the trigger is placed, a spot past an upper bound of it is exercised now, and `levelBoundWithin` may
 * prove the premium at most `IMMATERIAL_PREMIUM` from B₀ (a lower bound of it), with one Φ; once it
 * is placed (a square root and an exponential), `premiumBoundWithin` may prove it with the trigger
 * itself. The ten Φ and further exponentials are computed only where neither does. At or past the
 * trigger the value is the exercise value, at no further cost.
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
  const flat = flatBoundaryValueAt(isCall, S, K, T, r, q, v, sqrtT, dfR, dfQ, null, IMMATERIAL_PREMIUM);
  // NaN (no trigger, or a premium proven immaterial) loses to the other two lower bounds.
  return Math.max(european, intrinsic, Number.isNaN(flat) ? 0 : flat);
}

/**
 * The flat-boundary value of a call or a put (NaN where the formula places no trigger, unless the
 * spot is past B₀(1 + bT + 2σ√T), where it is the exercise value: the floors of `americanValueAt`
 * make either the same price), without
 * the floors of `americanValueAt`. With `spot`, its first and second derivatives in S and its
 * first in σ go there: [∂V/∂S, ∂²V/∂S², ∂V/∂σ], computed only where the value exceeds
 * `derivativesAbove` (a caller that uses them only there spares them elsewhere). With `immaterial`,
 * NaN where `levelBoundWithin` or `premiumBoundWithin` proves the premium over the European price at most that. The put is the
 * call C(K, S, q, r) (the same σ):
 * the formula is homogeneous of degree 1 in
 * (spot, strike), so the put's derivatives in its own ln S follow from the call's in its ln spot
 * (Euler: V_y + V_z = V, V_zz = V − 2V_y + V_yy for y the call's ln spot, z its ln strike).
 */
export function flatBoundaryValueAt(
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
  spot: Float64Array | null = null,
  immaterial = 0,
  derivativesAbove = Number.NEGATIVE_INFINITY,
): number {
  setOption(isCall, S, K, T, r, q, v, sqrtT, dfR, dfQ, immaterial);
  const value = flatBoundary(isCall, spot !== null, derivativesAbove);
  if (spot && value > derivativesAbove) {
    spot[0] = IO[D_LN_S]!;
    spot[1] = IO[D2_LN_S]!;
    spot[2] = IO[D_VOL]!;
  }
  return value;
}

/**
 * Writes the inputs of `flatBoundary` for an option (`flatBoundaryValueAt`'s arguments). Small
 * enough for V8 to inline into a row loop, so its doubles stay unboxed.
 */
export function setOption(
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
  immaterial: number,
): void {
  // The put through P(S, K, r, q) = C(K, S, q, r): its e^{−rT} and e^{(b−r)T} are e^{−qT} and e^{−rT}.
  if (isCall) setCallSpace(S, K, T, r, r - q, v, sqrtT, dfR, dfQ, immaterial);
  else setCallSpace(K, S, T, q, q - r, v, sqrtT, dfQ, dfR, immaterial);
}

/**
 * `flatBoundaryValueAt` on the option `setOption` wrote: returns the value (NaN as there) and,
 * with `derivatives`, leaves [∂V/∂S, ∂²V/∂S², ∂V/∂σ] for `flatBoundaryDerivative` where the value
 * exceeds `derivativesAbove`.
 */
export function flatBoundary(isCall: boolean, derivatives: boolean, derivativesAbove: number): number {
  IO[DERIVATIVES_ABOVE] = derivativesAbove;
  flatBoundaryCall(derivatives);
  const value = IO[VALUE]!;
  if (derivatives && value > derivativesAbove) {
    // Derivatives in ln S of the option's own spot: the call's as they are, the put's by Euler.
    const S = isCall ? IO[SPOT_IN]! : IO[STRIKE_IN]!;
    const dy = IO[D_LN_S]!;
    const first = isCall ? dy : value - dy;
    const second = isCall ? IO[D2_LN_S]! : value - 2 * dy + IO[D2_LN_S]!;
    IO[D_LN_S] = first / S;
    IO[D2_LN_S] = (second - first) / (S * S);
  }
  return value;
}

/** The derivatives `flatBoundary` left: 0 ∂V/∂S, 1 ∂²V/∂S², 2 ∂V/∂σ. */
export const flatBoundaryDerivative = (k: 0 | 1 | 2): number => IO[D_LN_S + k]!;
