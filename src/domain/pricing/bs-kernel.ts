/**
 * The one Black-Scholes-Merton kernel. The scalar functions (`black-scholes.ts`, on a one-row
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
 * The two paths are two loops, not one loop with a flag: each stays small enough for V8 to inline
 * its normal-distribution calls, and the fast loop has no branch on the path per row.
 * - exact: Cody's Φ, ln(S/K) by Math.log.
 * - fast: table-driven Φ, φ (`normal-table.ts`) and ln (`log-table.ts`); ln(S/K) = ln S − ln K with
 *   ln S cached and ln K read from the optional `lnK` column or from a cache by strike, so a row in a
 *   run of equal S, T, r, q calls no exponential, logarithm or square root and takes one division.
 *   Rows that follow with the same S, K, T, r, q and σ (the put after its call, as a chain is laid
 *   out) are written from the first one's table lookups, Φ(−d) from the mirrored node. Differs from
 *   the exact path by less than 1e-7 in every output (see docs/PRICING.md for the measured bound).
 */
import type { BsBatchInput, BsBatchOutput } from './batch.ts';
import { lnFast } from './log-table.ts';
import { normCdf, normPdf } from './normal.ts';
import { cdfIncrement, cdfNode, clampToGrid, MIRROR, nodeOf, offsetFrom, pdfAt } from './normal-table.ts';

const PER_DAY = 1 / 365;
/**
 * Below this σ√T the option is priced as if σ = 0: the time value left is < 1e-12 of the price
 * scale, and the closed forms would divide underflowed numbers (0/0) for subnormal σ or T.
 */
const MIN_STD_DEV = 1e-12;
/**
 * Rows per call of the loop functions. A loop that runs long on its first call is compiled by
 * on-stack replacement, and V8 then keeps the doubles carried from row to row (cached terms) boxed:
 * one heap allocation per assignment, which made the loop 1.5× slower. Calls of 4,096 rows get the
 * loop compiled as a function, with unboxed doubles; the cached terms are recomputed once per block.
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
export function bsKernel(
  input: BsBatchInput,
  out: BsBatchOutput,
  from: number,
  to: number,
  fast: boolean,
): void {
  for (let start = from; start < to; start += BLOCK) {
    const end = Math.min(start + BLOCK, to);
    if (fast) fastRows(input, input.lnK ?? NO_COLUMN, out, start, end);
    else exactRows(input, out, start, end);
  }
}

/**
 * Stands for a missing ln K column: the fast loop always receives a Float64Array. With the optional
 * column itself, its type feedback was sometimes a Float64Array and sometimes undefined, and V8
 * deoptimised the loop.
 */
const NO_COLUMN = new Float64Array(0);
/**
 * ln K by strike, for a caller without the column (a logarithm costs about 15 ns, a row about 40).
 * Direct-mapped on the strike's value: an underlying has a few dozen strikes, each repeated over its
 * expirations, so most rows find theirs. A strike is only ever found under its own exact value, so a
 * collision costs a logarithm, never a wrong one.
 */
const LN_K_SLOTS = 1024;
const LN_K_KEYS = new Float64Array(LN_K_SLOTS).fill(Number.NaN);
const LN_K_VALUES = new Float64Array(LN_K_SLOTS);

