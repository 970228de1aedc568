/**
 * The shape of a position's P/L at the horizon: extremes, breakevens, and the price intervals of
 * profit, loss and the extremes.
 *
 * When every option expires by the horizon the P/L is piecewise linear and everything is exact
 * (piecewise.ts). Otherwise (calendars, diagonals, an earlier horizon) the P/L is evaluated on a
 * grid of knots — 0, every strike, the spot, 400 even steps up to twice the larger of the top
 * strike and the spot, and a few far points — and refined: extremes by golden-section search
 * around the best knot, breakevens by bisection on the exact P/L. The limits at 0 and ∞ are exact
 * in both cases (intrinsic values; see position.ts).
 *
 * |P/L| ≤ tolerance (1e-9 × the price scale, far below a cent) counts as zero.
 */
import {
  piecewiseExpirationPL,
  piecewiseFromPosition,
  piecewiseMaxPL,
  piecewiseMinPL,
  piecewiseRoots,
  piecewiseTailSlope,
} from './piecewise.ts';
import { horizonPL, horizonPLs, MS_PER_YEAR, type Position, tailSlope } from './position.ts';
import { plTolerance } from './takeable.ts';

/** An open price interval (lo, hi]; hi may be Infinity. */
export interface PriceInterval {
  readonly lo: number;
  readonly hi: number;
}

export interface SignedInterval extends PriceInterval {
  /** +1 profit, −1 loss, 0 flat at zero. */
  readonly sign: -1 | 0 | 1;
}

export interface PLAnalysis {
  /** P/L per share at the horizon for an underlying price s. */
  readonly pl: (s: number) => number;
  readonly exact: boolean;
  readonly tolerance: number;
  /** Largest and smallest P/L over s ≥ 0; ±Infinity when unbounded. */
  readonly maxPL: number;
  readonly minPL: number;
  /** P/L at s = 0 and its limit as s → ∞ (±Infinity when the tail slope is not 0). */
  readonly plAtZero: number;
  readonly plAtInfinity: number;
  readonly breakevens: readonly number[];
  /** (0, ∞) cut at the breakevens, each piece with the sign of its P/L. */
  readonly regions: readonly SignedInterval[];
  /** Where the P/L equals its maximum (minimum) on an interval; empty when only at points or unbounded. */
  readonly maxRegions: readonly PriceInterval[];
  readonly minRegions: readonly PriceInterval[];
}

const GRID_STEPS = 400;
const FAR_FACTORS = [3, 5, 10, 20] as const;
const SEARCH_ITERATIONS = 100;

export function analyzePL(pos: Position, opts: { numeric?: boolean } = {}): PLAnalysis {
  const maxStrike = pos.strikes.at(-1) ?? 0;
  const tolerance = plTolerance(pos.spot, maxStrike);
  return pos.linear && !opts.numeric ? exactAnalysis(pos, tolerance) : numericAnalysis(pos, tolerance);
}

function exactAnalysis(pos: Position, tolerance: number): PLAnalysis {
  const { strikes, callUnits, count, stockUnits, constant } = piecewiseFromPosition(pos);
  const pl = (s: number) => piecewiseExpirationPL(s, strikes, callUnits, count, stockUnits, constant);
  const roots = new Float64Array(count + 1);
  const n = piecewiseRoots(strikes, callUnits, count, stockUnits, constant, tolerance, roots);
  const knots = [0, ...strikes];
  const values = knots.map(pl);
  const slope = piecewiseTailSlope(callUnits, count, stockUnits);
  const plAtInfinity = slope === 0 ? values.at(-1)! : slope * Infinity;
  const maxPL = piecewiseMaxPL(strikes, callUnits, count, stockUnits, constant);
  const minPL = piecewiseMinPL(strikes, callUnits, count, stockUnits, constant);
  return finish(
    pl,
    true,
    tolerance,
    knots,
    values,
    plAtInfinity,
    maxPL,
    minPL,
    Array.from(roots.subarray(0, n)),
  );
}

function numericAnalysis(pos: Position, tolerance: number): PLAnalysis {
  const pl = (s: number) => horizonPL(pos, s);
  const top = Math.max(pos.strikes.at(-1) ?? 0, pos.spot);
  const grid = [0, pos.spot, ...pos.strikes, ...FAR_FACTORS.map((f) => f * top)];
  for (let i = 1; i <= GRID_STEPS; i++) grid.push((2 * top * i) / GRID_STEPS);
  const knots = [...new Set(grid)].sort((a, b) => a - b);
  const sampled = new Float64Array(knots.length);
  horizonPLs(pos, Float64Array.from(knots), sampled);
  const values = Array.from(sampled);
  const slope = tailSlope(pos);
  const plAtInfinity = slope === 0 ? tailLimit(pos) : slope * Infinity;

  const best = (sign: 1 | -1): number => {
    if (sign * plAtInfinity === Infinity) return plAtInfinity;
    let i = 0;
    for (let j = 1; j < knots.length; j++) if (sign * values[j]! > sign * values[i]!) i = j;
    let extreme = values[i]!;
    if (i > 0 && i < knots.length - 1) {
      const found = goldenSection((s) => sign * pl(s), knots[i - 1]!, knots[i + 1]!);
      extreme = sign * Math.max(sign * extreme, found);
    }
    return sign * Math.max(sign * extreme, sign * plAtInfinity);
  };

  const roots = numericRoots(pl, knots, values, plAtInfinity, tolerance);
  return finish(pl, false, tolerance, knots, values, plAtInfinity, best(1), best(-1), roots);
}

