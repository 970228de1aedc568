/**
 * The P/L at expiration of any position whose options all expire together, in closed form:
 *
 *   PL(s) = c + b·s + Σ_j a_j·(s − K_j)⁺        (s ≥ 0; K_j ascending and distinct)
 *
 * Every expiring leg fits: a call of weight w adds a_K += w; a put adds a_K += w, b −= w, c += w·K
 * (parity at expiry: (K − s)⁺ = (s − K)⁺ − s + K); shares add b += w; the net debit subtracts from c.
 * PL is linear between strikes, PL(0) = c, and its slope beyond the last strike is b + Σ a_j.
 *
 * These helpers take plain numbers and array-likes (typed arrays welcome) and allocate nothing, so
 * the scan engine can call them per candidate; the trade metrics use the same functions. Units: per
 * share of the position (see position.ts).
 */
import { probBetween } from '../pricing/probability.ts';
import { LognormalDistribution, type TerminalDistribution } from '../pricing/terminal-distribution.ts';
import type { Position } from './position.ts';

type Numbers = ArrayLike<number>;

/** The coefficients of a position's expiration P/L; see the module comment. */
export interface PiecewisePL {
  readonly strikes: Float64Array;
  readonly callUnits: Float64Array;
  readonly count: number;
  readonly stockUnits: number;
  readonly constant: number;
}

/** The closed form of a position whose options all expire by the horizon (`pos.linear`). */
export function piecewiseFromPosition(pos: Position): PiecewisePL {
  const strikes = Float64Array.from(pos.strikes);
  const callUnits = new Float64Array(strikes.length);
  let stockUnits = 0;
  let constant = -pos.cost;
  for (const leg of pos.legs) {
    if (leg.kind === 'stock') {
      stockUnits += leg.weight;
      continue;
    }
    callUnits[strikes.indexOf(leg.strike)]! += leg.weight;
    if (!leg.isCall) {
      stockUnits -= leg.weight;
      constant += leg.weight * leg.strike;
    }
  }
  return { strikes, callUnits, count: strikes.length, stockUnits, constant };
}

/** PL(s). */
export function piecewiseExpirationPL(
  s: number,
  strikes: Numbers,
  callUnits: Numbers,
  count: number,
  stockUnits: number,
  constant: number,
): number {
  let v = constant + stockUnits * s;
  for (let j = 0; j < count; j++) {
    const k = strikes[j]!;
    if (s > k) v += callUnits[j]! * (s - k);
  }
  return v;
}

/** Slope of PL beyond the last strike. */
export function piecewiseTailSlope(callUnits: Numbers, count: number, stockUnits: number): number {
  let slope = stockUnits;
  for (let j = 0; j < count; j++) slope += callUnits[j]!;
  return slope;
}

/** max PL over s ≥ 0; +Infinity when the slope beyond the last strike is positive. */
export function piecewiseMaxPL(
  strikes: Numbers,
  callUnits: Numbers,
  count: number,
  stockUnits: number,
  constant: number,
): number {
  return piecewiseExtreme(strikes, callUnits, count, stockUnits, constant, 1);
}

/** min PL over s ≥ 0; −Infinity when the slope beyond the last strike is negative. */
export function piecewiseMinPL(
  strikes: Numbers,
  callUnits: Numbers,
  count: number,
  stockUnits: number,
  constant: number,
): number {
  return -piecewiseExtreme(strikes, callUnits, count, stockUnits, constant, -1);
}

/** max of sign × PL: PL is linear between knots, so the extreme is at 0, a strike or infinity. */
function piecewiseExtreme(
  strikes: Numbers,
  callUnits: Numbers,
  count: number,
  stockUnits: number,
  constant: number,
  sign: 1 | -1,
): number {
  let value = constant;
  let best = sign * value;
  let slope = stockUnits;
  let x = 0;
  for (let j = 0; j < count; j++) {
    const k = strikes[j]!;
    value += slope * (k - x);
    x = k;
    slope += callUnits[j]!;
    if (sign * value > best) best = sign * value;
  }
  return sign * slope > 0 ? Infinity : best;
}

const signOf = (v: number, tolerance: number): number => (v > tolerance ? 1 : v < -tolerance ? -1 : 0);

