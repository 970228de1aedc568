import { blockRows, columns, isCallColumn } from './bs-fast-rows.as';
import { CDF_NODES, PDF_NODES } from './tables.as';

// The market's American pass (`americanRows` of american.ts with greeks, on every row) over the
// block the Black-Scholes-Merton kernel has just priced (`bs-fast-rows.as.ts`): its inputs and
// European outputs are still in the block's columns, so the pass costs no copy. The same steps as
// the JavaScript (Bjerksund–Stensland 1993, the flat early-exercise boundary, floored at the
// European price and the exercise value; the bounds that prove a premium immaterial; the greeks of
// whichever lower bound sets the price), operation for operation, with WebAssembly's `Math.exp` and
// `Math.log` in place of V8's: the results agree with `americanRows` to about 1e-13 of the price
// (tested, docs/PRICING.md), not to the bit. Why here: the JavaScript spends much of a row on
// boxing doubles and on typed-array checks, and the market reprices some 676,000 American rows on
// a full tick.

const GRID_MAX: f64 = 40;
const GRID: f64 = 64;
const STEP: f64 = 1.0 / 64;
const SIXTH: f64 = 1.0 / 6;
const TWENTY_FOURTH: f64 = 1.0 / 24;
const MIN_STD_DEV: f64 = 1e-12;
/** `IMMATERIAL_PREMIUM` of bjerksund-stensland.ts. */
const IMMATERIAL: f64 = 5e-4;

// Scratch columns of the ten terms with a Φ: their arguments, Φ, φ, weights, powers of S and the
// σ-derivatives of the arguments.
const TERMS: i32 = 10;
const ARGS: usize = memory.data(8 * TERMS, 16);
const CDFS: usize = memory.data(8 * TERMS, 16);
const PDFS: usize = memory.data(8 * TERMS, 16);
const WEIGHTS: usize = memory.data(8 * TERMS, 16);
const POWERS: usize = memory.data(8 * TERMS, 16);
const DU: usize = memory.data(8 * TERMS, 16);

@inline function slot(base: usize, k: i32): usize {
  return base + (<usize>k << 3);
}

// Results of `flatBoundaryCall`: the value and [∂V/∂ln S, ∂²V/∂(ln S)², ∂V/∂σ] (call space).
let value: f64 = NaN;
let dLnS: f64 = 0;
let d2LnS: f64 = 0;
let dVol: f64 = 0;

/** The node of x on the Φ/φ grid (`normal-table.ts`): x clamped, its node index. */
@inline function clampToGrid(x: f64): f64 {
  return Math.min(Math.max(x, -GRID_MAX), GRID_MAX);
}

@inline function nodeOf(c: f64): i32 {
  return <i32>((c + GRID_MAX) * GRID + 0.5);
}

/** `normCdfFast`. */
@inline function cdf(x: f64): f64 {
  const c = clampToGrid(x);
  const i = nodeOf(c);
  const x0 = <f64>i * STEP - GRID_MAX;
  const h = c - x0;
  const x2 = x0 * x0;
  const poly = h * (1 + h * (-0.5 * x0 + h * ((x2 - 1) * SIXTH + h * (3 - x2) * x0 * TWENTY_FOURTH)));
  const at = <usize>i << 3;
  return load<f64>(CDF_NODES + at) + load<f64>(PDF_NODES + at) * poly;
}

/** `normCdfPdfFast`: Φ(x) into CDFS[k], φ(x) into PDFS[k]. */
@inline function cdfPdf(x: f64, k: i32): void {
  const c = clampToGrid(x);
  const i = nodeOf(c);
  const x0 = <f64>i * STEP - GRID_MAX;
  const h = c - x0;
  const x2 = x0 * x0;
  const poly = h * (1 + h * (-0.5 * x0 + h * ((x2 - 1) * SIXTH + h * (3 - x2) * x0 * TWENTY_FOURTH)));
  const at = <usize>i << 3;
  const pdfNode = load<f64>(PDF_NODES + at);
  store<f64>(slot(CDFS, k), load<f64>(CDF_NODES + at) + pdfNode * poly);
  const u = -h * (c - 0.5 * h);
  store<f64>(slot(PDFS, k), pdfNode * (1 + u * (1 + u * (0.5 + u * (SIXTH + u * TWENTY_FOURTH)))));
}