/**
 * The limit of the horizon P/L as s → ∞ when the tail slope is 0: calls and shares lose their s
 * terms, puts are worth 0. A call still alive at the horizon tends to s − K (with q > 0 the
 * intrinsic floor binds) or to s − K·e^{−rτ} (q = 0, r > 0).
 */
function tailLimit(pos: Position): number {
  let limit = -pos.cost;
  for (const leg of pos.legs) {
    if (leg.kind !== 'option' || !leg.isCall) continue;
    const tau = Math.max(leg.expiryMs - pos.horizonMs, 0) / MS_PER_YEAR;
    const carried =
      pos.dividendYield > 0 ? leg.strike : Math.min(leg.strike, leg.strike * Math.exp(-pos.rate * tau));
    limit -= leg.weight * carried;
  }
  return limit;
}

const signOf = (v: number, tolerance: number): -1 | 0 | 1 => (v > tolerance ? 1 : v < -tolerance ? -1 : 0);

/** Breakevens of a sampled P/L: zero knots (not inside a flat-zero run) and bisected sign changes. */
function numericRoots(
  pl: (s: number) => number,
  knots: readonly number[],
  values: readonly number[],
  plAtInfinity: number,
  tolerance: number,
): number[] {
  const roots: number[] = [];
  const signs = values.map((v) => signOf(v, tolerance));
  const tailSign = signOf(plAtInfinity, tolerance);
  for (let j = 0; j < knots.length; j++) {
    const here = signs[j]!;
    const last = j === knots.length - 1;
    const far = last ? tailSign : signs[j + 1]!;
    if (j > 0 && here === 0 && !(signs[j - 1] === 0 && far === 0)) roots.push(knots[j]!);
    if (here !== 0 && far === -here) {
      roots.push(
        last
          ? bisect(pl, knots[j]!, expandBracket(pl, knots[j]!, here))
          : bisect(pl, knots[j]!, knots[j + 1]!),
      );
    }
  }
  return roots;
}

/** A point beyond `from` where the sign of pl is no longer `sign` (the tail changes sign far out). */
function expandBracket(pl: (s: number) => number, from: number, sign: number): number {
  let x = 2 * from;
  for (let i = 0; i < 60 && Math.sign(pl(x)) === sign; i++) x *= 2;
  return x;
}

/** The root of pl between a and b, where the signs differ. */
function bisect(pl: (s: number) => number, a: number, b: number): number {
  let lo = a;
  let hi = b;
  const loSign = Math.sign(pl(lo));
  for (let i = 0; i < SEARCH_ITERATIONS && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (Math.sign(pl(mid)) === loSign) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** max of f on [a, b] for a unimodal f (golden-section search); the ends are candidates too. */
function goldenSection(f: (s: number) => number, a: number, b: number): number {
  const ratio = (Math.sqrt(5) - 1) / 2;
  let lo = a;
  let hi = b;
  let x1 = hi - ratio * (hi - lo);
  let x2 = lo + ratio * (hi - lo);
  let f1 = f(x1);
  let f2 = f(x2);
  for (let i = 0; i < SEARCH_ITERATIONS && hi - lo > 1e-12 * hi; i++) {
    if (f1 < f2) {
      lo = x1;
      x1 = x2;
      f1 = f2;
      x2 = lo + ratio * (hi - lo);
      f2 = f(x2);
    } else {
      hi = x2;
      x2 = x1;
      f2 = f1;
      x1 = hi - ratio * (hi - lo);
      f1 = f(x1);
    }
  }
  return Math.max(f1, f2, f(a), f(b));
}

function finish(
  pl: (s: number) => number,
  exact: boolean,
  tolerance: number,
  knots: readonly number[],
  values: readonly number[],
  plAtInfinity: number,
  maxPL: number,
  minPL: number,
  breakevens: readonly number[],
): PLAnalysis {
  const lastKnot = knots.at(-1)!;
  const regions: SignedInterval[] = [];
  let lo = 0;
  for (let i = 0; i <= breakevens.length; i++) {
    const hi = breakevens[i] ?? Infinity;
    const probe = hi === Infinity ? 2 * Math.max(lo, lastKnot) + 1 : (lo + hi) / 2;
    regions.push({ lo, hi, sign: signOf(pl(probe), tolerance) });
    lo = hi;
  }
  return {
    pl,
    exact,
    tolerance,
    maxPL,
    minPL,
    plAtZero: values[0]!,
    plAtInfinity,
    breakevens,
    regions,
    maxRegions: flatRuns(knots, values, plAtInfinity, maxPL, tolerance),
    minRegions: flatRuns(knots, values, plAtInfinity, minPL, tolerance),
  };
}

/**
 * Intervals where the sampled P/L stays at `level`: runs of at least two consecutive knots at the
 * level, extended to ∞ when the run reaches the last knot and the tail stays there.
 */
function flatRuns(
  knots: readonly number[],
  values: readonly number[],
  plAtInfinity: number,
  level: number,
  tolerance: number,
): PriceInterval[] {
  if (!Number.isFinite(level)) return [];
  const at = (v: number) => Math.abs(v - level) <= tolerance;
  const runs: PriceInterval[] = [];
  let start = -1;
  for (let j = 0; j <= knots.length; j++) {
    const inRun = j < knots.length && at(values[j]!);
    if (inRun && start < 0) start = j;
    if (!inRun && start >= 0) {
      const end = j - 1;
      const toInfinity = end === knots.length - 1 && at(plAtInfinity);
      if (toInfinity) runs.push({ lo: knots[start]!, hi: Infinity });
      else if (end > start) runs.push({ lo: knots[start]!, hi: knots[end]! });
      start = -1;
    }
  }
  return runs;
}
