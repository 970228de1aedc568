/**
 * The risk-neutral distribution of the underlying at one expiration, implied by that expiration's
 * own implied volatilities (Breeden–Litzenberger: the undiscounted call price is
 * c(K) = E[(S_T − K)⁺], so P(S_T ≤ K) = 1 + c′(K)).
 *
 * The fit, once per (underlying, expiration) and market instant:
 * 1. One implied volatility per strike, from the out-of-the-money option (puts below the forward
 *    F, S·e^{(r−q)T} unless the chain prices on another, e.g. VIX's; calls at or above; the other
 *    side where that one has no positive IV), as total variance w = σ²T at log-moneyness
 *    k = ln(K/F). The vols must be European-equivalent: a distribution at the expiry prices only
 *    what is paid at the expiry. An American option's quote also holds the right to exercise
 *    early, so its mid (or a Black vol implied from it) would read that premium as extra
 *    probability in the tails; the chain's `iv` column is the surface vol each option is priced
 *    at (the early-exercise premium is added on top of the European price at that vol), so the
 *    callers pass it, not a vol implied from the mid.
 * 2. w(k) is the monotone cubic (Fritsch–Carlson) through those points. Beyond the outermost
 *    strikes a wing whose variance grows outward continues as a line with the last secant's slope
 *    (capped by Lee's moment bound, slope < 2); one that falls outward goes flat. C¹ in between,
 *    no overshoot between quotes, and no bump where the quotes end.
 * 3. On a grid of `SMILE_CELLS` cells even in k over ±8 standard deviations of the widest quote,
 *    plus a node at every quoted strike (so a trade's strikes, always quoted ones, are read exactly)
 *    and the cell from price 0, each node holds the smile's undiscounted call price
 *    c(K) = F·Φ(d1) − K·Φ(d2) (Black at w(k)) and its CDF in closed form: with d2 = −k/√w − √w/2,
 *    P(S_T ≤ K) = 1 + c′(K) = Φ(−d2) + φ(d2)·w′(k)/(2√w).
 * 4. No butterfly arbitrage means a non-negative density, i.e. a non-decreasing CDF in [0, 1]: the
 *    nodes are checked, and an arbitrageable smile is repaired (clamped to [0, 1], then a running
 *    maximum; its call prices re-integrated from the repaired CDF, c(K) = ∫_K^∞ (1 − F)); how many
 *    nodes needed it is kept as `repairs`.
 * 5. Between nodes c is the cubic Hermite of the two ends' prices and slopes (c′ = F − 1), and the
 *    CDF is its derivative, so prices and probabilities always agree; the mean c(0) is the forward.
 * Looking up P(S_T ≤ x) or E[(S_T − K)⁺] then costs a binary search over the nodes and a few
 * multiplications.
 */
import { normCdf, normPdf } from './normal.ts';

/** One quoted option of the expiration. */
export interface SmileQuote {
  readonly strike: number;
  readonly isCall: boolean;
  /** Annualised implied volatility; quotes without a positive, finite one are ignored. */
  readonly iv: number;
}

export interface SmileFitInput {
  /** `YYYY-MM-DD` of the expiration the quotes belong to. */
  readonly expiration: string;
  readonly spot: number;
  /** Years from the valuation instant to the expiry. */
  readonly years: number;
  readonly rate: number;
  readonly dividendYield: number;
  /** The forward the chain's IVs are quoted on; default S·e^{(r−q)T}. */
  readonly forward?: number;
  readonly quotes: readonly SmileQuote[];
}

/** Cells of the grid: the table's resolution (see the module comment). */
export const SMILE_CELLS = 100;
/** Half-width of the grid in standard deviations of the widest quote. */
const SMILE_RANGE_SD = 8;

/** A fitted smile and its distribution table: plain data, shared by every trade of the expiration. */
export interface SmileTable {
  readonly expiration: string;
  readonly spot: number;
  readonly years: number;
  /** The chain's forward: the mean of the table. */
  readonly forward: number;
  /** r − q of the fit: a trade's drift μ moves the mean to forward·e^{(μ − (r − q))T}. */
  readonly riskNeutralDrift: number;
  /** The smile's nodes: strikes ascending and their implied volatilities (the fitted points). */
  readonly strikes: Float64Array;
  readonly ivs: Float64Array;
  /** Grid nodes that needed the no-arbitrage repair (0 for an arbitrage-free smile). */
  readonly repairs: number;
  /** Prices of the grid nodes (x[0] = 0), ascending, and P(S_T ≤ x) and E[(S_T − x)⁺] there. */
  readonly x: Float64Array;
  readonly cdf: Float64Array;
  readonly call: Float64Array;
}