function lnStrike(K: number): number {
  // Strikes on cent grids spread over the slots; NaN and out-of-range values land on some slot.
  const slot = ((K * 100) | 0) & (LN_K_SLOTS - 1);
  if (LN_K_KEYS[slot] === K) return LN_K_VALUES[slot]!;
  const lnK = lnFast(K);
  LN_K_KEYS[slot] = K;
  LN_K_VALUES[slot] = lnK;
  return lnK;
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

/** Rows [from, to); ln K from `logStrikes` unless it is empty. */
function fastRows(
  input: BsBatchInput,
  logStrikes: Float64Array,
  out: BsBatchOutput,
  from: number,
  to: number,
): void {
  const { isCall, S: spots, K: strikes, T: times, r: rates, q: yields, sigma: vols } = input;
  const { price, delta, gamma, theta, vega } = out;
  // Terms shared by consecutive rows: per (T, r, q) and per spot.
  let lastT = Number.NaN;
  let lastR = Number.NaN;
  let lastQ = Number.NaN;
  let dfR = 0;
  let dfQ = 0;
  let sqrtT = 0;
  let carry = 0;
  let thetaScale = 0;
  let vegaScale = 0;
  let rPerDay = 0;
  let qPerDay = 0;
  let lastS = Number.NaN;
  let invS2 = 0;
  let lnS = 0;
  let spot = 0;
  let i = from;
  while (i < to) {
    const S = spots[i]!;
    const K = strikes[i]!;
    const T = times[i]!;
    const r = rates[i]!;
    const q = yields[i]!;
    const sigma = vols[i]!;
    if (T !== lastT || r !== lastR || q !== lastQ) {
      lastT = T;
      lastR = r;
      lastQ = q;
      dfR = Math.exp(-r * T);
      dfQ = Math.exp(-q * T);
      sqrtT = Math.sqrt(T);
      carry = (r - q) * T;
      thetaScale = (-0.5 * PER_DAY) / sqrtT;
      vegaScale = 0.01 * sqrtT;
      rPerDay = r * PER_DAY;
      qPerDay = q * PER_DAY;
      // The spot value carries e^{−qT}.
      lastS = Number.NaN;
    }
    const sd = sigma * sqrtT;
    if (!(sd > MIN_STD_DEV && T > 0)) {
      limitRow(out, i, isCall[i] !== 0 ? 1 : -1, S, K, T, r, q, dfR, dfQ);
      i++;
      continue;
    }
    if (S !== lastS) {
      lastS = S;
      invS2 = 1 / (S * S);
      lnS = lnFast(S);
      spot = S * dfQ;
    }
    const lnK = logStrikes.length !== 0 ? logStrikes[i]! : lnStrike(K);
    const strike = K * dfR;
    const invSd = 1 / sd;
    // d1 = (ln(S/K) + (r − q)T)/(σ√T) + σ√T/2, d2 = d1 − σ√T.
    const d1 = clampToGrid((lnS - lnK + carry) * invSd + 0.5 * sd);
    const d2 = clampToGrid(d1 - sd);
    const i1 = nodeOf(d1);
    const i2 = nodeOf(d2);
    const h1 = offsetFrom(d1, i1);
    const w1 = cdfIncrement(i1, h1);
    const w2 = cdfIncrement(i2, offsetFrom(d2, i2));
    const spotPdf = spot * pdfAt(i1, h1, d1);
    const gammaRow = spotPdf * invSd * invS2;
    const vegaRow = spotPdf * vegaScale;
    const decayRow = spotPdf * sigma * thetaScale;
    // The rows that follow with the same inputs but perhaps the other right (a chain lists the put
    // after its call) reuse all of the above.
    let end = i + 1;
    while (
      end < to &&
      spots[end] === S &&
      strikes[end] === K &&
      vols[end] === sigma &&
      times[end] === T &&
      rates[end] === r &&
      yields[end] === q
    ) {
      end++;
    }
    for (; i < end; i++) {
      const call = isCall[i] !== 0;
      const sign = call ? 1 : -1;
      // Φ(±d) on the side of the option, from the node at ±x0: an out-of-the-money put keeps its digits.
      const n1 = cdfNode(call ? i1 : MIRROR - i1) + sign * w1;
      const n2 = cdfNode(call ? i2 : MIRROR - i2) + sign * w2;
      const spotN1 = sign * spot * n1;
      const strikeN2 = sign * strike * n2;
      price[i] = spotN1 - strikeN2;
      delta[i] = sign * dfQ * n1;
      gamma[i] = gammaRow;
      theta[i] = decayRow + qPerDay * spotN1 - rPerDay * strikeN2;
      vega[i] = vegaRow;
    }
  }
}

/** Row i at σ√T ≈ 0 or T ≤ 0: the limits described at `bsKernel`. Rare, so a call is fine here. */
function limitRow(
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