/**
 * Every breakeven: the prices s > 0 where PL = 0 and PL is not zero on both sides (the ends of a
 * flat-zero stretch count, its inside does not). Exact (linear interpolation on each piece).
 * |PL| ≤ `tolerance` counts as zero. Writes ascending roots to `out`, returns how many
 * (at most count + 1).
 */
export function piecewiseRoots(
  strikes: Numbers,
  callUnits: Numbers,
  count: number,
  stockUnits: number,
  constant: number,
  tolerance: number,
  out: { [i: number]: number },
): number {
  let n = 0;
  let x = 0;
  let value = constant;
  let slope = stockUnits;
  let leftSign = Number.NaN; // sign just left of x (none at 0)
  for (let j = 0; j <= count; j++) {
    // Piece from x to the next knot (or to infinity after the last strike) with this slope.
    const last = j === count;
    const nextX = last ? Infinity : strikes[j]!;
    const nextValue = last ? Number.NaN : value + slope * (nextX - x);
    const here = signOf(value, tolerance);
    // Sign at the piece's far end, or the tail's direction after the last strike.
    const far = last ? signOf(slope, 0) : signOf(nextValue, tolerance);
    // A zero knot is a breakeven unless PL is zero on both sides of it.
    if (x > 0 && here === 0 && !(leftSign === 0 && far === 0)) out[n++] = x;
    // A crossing strictly inside the piece (a zero far end is the next knot's business).
    if (here !== 0 && far === -here) out[n++] = x - value / slope;
    leftSign = far !== 0 ? far : here;
    if (last) break;
    x = nextX;
    value = nextValue;
    slope += callUnits[j]!;
  }
  return n;
}

/**
 * E[PL(S_T)] = c + b·E[S_T] + Σ a_j·E[(S_T − K_j)⁺] under a distribution of the price at the
 * horizon (the smile's table lookups, or the lognormal's closed form). Undiscounted.
 */
export function piecewiseExpectedPLIn(
  dist: TerminalDistribution,
  strikes: Numbers,
  callUnits: Numbers,
  count: number,
  stockUnits: number,
  constant: number,
): number {
  let ev = constant + stockUnits * dist.mean;
  for (let j = 0; j < count; j++) ev += callUnits[j]! * dist.callExpectation(strikes[j]!);
  return ev;
}

/**
 * E[PL(S_T)] in closed form under the lognormal (see pricing/probability.ts): E[S_T] = S·e^{μT}
 * and E[(S_T − K)⁺] = S·e^{μT}·Φ(d1) − K·Φ(d2), d1 = (ln(S/K) + (μ + σ²/2)T)/(σ√T), d2 = d1 − σ√T.
 * Undiscounted. A point mass (T ≤ 0 or σ ≤ 0) gives PL at that point.
 */
export function piecewiseExpectedPL(
  S: number,
  T: number,
  sigma: number,
  drift: number,
  strikes: Numbers,
  callUnits: Numbers,
  count: number,
  stockUnits: number,
  constant: number,
): number {
  const dist = new LognormalDistribution(S, T, sigma, drift);
  return piecewiseExpectedPLIn(dist, strikes, callUnits, count, stockUnits, constant);
}

// Scratch for the roots of one call: at most count + 1 roots.
let rootScratch = new Float64Array(16);

/**
 * P(PL(S_T) > tolerance) under the lognormal: the mass of the pieces between consecutive
 * breakevens where PL is positive. Allocation-free once the scratch has grown to the strike count.
 */
export function piecewiseProbProfit(
  S: number,
  T: number,
  sigma: number,
  drift: number,
  strikes: Numbers,
  callUnits: Numbers,
  count: number,
  stockUnits: number,
  constant: number,
  tolerance: number,
): number {
  if (rootScratch.length < count + 1) rootScratch = new Float64Array(2 * (count + 1));
  const roots = rootScratch;
  const n = piecewiseRoots(strikes, callUnits, count, stockUnits, constant, tolerance, roots);
  let p = 0;
  let lo = 0;
  for (let i = 0; i <= n; i++) {
    const hi = i < n ? roots[i]! : Infinity;
    const probe = hi === Infinity ? 2 * Math.max(lo, count > 0 ? strikes[count - 1]! : 0) + 1 : (lo + hi) / 2;
    if (piecewiseExpirationPL(probe, strikes, callUnits, count, stockUnits, constant) > tolerance) {
      p += probBetween(S, lo, hi, T, sigma, drift);
    }
    lo = hi;
  }
  return p;
}