function exercised(S: f64, K: f64): void {
  value = S - K;
  dLnS = S;
  d2LnS = S;
  dVol = 0;
}

/** `levelBoundWithin`. */
function levelBoundWithin(S: f64, T: f64, b: f64, v: f64, sd: f64, dfQ: f64, b0: f64): bool {
  const weight = S * (1 - dfQ);
  if (weight <= IMMATERIAL) return true;
  const distance = (2 * (b0 - S)) / (b0 + S);
  return weight * 2 * cdf((Math.max(b + 0.5 * v * v, 0) * T - distance) / sd) <= IMMATERIAL;
}

/** `premiumBoundWithin`. */
function premiumBoundWithin(S: f64, T: f64, b: f64, v2: f64, sd: f64, dfQ: f64, lnIS: f64): bool {
  const weight = S * (1 - dfQ);
  const drift = b + 0.5 * v2;
  const direct = weight * cdf((-lnIS + drift * T) / sd);
  if (direct > IMMATERIAL) return false;
  const mirror = Math.exp((2 * drift * lnIS) / v2);
  return Math.min(direct + weight * mirror * cdf((-lnIS - drift * T) / sd), weight) <= IMMATERIAL;
}

/** `flatBoundaryCall` with derivatives, the immaterial premium as its cap. */
function flatBoundaryCall(
  S: f64,
  K: f64,
  T: f64,
  r: f64,
  b: f64,
  v: f64,
  sqrtT: f64,
  dfR: f64,
  dfQ: f64,
  derivativesAbove: f64,
): void {
  value = NaN;
  const v2 = v * v;
  const sd = v * sqrtT;
  const b0 = Math.max(K, (r / (r - b)) * K);
  if (S >= b0 * (1 + b * T + 2 * sd)) {
    exercised(S, K);
    return;
  }
  if (S < b0 && levelBoundWithin(S, T, b, v, sd, dfQ, b0)) return;
  const bv = b / v2 - 0.5;
  const beta = -bv + Math.sqrt(bv * bv + (2 * r) / v2);
  const bInf = (beta / (beta - 1)) * K;
  if (!(bInf > b0)) return;
  const h = (-(b * T + 2 * sd) * b0) / (bInf - b0);
  const eh = Math.exp(h);
  const I = b0 + (bInf - b0) * (1 - eh);
  if (S >= I) {
    exercised(S, K);
    return;
  }
  const X = I / S;
  const lnIS = Math.log(X);
  if (premiumBoundWithin(S, T, b, v2, sd, dfQ, lnIS)) return;
  const lnSK = Math.log(S / K);
  const shift = (2 * lnIS) / sd;
  const kappa0 = (2 * b) / v2 - 1;
  const pow0 = Math.exp(kappa0 * lnIS);
  const xBeta = Math.exp(beta * lnIS);
  const lambdaBeta = (-r + beta * b + 0.5 * beta * (beta - 1) * v2) * T;
  const eLambda = Math.exp(lambdaBeta);
  const pow1 = pow0 * X * X;
  const sdInv = 1 / sd;
  const bT = b * T;
  const halfV2T = 0.5 * v2 * T;
  const dBeta = -(-lnIS + bT + (beta - 0.5) * v2 * T) * sdInv;
  const d1I = -(-lnIS + bT + halfV2T) * sdInv;
  const d1K = -(lnSK + bT + halfV2T) * sdInv;
  const d0I = -(-lnIS + bT - halfV2T) * sdInv;
  const d0K = -(lnSK + bT - halfV2T) * sdInv;
  store<f64>(slot(ARGS, 0), dBeta);
  store<f64>(slot(ARGS, 1), dBeta - shift);
  store<f64>(slot(ARGS, 2), d1I);
  store<f64>(slot(ARGS, 3), d1I - shift);
  store<f64>(slot(ARGS, 4), d1K);
  store<f64>(slot(ARGS, 5), d1K - shift);
  store<f64>(slot(ARGS, 6), d0I);
  store<f64>(slot(ARGS, 7), d0I - shift);
  store<f64>(slot(ARGS, 8), d0K);
  store<f64>(slot(ARGS, 9), d0K - shift);
  for (let k = 0; k < TERMS; k++) cdfPdf(load<f64>(slot(ARGS, k)), k);
  const n0 = load<f64>(slot(CDFS, 0));
  const n1 = load<f64>(slot(CDFS, 1));
  const reach = (I - K) / xBeta;
  const early = reach * (1 - eLambda * (n0 - pow0 * xBeta * xBeta * n1));
  const spotLeg =
    S *
    dfQ *
    (load<f64>(slot(CDFS, 2)) -
      pow1 * load<f64>(slot(CDFS, 3)) -
      (load<f64>(slot(CDFS, 4)) - pow1 * load<f64>(slot(CDFS, 5))));
  const strikeLeg =
    K *
    dfR *
    (load<f64>(slot(CDFS, 6)) -
      pow0 * load<f64>(slot(CDFS, 7)) -
      (load<f64>(slot(CDFS, 8)) - pow0 * load<f64>(slot(CDFS, 9))));
  value = early + spotLeg - strikeLeg;
  if (!(value > derivativesAbove)) return;
  const wSpot = S * dfQ;
  const wStrike = K * dfR;
  store<f64>(slot(WEIGHTS, 0), -reach * eLambda);
  store<f64>(slot(POWERS, 0), beta);
  store<f64>(slot(WEIGHTS, 1), (I - K) * eLambda * pow0 * xBeta);
  store<f64>(slot(POWERS, 1), -beta - kappa0);
  store<f64>(slot(WEIGHTS, 2), wSpot);
  store<f64>(slot(POWERS, 2), 1);
  store<f64>(slot(WEIGHTS, 3), -wSpot * pow1);
  store<f64>(slot(POWERS, 3), -1 - kappa0);
  store<f64>(slot(WEIGHTS, 4), -wSpot);
  store<f64>(slot(POWERS, 4), 1);
  store<f64>(slot(WEIGHTS, 5), wSpot * pow1);
  store<f64>(slot(POWERS, 5), -1 - kappa0);
  store<f64>(slot(WEIGHTS, 6), -wStrike);
  store<f64>(slot(POWERS, 6), 0);
  store<f64>(slot(WEIGHTS, 7), wStrike * pow0);
  store<f64>(slot(POWERS, 7), -kappa0);
  store<f64>(slot(WEIGHTS, 8), wStrike);
  store<f64>(slot(POWERS, 8), 0);
  store<f64>(slot(WEIGHTS, 9), -wStrike * pow0);
  store<f64>(slot(POWERS, 9), -kappa0);
  let first = beta * reach;
  let second = beta * beta * reach;
  for (let k = 0; k < TERMS; k++) {
    const slope = (k & 1) == 0 ? -sdInv : sdInv;
    const a = load<f64>(slot(POWERS, k));
    const w = load<f64>(slot(WEIGHTS, k));
    const density = w * load<f64>(slot(PDFS, k)) * slope;
    const term = a * w * load<f64>(slot(CDFS, k)) + density;
    first += term;
    second += a * term + density * (a - slope * load<f64>(slot(ARGS, k)));
  }
  dLnS = first;
  d2LnS = second;
  sigmaDerivative(S, K, T, r, b, v, sqrtT, dfR, dfQ, beta, I, eh, lnIS, kappa0, xBeta, eLambda, pow0);
}