/** One positive IV per strike (the out-of-the-money side first), ascending by strike. */
function smilePoints(quotes: readonly SmileQuote[], forward: number): { k: number[]; iv: number[] } {
  const byStrike = new Map<number, { otm: number; itm: number }>();
  for (const q of quotes) {
    if (!(q.strike > 0) || !(q.iv > 0) || !Number.isFinite(q.iv)) continue;
    const otm = q.isCall ? q.strike >= forward : q.strike < forward;
    const slot = byStrike.get(q.strike) ?? { otm: Number.NaN, itm: Number.NaN };
    if (otm) slot.otm = q.iv;
    else slot.itm = q.iv;
    byStrike.set(q.strike, slot);
  }
  const strikes = [...byStrike.keys()].sort((a, b) => a - b);
  return {
    k: strikes.map((s) => Math.log(s / forward)),
    iv: strikes.map((s) => {
      const slot = byStrike.get(s)!;
      return Number.isNaN(slot.otm) ? slot.itm : slot.otm;
    }),
  };
}

/** Lee's moment bound: total variance grows at most like 2|k| in the wings. */
const MAX_WING_SLOPE = 1.9;

/**
 * Fritsch–Carlson slopes of a monotone cubic through (k, w). At each end: the last secant when
 * the variance grows outward (the wing continues as a line with that slope, capped by Lee's
 * bound), else 0 (flat beyond). A wing that rose towards the end and then went flat would take
 * back probability it had put there: a negative density, i.e. butterfly arbitrage.
 */
function monotoneSlopes(k: readonly number[], w: readonly number[]): number[] {
  const n = k.length;
  const d = new Array<number>(n).fill(0);
  if (n < 2) return d;
  for (let i = 1; i < n - 1; i++) {
    const h0 = k[i]! - k[i - 1]!;
    const h1 = k[i + 1]! - k[i]!;
    const s0 = (w[i]! - w[i - 1]!) / h0;
    const s1 = (w[i + 1]! - w[i]!) / h1;
    if (s0 * s1 <= 0) continue;
    // Weighted harmonic mean (Fritsch–Butland): keeps the cubic monotone on both sides.
    d[i] = (3 * (h0 + h1)) / ((2 * h1 + h0) / s0 + (h1 + 2 * h0) / s1);
  }
  const first = (w[1]! - w[0]!) / (k[1]! - k[0]!);
  const last = (w[n - 1]! - w[n - 2]!) / (k[n - 1]! - k[n - 2]!);
  d[0] = first < 0 ? Math.max(first, -MAX_WING_SLOPE) : 0;
  d[n - 1] = last > 0 ? Math.min(last, MAX_WING_SLOPE) : 0;
  return d;
}

/** w(k) and w′(k) of the monotone cubic, continued by its end slopes outside the nodes. */
function totalVariance(
  k: readonly number[],
  w: readonly number[],
  d: readonly number[],
  at: number,
): [number, number] {
  const n = k.length;
  if (at <= k[0]!) return [w[0]! + d[0]! * (at - k[0]!), d[0]!];
  if (at >= k[n - 1]!) return [w[n - 1]! + d[n - 1]! * (at - k[n - 1]!), d[n - 1]!];
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (k[mid]! <= at) lo = mid;
    else hi = mid;
  }
  const h = k[hi]! - k[lo]!;
  const t = (at - k[lo]!) / h;
  const t2 = t * t;
  const t3 = t2 * t;
  const value =
    (2 * t3 - 3 * t2 + 1) * w[lo]! +
    (t3 - 2 * t2 + t) * h * d[lo]! +
    (-2 * t3 + 3 * t2) * w[hi]! +
    (t3 - t2) * h * d[hi]!;
  const slope =
    ((6 * t2 - 6 * t) * w[lo]! + (-6 * t2 + 6 * t) * w[hi]!) / h +
    (3 * t2 - 4 * t + 1) * d[lo]! +
    (3 * t2 - 2 * t) * d[hi]!;
  return [value, slope];
}