/** `sigmaDerivative`, on the terms `flatBoundaryCall` left in the scratch columns. */
function sigmaDerivative(
  S: f64,
  K: f64,
  T: f64,
  r: f64,
  b: f64,
  v: f64,
  sqrtT: f64,
  dfR: f64,
  dfQ: f64,
  beta: f64,
  I: f64,
  eh: f64,
  lnIS: f64,
  kappa0: f64,
  xBeta: f64,
  eLambda: f64,
  pow0: f64,
): void {
  const v2 = v * v;
  const v3 = v2 * v;
  const sd = v * sqrtT;
  const sdInv = 1 / sd;
  const bv = b / v2 - 0.5;
  const b0 = Math.max(K, (r / (r - b)) * K);
  const bInf = (beta / (beta - 1)) * K;
  const den = bInf - b0;
  const dBv = (-2 * b) / v3;
  const dBeta = -dBv + (bv * dBv - (2 * r) / v3) / (beta + bv);
  const dBInf = (-K / ((beta - 1) * (beta - 1))) * dBeta;
  const dh = (-2 * sqrtT * b0) / den + ((b * T + 2 * sd) * b0 * dBInf) / (den * den);
  const dI = dBInf * (1 - eh) - den * eh * dh;
  const dLnIS = dI / I;
  const shift = (2 * lnIS) / sd;
  const dShift = (2 * dLnIS - shift * sqrtT) * sdInv;
  const dLnPow0 = ((-4 * b) / v3) * lnIS + kappa0 * dLnIS;
  const dLnXBeta = dBeta * lnIS + beta * dLnIS;
  const dLnPow1 = dLnPow0 + 2 * dLnIS;
  const dLambda = (dBeta * b + 0.5 * (2 * beta - 1) * dBeta * v2 + beta * (beta - 1) * v) * T;
  const vT = v * T;
  const u0 = load<f64>(slot(ARGS, 0));
  const u2 = load<f64>(slot(ARGS, 2));
  const u4 = load<f64>(slot(ARGS, 4));
  const u6 = load<f64>(slot(ARGS, 6));
  const u8 = load<f64>(slot(ARGS, 8));
  store<f64>(slot(DU, 0), (dLnIS - (dBeta * v2 + (beta - 0.5) * 2 * v) * T - u0 * sqrtT) * sdInv);
  store<f64>(slot(DU, 2), (dLnIS - vT - u2 * sqrtT) * sdInv);
  store<f64>(slot(DU, 4), (-vT - u4 * sqrtT) * sdInv);
  store<f64>(slot(DU, 6), (dLnIS + vT - u6 * sqrtT) * sdInv);
  store<f64>(slot(DU, 8), (vT - u8 * sqrtT) * sdInv);
  for (let k = 0; k < TERMS; k += 2) store<f64>(slot(DU, k + 1), load<f64>(slot(DU, k)) - dShift);
  // dn[k] = φ(u[k])·u′[k], in place of the argument derivatives.
  for (let k = 0; k < TERMS; k++) store<f64>(slot(DU, k), load<f64>(slot(PDFS, k)) * load<f64>(slot(DU, k)));
  const n0 = load<f64>(slot(CDFS, 0));
  const n1 = load<f64>(slot(CDFS, 1));
  const n3 = load<f64>(slot(CDFS, 3));
  const n5 = load<f64>(slot(CDFS, 5));
  const n7 = load<f64>(slot(CDFS, 7));
  const n9 = load<f64>(slot(CDFS, 9));
  const dn0 = load<f64>(slot(DU, 0));
  const dn1 = load<f64>(slot(DU, 1));
  const dn2 = load<f64>(slot(DU, 2));
  const dn3 = load<f64>(slot(DU, 3));
  const dn4 = load<f64>(slot(DU, 4));
  const dn5 = load<f64>(slot(DU, 5));
  const dn6 = load<f64>(slot(DU, 6));
  const dn7 = load<f64>(slot(DU, 7));
  const dn8 = load<f64>(slot(DU, 8));
  const dn9 = load<f64>(slot(DU, 9));
  const pow1 = pow0 * (I / S) * (I / S);
  const power = pow0 * xBeta * xBeta;
  const inner = n0 - power * n1;
  const dInner = dn0 - power * ((dLnPow0 + 2 * dLnXBeta) * n1 + dn1);
  const reach = (I - K) / xBeta;
  const dReach = dI / xBeta - reach * dLnXBeta;
  const dEarly = dReach * (1 - eLambda * inner) - reach * eLambda * (dLambda * inner + dInner);
  const dSpot = S * dfQ * (dn2 - pow1 * (dLnPow1 * n3 + dn3) - dn4 + pow1 * (dLnPow1 * n5 + dn5));
  const dStrike = K * dfR * (dn6 - pow0 * (dLnPow0 * n7 + dn7) - dn8 + pow0 * (dLnPow0 * n9 + dn9));
  dVol = dEarly + dSpot - dStrike;
}