/** The expiration's smile and distribution table; null without a usable quote or time left. */
export function fitSmile(input: SmileFitInput): SmileTable | null {
  const { spot, years } = input;
  if (!(spot > 0) || !(years > 0)) return null;
  const riskNeutralDrift = input.rate - input.dividendYield;
  const forward = input.forward ?? spot * Math.exp(riskNeutralDrift * years);
  const points = smilePoints(input.quotes, forward);
  if (points.k.length === 0) return null;
  const w = points.iv.map((v) => v * v * years);
  const slopes = monotoneSlopes(points.k, w);
  const sdMax = Math.sqrt(Math.max(...w));
  const kLo = -SMILE_RANGE_SD * sdMax;
  const step = (2 * SMILE_RANGE_SD * sdMax) / SMILE_CELLS;
  const ks: number[] = [];
  for (let i = 0; i <= SMILE_CELLS; i++) ks.push(kLo + i * step);
  for (const k of points.k) if (k > kLo && k < -kLo) ks.push(k);
  ks.sort((a, b) => a - b);
  // A strike on a grid node (at the money, often) is that node: cells never have zero width.
  const distinct = ks.filter((k, i) => i === 0 || k - ks[i - 1]! > 1e-9 * step);
  ks.length = 0;
  ks.push(...distinct);
  const size = ks.length + 1; // x[0] = 0, then the nodes
  const x = new Float64Array(size);
  const cdf = new Float64Array(size);
  const call = new Float64Array(size);
  call[0] = forward;
  let repairs = 0;
  for (let i = 1; i < size; i++) {
    const k = ks[i - 1]!;
    const moneyness = Math.exp(k);
    x[i] = forward * moneyness;
    const [wk, slope] = totalVariance(points.k, w, slopes, k);
    const sd = Math.sqrt(wk);
    const d2 = -k / sd - 0.5 * sd;
    const below = normCdf(d2);
    const raw = 1 - below + (normPdf(d2) * slope) / (2 * sd);
    const repaired = Math.max(cdf[i - 1]!, Math.min(1, raw));
    // Rounding at the far tails (raw ≈ 1 + 1e-16) is no arbitrage.
    if (Math.abs(repaired - raw) > 1e-12) repairs++;
    cdf[i] = repaired;
    call[i] = forward * (normCdf(d2 + sd) - moneyness * below);
  }
  // The mass beyond the grid (< 1e-15 of a lognormal) is left out: the table is a distribution.
  cdf[size - 1] = 1;
  call[size - 1] = 0;
  if (repairs > 0) {
    // The repaired CDF no longer matches the smile's prices: integrate its survival instead.
    for (let i = size - 2; i >= 1; i--)
      call[i] = call[i + 1]! + (x[i + 1]! - x[i]!) * (1 - 0.5 * (cdf[i]! + cdf[i + 1]!));
  }
  return {
    expiration: input.expiration,
    spot,
    years,
    forward,
    riskNeutralDrift,
    strikes: Float64Array.from(points.k, (k) => forward * Math.exp(k)),
    ivs: Float64Array.from(points.iv),
    repairs,
    x,
    cdf,
    call,
  };
}

/** The cell [x[j], x[j+1]) holding price `s` > 0, or the last node's index past the grid. */
function cellOf(t: SmileTable, s: number): number {
  const last = t.x.length - 1;
  if (s >= t.x[last]!) return last;
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (t.x[mid]! <= s) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * Inside cell j the call price is the cubic Hermite of its ends' prices and slopes (c′ = F − 1):
 * fourth-order accurate, and the CDF is its derivative, so the two always agree.
 * `order` 0 gives c(s), 1 gives c′(s), 2 gives c″(s) (the density).
 */
function hermite(t: SmileTable, j: number, s: number, order: 0 | 1 | 2): number {
  const a = t.x[j]!;
  const h = t.x[j + 1]! - a;
  const u = (s - a) / h;
  const c0 = t.call[j]!;
  const c1 = t.call[j + 1]!;
  const m0 = (t.cdf[j]! - 1) * h;
  const m1 = (t.cdf[j + 1]! - 1) * h;
  if (order === 0) {
    const u2 = u * u;
    const u3 = u2 * u;
    return (2 * u3 - 3 * u2 + 1) * c0 + (u3 - 2 * u2 + u) * m0 + (-2 * u3 + 3 * u2) * c1 + (u3 - u2) * m1;
  }
  if (order === 1)
    return ((6 * u * u - 6 * u) * (c0 - c1) + (3 * u * u - 4 * u + 1) * m0 + (3 * u * u - 2 * u) * m1) / h;
  return ((12 * u - 6) * (c0 - c1) + (6 * u - 4) * m0 + (6 * u - 2) * m1) / (h * h);
}

/** P(S_T ≤ s) under the table. */
export function smileCdf(t: SmileTable, s: number): number {
  if (!(s > 0)) return 0;
  const j = cellOf(t, s);
  if (j === t.x.length - 1) return 1;
  return Math.min(Math.max(1 + hermite(t, j, s, 1), 0), 1);
}

/** E[(S_T − k)⁺] under the table, undiscounted; the mean less k at k ≤ 0. */
export function smileCallExpectation(t: SmileTable, k: number): number {
  if (!(k > 0)) return t.call[0]! - k;
  const j = cellOf(t, k);
  if (j === t.x.length - 1) return 0;
  return Math.max(hermite(t, j, k, 0), 0);
}

/** The price x with P(S_T ≤ x) = p (0 < p < 1), by bisection inside the cell that holds it. */
export function smileQuantile(t: SmileTable, p: number): number {
  let lo = 0;
  let hi = t.cdf.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (t.cdf[mid]! < p) lo = mid;
    else hi = mid;
  }
  let a = t.x[lo]!;
  let b = t.x[hi]!;
  for (let i = 0; i < 60 && b - a > 1e-12 * b; i++) {
    const mid = 0.5 * (a + b);
    if (smileCdf(t, mid) < p) a = mid;
    else b = mid;
  }
  return 0.5 * (a + b);
}

/** The density at `s` inside cell j (≥ 0). */
export function smileDensity(t: SmileTable, j: number, s: number): number {
  return Math.max(hermite(t, j, s, 2), 0);
}