/**
 * Rewrites rows [0, n) of the block (European values on entry, as `priceRows` left them) to
 * American values where early exercise can pay: `americanRows` with greeks. Rows with T ≤ 0 or
 * σ√T ≤ 1e-12, which `priceRows` left to the caller, are skipped (the caller floors their limit at
 * the exercise value). Returns how many rows it rewrote.
 */
export function americanRows(n: i32): i32 {
  // The block's columns, in the order of bs-fast-rows.as.ts.
  const column = (<usize>blockRows()) << 3;
  const S_COL = columns();
  const K_COL = S_COL + column;
  const T_COL = S_COL + 2 * column;
  const R_COL = S_COL + 3 * column;
  const Q_COL = S_COL + 4 * column;
  const SIGMA_COL = S_COL + 5 * column;
  const PRICE = S_COL + 7 * column;
  const DELTA = S_COL + 8 * column;
  const GAMMA = S_COL + 9 * column;
  const THETA = S_COL + 10 * column;
  const VEGA = S_COL + 11 * column;
  const IS_CALL = isCallColumn();
  let rewritten = 0;
  let lastT: f64 = NaN;
  let lastR: f64 = NaN;
  let lastQ: f64 = NaN;
  let sqrtT: f64 = 0;
  let dfR: f64 = 0;
  let dfQ: f64 = 0;
  for (let i = 0; i < n; i++) {
    const at = <usize>i << 3;
    const call = load<u8>(IS_CALL + <usize>i) != 0;
    const r = load<f64>(R_COL + at);
    const q = load<f64>(Q_COL + at);
    if (!(call ? q > 0 : r > 0)) continue;
    const T = load<f64>(T_COL + at);
    if (T != lastT || r != lastR || q != lastQ) {
      lastT = T;
      lastR = r;
      lastQ = q;
      sqrtT = Math.sqrt(T);
      dfR = Math.exp(-r * T);
      dfQ = Math.exp(-q * T);
    }
    const v = load<f64>(SIGMA_COL + at);
    if (!(T > 0 && v * sqrtT > MIN_STD_DEV)) continue;
    rewritten++;
    const S = load<f64>(S_COL + at);
    const K = load<f64>(K_COL + at);
    const e = load<f64>(PRICE + at);
    const exercise = call ? S - K : K - S;
    const intrinsic = Math.max(exercise, 0);
    const material = e + IMMATERIAL;
    // The put through P(S, K, r, q) = C(K, S, q, r).
    if (call) flatBoundaryCall(S, K, T, r, r - q, v, sqrtT, dfR, dfQ, material);
    else flatBoundaryCall(K, S, T, q, q - r, v, sqrtT, dfQ, dfR, material);
    const flat = value;
    const p0 = Math.max(Math.max(e, intrinsic), isNaN(flat) ? 0 : flat);
    store<f64>(PRICE + at, p0);
    if (p0 <= material) continue;
    if (p0 == intrinsic) {
      store<f64>(DELTA + at, call ? 1 : -1);
      store<f64>(GAMMA + at, 0);
      store<f64>(THETA + at, 0);
      store<f64>(VEGA + at, 0);
      continue;
    }
    // Derivatives in ln S of the option's own spot (the put's by Euler), then in S.
    const first = call ? dLnS : flat - dLnS;
    const second = call ? d2LnS : flat - 2 * dLnS + d2LnS;
    const dS = first / S;
    const dSS = (second - first) / (S * S);
    store<f64>(DELTA + at, dS);
    store<f64>(GAMMA + at, dSS);
    store<f64>(THETA + at, (r * p0 - (r - q) * S * dS - 0.5 * v * v * S * S * dSS) / 365);
    store<f64>(VEGA + at, dVol * 0.01);
  }
  return rewritten;
}
