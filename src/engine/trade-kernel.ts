/**
 * Metrics of one candidate trade, computed lazily and without allocation on the hot path.
 *
 * Definitions are the domain's (`tradeMetrics`, docs/METRICS.md); this file repeats its arithmetic
 * in the same order on preallocated storage so the numbers are the same bits:
 * - single-expiration trades (P/L piecewise linear at the horizon): position, quote, greeks,
 *   breakevens, regions, probabilities, expected value, margin, returns, ranges, premium ratios,
 *   geometry and scenarios are all done here, calling the domain's allocation-free helpers
 *   (`piecewise*`, the horizon distribution's `massBetween`, `positionValue`, `fillPrice`,
 *   `shiftedPrice`); the distribution is the view's for the (underlying, horizon expiration),
 *   the same object `tradeInput`'s smiles give `buildPosition`;
 * - calendars and diagonals (P/L needs numeric analysis) run the domain's `analyzePL` and
 *   `expectedPL` on the same position object, when a filter, a sort key or a row needs them.
 * `tests/unit/engine/trade-kernel.test.ts` checks every metric against `tradeMetrics` on random
 * trades of every strategy.
 *
 * Units as the domain's: per share of the position, fractions stay fractions; null is NaN here.
 */

import { ExerciseStyle } from '#domain/contracts/exercise-style.ts';
import { fillPrice } from '#domain/metrics/bid-ask.ts';
import {
  piecewiseExpectedPLIn,
  piecewiseExpirationPL,
  piecewiseMaxPL,
  piecewiseMinPL,
  piecewiseRoots,
  piecewiseTailSlope,
} from '#domain/metrics/piecewise.ts';
import { analyzePL } from '#domain/metrics/pl-analysis.ts';
import type { Position } from '#domain/metrics/position.ts';
import { horizonPL, intrinsic, positionValue } from '#domain/metrics/position.ts';
import { expectedPL } from '#domain/metrics/probabilities.ts';
import { moveRatio } from '#domain/metrics/returns.ts';
import { shiftedPrice } from '#domain/metrics/scenario.ts';
import { hasProfitAndLoss, plTolerance } from '#domain/metrics/takeable.ts';
import type { ScenarioShift, UnderlyingState } from '#domain/metrics/types.ts';
import type { SmileTable } from '#domain/pricing/smile.ts';
import { LognormalDistribution, type TerminalDistribution } from '#domain/pricing/terminal-distribution.ts';
import type { ScreenerStrategyKey } from '#domain/strategies/strategy-key.ts';
import type { MarketView } from './market-view.ts';
import type { RowCache } from './row-cache.ts';
import { METRIC, type ScenarioMetricName } from './trade-metric.ts';

const MS_PER_DAY = 86_400_000;
const MS_PER_YEAR = 365 * MS_PER_DAY;
const MAX_LEGS = 5;
/** Room for breakevens, regions and flat runs; a numeric analysis of ≤ 4 strikes finds far fewer. */
const MAX_POINTS = 512;

interface KernelLeg {
  kind: 'stock' | 'option';
  isCall: boolean;
  strike: number;
  quantity: number;
  weight: number;
  expiration: string | null;
  expiryMs: number;
  iv: number;
  bid: number;
  ask: number;
  mid: number;
  fill: number;
}

interface KernelPosition {
  legs: KernelLeg[];
  spot: number;
  rate: number;
  dividendYield: number;
  american: boolean;
  drift: number;
  sigma: number;
  distribution: TerminalDistribution;
  smiles: readonly SmileTable[];
  asOfMs: number;
  horizonMs: number;
  years: number;
  days: number;
  cost: number;
  linear: boolean;
  strikes: number[];
}

const newLeg = (): KernelLeg => ({
  kind: 'option',
  isCall: true,
  strike: 0,
  quantity: 0,
  weight: 0,
  expiration: null,
  expiryMs: 0,
  iv: 0,
  bid: 0,
  ask: 0,
  mid: 0,
  fill: 0,
});

/** `legRow` of a leg slot that holds nothing reusable. */
const LEG_UNSET = -2;

const signOf = (v: number, tolerance: number): number => (v > tolerance ? 1 : v < -tolerance ? -1 : 0);
const over = (num: number, den: number): number => (Number.isFinite(num) && den > 0 ? num / den : Number.NaN);
const ratio = (num: number, den: number, present: boolean): number =>
  present && den !== 0 ? num / den : Number.NaN;

// Lazy groups, one bit each.
const G_QUOTE = 1;
const G_GREEKS = 2;
const G_MIN = 4;
const G_PROFIT = 8;
const G_EV = 16;
const G_MARGIN = 32;
const G_PREMIUM = 64;
const G_SECONDARY = 128;
const G_GEOMETRY = 256;
const G_EXTREMES = 512;
const G_SHAPE = 1024;
const G_LOSS = 2048;
const G_PROB_EXTREMES = 4096;
const G_RUNS = 8192;

const BUTTERFLY_KEYS: ReadonlySet<string> = new Set(['call_butterfly', 'put_butterfly', 'iron_butterfly']);
const DIAGONAL_KEYS: ReadonlySet<string> = new Set(['long_call_diagonal_spread', 'long_put_diagonal_spread']);

export class TradeKernel {
  readonly #view: MarketView;
  readonly #rows: RowCache;
  readonly #pool: KernelLeg[] = Array.from({ length: MAX_LEGS }, newLeg);
  readonly #bySize: KernelLeg[][] = Array.from({ length: MAX_LEGS + 1 }, (_, n) => this.#pool.slice(0, n));
  readonly pos: KernelPosition;
  /** Option row of each leg (−1 for stock), and its expiration index. */
  readonly legRow = new Int32Array(MAX_LEGS).fill(LEG_UNSET);
  readonly #legExp = new Int32Array(MAX_LEGS);
  readonly #legQty = new Float64Array(MAX_LEGS);
  #n = 0;
  /** Distinct option strikes, ascending: `pos.strikes` without the list. */
  readonly #ks = new Float64Array(MAX_LEGS);
  #nks = 0;
  #strategy: ScreenerStrategyKey = 'custom';
  #level = Number.NaN;
  #u = -1;
  /** Expiration index of the candidate's horizon (−1 without options), and whose distribution `pos` holds. */
  #horizonExp = -1;
  #distKey = Number.NaN;
  underlying: UnderlyingState | null = null;
  #stockBid = 0;
  #stockAsk = 0;
  #done = 0;

  // Quote.
  #bid = 0;
  #ask = 0;
  #mid = 0;
  #priceTypeDebit = true;
  #bidSec = 0;
  #askSec = 0;
  #midSec = 0;
  // Greeks.
  #delta = 0;
  #gamma = 0;
  #theta = 0;
  #vega = 0;
  #rho = 0;
  readonly #legTheta = new Float64Array(MAX_LEGS);
  // Analysis.
  #exact = true;
  #tol = 0;
  #maxPL = 0;
  #minPL = 0;
  #plAtZero = 0;
  #plAtInf = 0;
  #nRoots = 0;
  readonly #roots = new Float64Array(MAX_POINTS);
  #nReg = 0;
  readonly #regLo = new Float64Array(MAX_POINTS + 1);
  readonly #regHi = new Float64Array(MAX_POINTS + 1);
  readonly #regSign = new Int8Array(MAX_POINTS + 1);
  #nMax = 0;
  readonly #maxLo = new Float64Array(MAX_POINTS);
  readonly #maxHi = new Float64Array(MAX_POINTS);
  #nMin = 0;
  readonly #minLo = new Float64Array(MAX_POINTS);
  readonly #minHi = new Float64Array(MAX_POINTS);
  #numericPL: ((s: number) => number) | null = null;
  readonly #pwStrikes = new Float64Array(MAX_LEGS);
  readonly #pwCall = new Float64Array(MAX_LEGS);
  /** An option row at each distinct strike (for the row cache's per-strike terms). */
  readonly #pwRow = new Int32Array(MAX_LEGS);
  #pwCount = 0;
  #pwStock = 0;
  #pwConst = 0;
  readonly #knots = new Float64Array(MAX_LEGS + 1);
  readonly #values = new Float64Array(MAX_LEGS + 1);
  // Probabilities at the spot.
  #profitUp = 0;
  #profitDown = 0;
  #lossUp = 0;
  #lossDown = 0;
  #probMaxProfit = 0;
  #probMaxLoss = 0;
  #ev = 0;
  #margin = 0;
  // Premium.
  #intrinsic = 0;
  #extrinsic = 0;
  #ivRatio = 0;
  #thetaRatio = 0;
  #coverage = 0;
  // Geometry.
  #spreadWidth = 0;
  #strikeDiff = 0;
  #butterflyWidth = 0;
  #expDiffDays = 0;
  #wingsBalanced = false;
  #hasWings = false;
  // Probability scratch for scenarios.
  #pUp = 0;
  #pDown = 0;

  constructor(view: MarketView, rows: RowCache) {
    this.#view = view;
    this.#rows = rows;
    this.pos = {
      legs: [],
      spot: 0,
      rate: view.rate,
      dividendYield: 0,
      american: false,
      drift: 0,
      sigma: 0,
      distribution: new LognormalDistribution(0, 0, 0, 0),
      smiles: [],
      asOfMs: view.asOfMs,
      horizonMs: 0,
      years: 0,
      days: 0,
      cost: 0,
      linear: true,
      strikes: [],
    };
  }

  /** The underlying of the next candidates (its state as `MarketView.underlyingState` gives it). */
  setUnderlying(u: number, state: UnderlyingState): void {
    this.#u = u;
    this.#distKey = Number.NaN;
    this.underlying = state;
    const p = this.pos;
    p.spot = state.price;
    p.dividendYield = state.dividendYield;
    p.american = state.exerciseStyle === ExerciseStyle.American;
    p.drift = this.#view.rate - state.dividendYield;
    p.sigma = state.iv;
    const c = this.#view.cols.underlyings;
    this.#stockBid = c.bid[u]!;
    this.#stockAsk = c.ask[u]!;
    this.legRow.fill(LEG_UNSET);
  }

  /** Starts a candidate of `strategy` at bid/ask level `level` (legs then set or added). */
  begin(strategy: ScreenerStrategyKey, level: number): void {
    if (level !== this.#level) this.legRow.fill(LEG_UNSET);
    this.#strategy = strategy;
    this.#level = level;
    this.#n = 0;
  }

  /** Adds a stock leg of `shares` (signed) at the underlying's bid and ask. */
  addStock(shares: number): void {
    this.setStock(this.#n, shares);
  }

  /** Adds option `row` of the snapshot, `contracts` signed. */
  addOption(row: number, contracts: number): void {
    this.setOption(this.#n, row, contracts);
  }

  /**
   * Leg `i` is a stock leg of `shares`. Setting the legs of consecutive candidates in place only
   * reloads the legs that changed (the enumeration's inner loops).
   */
  setStock(i: number, shares: number): void {
    this.#n = Math.max(this.#n, i + 1);
    if (this.legRow[i] === -1 && this.#legQty[i] === shares) return;
    const l = this.#pool[i]!;
    l.kind = 'stock';
    l.isCall = false;
    l.strike = 0;
    l.quantity = shares;
    l.weight = shares / 100;
    l.expiration = null;
    l.expiryMs = Infinity;
    l.iv = 0;
    l.bid = this.#stockBid;
    l.ask = this.#stockAsk;
    l.mid = (l.bid + l.ask) / 2;
    l.fill = fillPrice(l.bid, l.ask, shares, this.#level);
    this.legRow[i] = -1;
    this.#legQty[i] = shares;
    this.#legExp[i] = -1;
  }

  /** Leg `i` is option `row` of the snapshot, `contracts` signed. */
  setOption(i: number, row: number, contracts: number): void {
    this.#n = Math.max(this.#n, i + 1);
    if (this.legRow[i] === row && this.#legQty[i] === contracts) return;
    const o = this.#view.cols.options;
    const e = o.expiration[row]!;
    const l = this.#pool[i]!;
    l.kind = 'option';
    l.isCall = o.right[row] === 1;
    l.strike = o.strike[row]!;
    l.quantity = contracts;
    l.weight = (contracts * 100) / 100;
    l.expiration = this.#view.expirations[e]!;
    l.expiryMs = this.#view.expiryMs[e]!;
    l.iv = o.iv[row]!;
    l.bid = o.bid[row]!;
    l.ask = o.ask[row]!;
    l.mid = (l.bid + l.ask) / 2;
    l.fill = fillPrice(l.bid, l.ask, contracts, this.#level);
    this.legRow[i] = row;
    this.#legQty[i] = contracts;
    this.#legExp[i] = e;
  }

  /** Completes the position (cost, horizon, strikes) once the legs are in; as `buildPosition`. */
  finish(): void {
    const p = this.pos;
    const n = this.#n;
    const legs = this.#bySize[n]!;
    p.legs = legs;
    let cost = 0;
    let first = Infinity;
    let options = 0;
    let horizonExp = -1;
    for (let i = 0; i < n; i++) {
      const l = legs[i]!;
      cost = cost + l.weight * l.fill;
      if (l.kind === 'option') {
        options++;
        if (l.expiryMs < first) {
          first = l.expiryMs;
          horizonExp = this.#legExp[i]!;
        }
      }
    }
    this.#horizonExp = horizonExp;
    p.cost = cost;
    const horizon = options > 0 ? first : p.asOfMs;
    p.horizonMs = horizon;
    const ms = Math.max(horizon - p.asOfMs, 0);
    p.years = ms / MS_PER_YEAR;
    p.days = ms / MS_PER_DAY;
    let linear = true;
    // Distinct strikes, ascending (insertion into a list of at most four).
    const ks = this.#ks;
    let count = 0;
    for (let i = 0; i < n; i++) {
      const l = legs[i]!;
      if (l.kind !== 'option') continue;
      if (l.expiryMs > horizon) linear = false;
      const k = l.strike;
      let seen = false;
      for (let j = 0; j < count; j++) if (ks[j] === k) seen = true;
      if (seen) continue;
      let j = count++;
      while (j > 0 && ks[j - 1]! > k) {
        ks[j] = ks[j - 1]!;
        j--;
      }
      ks[j] = k;
    }
    this.#nks = count;
    p.linear = linear;
    this.#done = 0;
  }

  /**
   * `pos.distribution` for the candidate's horizon: the view's, fitted at most once per
   * (underlying, expiration) and instant; fetched only when a probability or the expected value is
   * asked for, and kept while consecutive candidates share the horizon.
   */
  #distribution(): TerminalDistribution {
    const p = this.pos;
    const e = this.#horizonExp;
    if (e === this.#distKey) return p.distribution;
    this.#distKey = e;
    p.distribution =
      e < 0 ? new LognormalDistribution(p.spot, 0, p.sigma, p.drift) : this.#view.distribution(this.#u, e);
    return p.distribution;
  }

  /** The domain's `pos.strikes` (a list), filled only for the domain's numeric analysis. */
  #syncStrikes(): void {
    const strikes = this.pos.strikes;
    strikes.length = this.#nks;
    for (let j = 0; j < this.#nks; j++) strikes[j] = this.#ks[j]!;
  }

  // --- groups ------------------------------------------------------------------------------------

  #quote(): void {
    this.#done |= G_QUOTE;
    let worst = 0;
    let best = 0;
    let mid = 0;
    const legs = this.pos.legs;
    for (const l of legs) {
      worst += l.weight * (l.weight > 0 ? l.ask : l.bid);
      best += l.weight * (l.weight > 0 ? l.bid : l.ask);
      mid += l.weight * l.mid;
    }
    const debit = mid >= 0;
    this.#priceTypeDebit = debit;
    this.#bid = debit ? best : -worst;
    this.#ask = debit ? worst : -best;
    this.#mid = debit ? mid : -mid;
  }

  /** The options alone (without the stock leg), quoted the same way: the `_secondary` columns. */
  #secondary(): void {
    this.#done |= G_SECONDARY;
    let worst = 0;
    let best = 0;
    let mid = 0;
    for (const l of this.pos.legs) {
      if (l.kind !== 'option') continue;
      worst += l.weight * (l.weight > 0 ? l.ask : l.bid);
      best += l.weight * (l.weight > 0 ? l.bid : l.ask);
      mid += l.weight * l.mid;
    }
    const debit = mid >= 0;
    this.#bidSec = debit ? best : -worst;
    this.#askSec = debit ? worst : -best;
    this.#midSec = debit ? mid : -mid;
  }

  #greeks(): void {
    this.#done |= G_GREEKS;
    let delta = 0;
    let gamma = 0;
    let theta = 0;
    let vega = 0;
    let rho = 0;
    const legs = this.pos.legs;
    const rows = this.#rows;
    for (let i = 0; i < this.#n; i++) {
      const l = legs[i]!;
      const w = l.weight;
      if (l.kind === 'stock') {
        delta += w * 1;
        gamma += w * 0;
        theta += w * 0;
        vega += w * 0;
        rho += w * 0;
        this.#legTheta[i] = 0;
        continue;
      }
      const k = rows.greeks(this.legRow[i]!);
      const t = rows.theta[k]!;
      delta += w * rows.delta[k]!;
      gamma += w * rows.gamma[k]!;
      theta += w * t;
      vega += w * rows.vega[k]!;
      rho += w * rows.rho[k]!;
      this.#legTheta[i] = t;
    }
    this.#delta = delta;
    this.#gamma = gamma;
    this.#theta = theta;
    this.#vega = vega;
    this.#rho = rho;
  }

  /** Max and min P/L (and P/L at 0 and ∞) at the horizon, as `analyzePL`. */
  #extremes(): void {
    const p = this.pos;
    const maxStrike = this.#nks > 0 ? this.#ks[this.#nks - 1]! : 0;
    this.#tol = plTolerance(p.spot, maxStrike);
    if (p.linear) this.#exactExtremes();
    else this.#numericAnalysis();
  }

  /** The min P/L alone: time spreads have it in closed form (see `#timeSpreadMinPL`). */
  #min(): void {
    if (this.pos.linear || !this.#timeSpread()) {
      this.#extremes();
      return;
    }
    const p = this.pos;
    const maxStrike = this.#ks[this.#nks - 1]!;
    this.#tol = plTolerance(p.spot, maxStrike);
    this.#minPL = this.#timeSpreadMinPL();
    this.#done |= G_MIN;
  }

  /**
   * A short front and a long back option of one right and size whose back leg is at least as deep
   * in the money (calendars, classic diagonals): the P/L at the front expiry is never below −cost
   * (the back leg is worth at least its intrinsic value, which covers the front's), and it is −cost
   * at 0. So the numeric analysis's minimum is min(−cost, P/L at ∞) exactly: for puts P/L at ∞ is
   * −cost; for calls it is the domain's tail limit. Returns what `analyzePL(...).minPL` returns.
   */
  #timeSpreadMinPL(): number {
    const p = this.pos;
    const front = p.legs[0]!;
    if (!front.isCall) return -p.cost;
    let limit = -p.cost;
    for (const l of p.legs) {
      if (l.kind !== 'option' || !l.isCall) continue;
      const tau = Math.max(l.expiryMs - p.horizonMs, 0) / MS_PER_YEAR;
      const carried = p.dividendYield > 0 ? l.strike : Math.min(l.strike, l.strike * Math.exp(-p.rate * tau));
      limit -= l.weight * carried;
    }
    return -Math.max(p.cost, -limit);
  }

  /**
   * Something to gain and something to lose (`hasProfitAndLoss`): the screener keeps no other
   * trade. A time spread's max loss is in closed form but its max profit needs the numeric
   * analysis. Its P/L at the front expiry peaks at the sold strike. Calls: below it only the
   * bought call moves, and it rises with the price; above it the bought call gains no more than
   * the sold one's intrinsic value costs (delta ≤ 1). Puts: above it only the bought put moves,
   * and it falls as the price rises; below it the bought put gains no more than the sold one's
   * intrinsic value costs (delta ≥ −1). That strike is one of the analysis's knots (the same
   * bits), so a profit there is a profit of the maximum, and a loss beyond the tolerance there is
   * a loss everywhere (the analysis's samples differ from the true P/L by rounding, far below the
   * tolerance). Only a P/L within the tolerance of 0 runs the analysis.
   */
  takeable(): boolean {
    if (!(this.#done & G_MIN)) this.#min();
    if (!(this.#done & G_EXTREMES)) {
      const tol = this.#tol;
      if (!(-this.#minPL > tol)) return false;
      const atSold = horizonPL(this.pos as Position, this.pos.legs[0]!.strike);
      if (atSold > tol) return true;
      if (atSold < -tol) return false;
      this.#extremes();
    }
    return hasProfitAndLoss(this.#maxPL, -this.#minPL, this.#tol);
  }

  /** True for a two-leg time spread that `#timeSpreadMinPL` covers. */
  #timeSpread(): boolean {
    const p = this.pos;
    if (this.#n !== 2) return false;
    const [a, b] = p.legs as [KernelLeg, KernelLeg];
    if (a.kind !== 'option' || b.kind !== 'option' || a.isCall !== b.isCall) return false;
    const front = a.expiryMs < b.expiryMs ? a : b;
    const back = front === a ? b : a;
    if (front !== a || !(front.expiryMs < back.expiryMs) || front.weight !== -1 || back.weight !== 1)
      return false;
    return front.isCall ? back.strike <= front.strike : back.strike >= front.strike;
  }

  /** Single expiration: the closed form's coefficients and extremes (piecewise.ts). */
  #exactExtremes(): void {
    this.#done |= G_MIN | G_EXTREMES;
    this.#exact = true;
    this.#numericPL = null;
    const p = this.pos;
    // piecewiseFromPosition
    const count = this.#nks;
    const ks = this.#pwStrikes;
    const cu = this.#pwCall;
    for (let j = 0; j < count; j++) {
      ks[j] = this.#ks[j]!;
      cu[j] = 0;
    }
    let stockUnits = 0;
    let constant = -p.cost;
    for (let i = 0; i < this.#n; i++) {
      const l = p.legs[i]!;
      if (l.kind === 'stock') {
        stockUnits += l.weight;
        continue;
      }
      let j = 0;
      while (ks[j] !== l.strike) j++;
      cu[j] = cu[j]! + l.weight;
      this.#pwRow[j] = this.legRow[i]!;
      if (!l.isCall) {
        stockUnits -= l.weight;
        constant += l.weight * l.strike;
      }
    }
    this.#pwCount = count;
    this.#pwStock = stockUnits;
    this.#pwConst = constant;
    const slope = piecewiseTailSlope(cu, count, stockUnits);
    this.#plAtZero = constant;
    this.#plAtInf =
      slope === 0
        ? count > 0
          ? piecewiseExpirationPL(ks[count - 1]!, ks, cu, count, stockUnits, constant)
          : constant
        : slope * Infinity;
    this.#maxPL = piecewiseMaxPL(ks, cu, count, stockUnits, constant);
    this.#minPL = piecewiseMinPL(ks, cu, count, stockUnits, constant);
  }

  /** Breakevens and the signed regions between them (the rest of `analyzePL` but the flat runs). */
  #shape(): void {
    if (!(this.#done & G_EXTREMES)) this.#extremes();
    if (this.#done & G_SHAPE) return;
    this.#done |= G_SHAPE;
    // Only the exact (single-expiration) case gets here: the numeric analysis fills everything.
    const ks = this.#pwStrikes;
    const cu = this.#pwCall;
    const count = this.#pwCount;
    const stockUnits = this.#pwStock;
    const constant = this.#pwConst;
    const tol = this.#tol;
    const n = piecewiseRoots(ks, cu, count, stockUnits, constant, tol, this.#roots);
    this.#nRoots = n;
    // finish(): regions between breakevens with the sign of a probe inside each.
    const lastKnot = count > 0 ? ks[count - 1]! : 0;
    let lo = 0;
    for (let i = 0; i <= n; i++) {
      const hi = i < n ? this.#roots[i]! : Infinity;
      const probe = hi === Infinity ? 2 * Math.max(lo, lastKnot) + 1 : (lo + hi) / 2;
      this.#regLo[i] = lo;
      this.#regHi[i] = hi;
      this.#regSign[i] = signOf(piecewiseExpirationPL(probe, ks, cu, count, stockUnits, constant), tol);
      lo = hi;
    }
    this.#nReg = n + 1;
  }

  /** Where the P/L stays at its max and at its min (`maxRegions`, `minRegions`). */
  #runs(): void {
    if (!(this.#done & G_SHAPE)) this.#shape();
    if (this.#done & G_RUNS) return;
    this.#done |= G_RUNS;
    const ks = this.#pwStrikes;
    const cu = this.#pwCall;
    const count = this.#pwCount;
    const knots = this.#knots;
    const values = this.#values;
    knots[0] = 0;
    for (let j = 0; j < count; j++) knots[j + 1] = ks[j]!;
    const nKnots = count + 1;
    for (let j = 0; j < nKnots; j++)
      values[j] = piecewiseExpirationPL(knots[j]!, ks, cu, count, this.#pwStock, this.#pwConst);
    const tol = this.#tol;
    const plAtInf = this.#plAtInf;
    this.#nMax = this.#flatRuns(knots, values, nKnots, plAtInf, this.#maxPL, tol, this.#maxLo, this.#maxHi);
    this.#nMin = this.#flatRuns(knots, values, nKnots, plAtInf, this.#minPL, tol, this.#minLo, this.#minHi);
  }

  /** Runs of ≥ 2 knots at `level` (a run reaching the last knot extends to ∞ when the tail stays there). */
  #flatRuns(
    knots: ArrayLike<number>,
    values: ArrayLike<number>,
    nKnots: number,
    plAtInf: number,
    level: number,
    tol: number,
    outLo: Float64Array,
    outHi: Float64Array,
  ): number {
    if (!Number.isFinite(level)) return 0;
    let runs = 0;
    let start = -1;
    for (let j = 0; j <= nKnots; j++) {
      const inRun = j < nKnots && Math.abs(values[j]! - level) <= tol;
      if (inRun && start < 0) start = j;
      if (!inRun && start >= 0) {
        const end = j - 1;
        const toInfinity = end === nKnots - 1 && Math.abs(plAtInf - level) <= tol;
        if (toInfinity) {
          outLo[runs] = knots[start]!;
          outHi[runs++] = Infinity;
        } else if (end > start) {
          outLo[runs] = knots[start]!;
          outHi[runs++] = knots[end]!;
        }
        start = -1;
      }
    }
    return runs;
  }

  /** Calendars and diagonals: the domain's numeric analysis on this position (allocates). */
  #numericAnalysis(): void {
    this.#done |= G_MIN | G_EXTREMES | G_SHAPE | G_RUNS;
    this.#exact = false;
    this.#syncStrikes();
    const a = analyzePL(this.pos as Position);
    this.#numericAnalysisObject = a;
    this.#numericPL = a.pl;
    this.#maxPL = a.maxPL;
    this.#minPL = a.minPL;
    this.#plAtZero = a.plAtZero;
    this.#plAtInf = a.plAtInfinity;
    const nRoots = Math.min(a.breakevens.length, MAX_POINTS);
    for (let i = 0; i < nRoots; i++) this.#roots[i] = a.breakevens[i]!;
    this.#nRoots = nRoots;
    this.#nReg = Math.min(a.regions.length, MAX_POINTS + 1);
    for (let i = 0; i < this.#nReg; i++) {
      const r = a.regions[i]!;
      this.#regLo[i] = r.lo;
      this.#regHi[i] = r.hi;
      this.#regSign[i] = r.sign;
    }
    this.#nMax = Math.min(a.maxRegions.length, MAX_POINTS);
    for (let i = 0; i < this.#nMax; i++) {
      this.#maxLo[i] = a.maxRegions[i]!.lo;
      this.#maxHi[i] = a.maxRegions[i]!.hi;
    }
    this.#nMin = Math.min(a.minRegions.length, MAX_POINTS);
    for (let i = 0; i < this.#nMin; i++) {
      this.#minLo[i] = a.minRegions[i]!.lo;
      this.#minHi[i] = a.minRegions[i]!.hi;
    }
  }

  #numericAnalysisObject: ReturnType<typeof analyzePL> | null = null;

  /** P/L at the horizon for an underlying price s. */
  plAt(s: number): number {
    if (!(this.#done & G_MIN) || (!this.pos.linear && !(this.#done & G_EXTREMES))) this.#extremes();
    if (this.#exact)
      return piecewiseExpirationPL(
        s,
        this.#pwStrikes,
        this.#pwCall,
        this.#pwCount,
        this.#pwStock,
        this.#pwConst,
      );
    return this.#numericPL!(s);
  }

  /**
   * Profit (sign 1) or loss (−1) probabilities with the lognormal starting at `spot`, up and down
   * (as `plProbabilities`, which sums each side's regions in order).
   */
  #probabilitiesAt(spot: number, side: 1 | -1): void {
    const dist = this.#distribution();
    let up = 0;
    let down = 0;
    for (let i = 0; i < this.#nReg; i++) {
      if (this.#regSign[i] !== side) continue;
      const lo = this.#regLo[i]!;
      const hi = this.#regHi[i]!;
      down += dist.massBetween(lo, Math.min(hi, spot), spot);
      up += dist.massBetween(Math.max(lo, spot), hi, spot);
    }
    this.#pUp = up;
    this.#pDown = down;
  }

  #probs(side: 1 | -1): void {
    if (!(this.#done & G_SHAPE)) this.#shape();
    const p = this.pos;
    this.#probabilitiesAt(p.spot, side);
    if (side > 0) {
      this.#done |= G_PROFIT;
      this.#profitUp = this.#pUp;
      this.#profitDown = this.#pDown;
    } else {
      this.#done |= G_LOSS;
      this.#lossUp = this.#pUp;
      this.#lossDown = this.#pDown;
    }
  }

  #probExtremes(): void {
    if (!(this.#done & G_RUNS)) this.#runs();
    this.#done |= G_PROB_EXTREMES;
    const dist = this.#distribution();
    const spot = this.pos.spot;
    let pm = 0;
    for (let i = 0; i < this.#nMax; i++) pm = pm + dist.massBetween(this.#maxLo[i]!, this.#maxHi[i]!, spot);
    this.#probMaxProfit = pm;
    let pl = 0;
    for (let i = 0; i < this.#nMin; i++) pl = pl + dist.massBetween(this.#minLo[i]!, this.#minHi[i]!, spot);
    this.#probMaxLoss = pl;
  }

  /** E[P/L] (as `expectedPL`); single expirations use the per-strike terms the row cache keeps. */
  #expected(): void {
    if (!(this.#done & G_MIN) || (!this.pos.linear && !(this.#done & G_EXTREMES))) this.#extremes();
    this.#done |= G_EV;
    const p = this.pos;
    const dist = this.#distribution();
    if (!this.#exact) {
      this.#ev = expectedPL(p as Position, this.#numericAnalysisObject!);
      return;
    }
    if (!(p.years > 0) || (dist.model === 'lognormal' && !(p.sigma > 0))) {
      this.#ev = piecewiseExpectedPLIn(
        dist,
        this.#pwStrikes,
        this.#pwCall,
        this.#pwCount,
        this.#pwStock,
        this.#pwConst,
      );
      return;
    }
    // piecewiseExpectedPL with each strike's E[(S_T − K)⁺] from the cache (same inputs, same bits).
    const rows = this.#rows;
    const count = this.#pwCount;
    let ev = this.#pwConst + this.#pwStock * dist.mean;
    for (let j = 0; j < count; j++) ev += this.#pwCall[j]! * rows.callExpectation(this.#pwRow[j]!);
    this.#ev = ev;
  }

  /**
   * `regTMargin(pos, maxLoss)` without allocating: the same covering of short options (shares
   * first, then long options expiring no earlier, most exposed first, stable order among equal
   * strikes) and the same sums in the same order.
   */
  #marginOf(): void {
    if (!(this.#done & G_MIN)) this.#min();
    this.#done |= G_MARGIN;
    const p = this.pos;
    const S = p.spot;
    let netShares = 0;
    for (let i = 0; i < this.#n; i++) {
      const l = p.legs[i]!;
      if (l.kind === 'stock') netShares = netShares + l.weight;
    }
    const longShares = Math.max(netShares, 0);
    const shortShares = Math.max(-netShares, 0);
    this.#side(true, longShares);
    const callReq = this.#sideRequirement;
    const callNakedPremium = this.#sideNakedPremium;
    const callNaked = this.#sideNakedCount;
    this.#side(false, shortShares);
    const putReq = this.#sideRequirement;
    const putNakedPremium = this.#sideNakedPremium;
    const putNaked = this.#sideNakedCount;
    const maxLoss = -this.#minPL;
    if (callNaked === 0 && putNaked === 0 && shortShares === 0 && Number.isFinite(maxLoss)) {
      this.#margin = Math.max(p.cost, maxLoss + Math.max(-p.cost, 0), 0);
      return;
    }
    const options = callReq >= putReq ? callReq + putNakedPremium : putReq + callNakedPremium;
    this.#margin = Math.max(p.cost, 0) + 1.5 * S * shortShares + options;
  }

  #sideRequirement = 0;
  #sideNakedPremium = 0;
  #sideNakedCount = 0;
  readonly #shortLeg = new Int32Array(MAX_LEGS);
  readonly #longLeg = new Int32Array(MAX_LEGS);
  readonly #longCount = new Float64Array(MAX_LEGS);

  /** One side of `regTMargin` (calls or puts): requirement, naked premium and count. */
  #side(isCall: boolean, shareCover: number): void {
    const p = this.pos;
    const S = p.spot;
    let nShort = 0;
    let nLong = 0;
    // Units in leg order, then a stable insertion sort: calls by strike up, puts by strike down.
    const before = (a: number, b: number) =>
      isCall ? p.legs[a]!.strike < p.legs[b]!.strike : p.legs[a]!.strike > p.legs[b]!.strike;
    for (let i = 0; i < this.#n; i++) {
      const l = p.legs[i]!;
      if (l.kind !== 'option' || l.isCall !== isCall || l.weight === 0) continue;
      const list = l.weight < 0 ? this.#shortLeg : this.#longLeg;
      let j = l.weight < 0 ? nShort++ : nLong++;
      while (j > 0 && before(i, list[j - 1]!)) {
        list[j] = list[j - 1]!;
        j--;
      }
      list[j] = i;
    }
    for (let j = 0; j < nLong; j++) this.#longCount[j] = Math.abs(p.legs[this.#longLeg[j]!]!.weight);
    let shares = shareCover;
    let requirement = 0;
    let nakedPremium = 0;
    let nakedCount = 0;
    for (let k = 0; k < nShort; k++) {
      const s = p.legs[this.#shortLeg[k]!]!;
      let open = Math.abs(s.weight);
      const byShares = Math.min(open, shares);
      shares -= byShares;
      open -= byShares;
      for (let j = 0; j < nLong; j++) {
        if (open <= 0) break;
        const l = p.legs[this.#longLeg[j]!]!;
        const count = this.#longCount[j]!;
        if (count <= 0 || l.expiryMs < s.expiryMs) continue;
        const take = Math.min(open, count);
        this.#longCount[j] = count - take;
        open -= take;
        requirement += take * (isCall ? Math.max(l.strike - s.strike, 0) : Math.max(s.strike - l.strike, 0));
      }
      if (open > 0) {
        const naked = isCall
          ? Math.max(0.2 * S - Math.max(s.strike - S, 0), 0.1 * S) + s.fill
          : Math.max(0.2 * S - Math.max(S - s.strike, 0), 0.1 * s.strike) + s.fill;
        requirement += open * naked;
        nakedPremium += open * s.fill;
        nakedCount += open;
      }
    }
    this.#sideRequirement = requirement;
    this.#sideNakedPremium = nakedPremium;
    this.#sideNakedCount = nakedCount;
  }

  #premium(): void {
    if (!(this.#done & G_GREEKS)) this.#greeks();
    this.#done |= G_PREMIUM;
    const p = this.pos;
    let netMid = 0;
    let intrinsicSum = 0;
    let extrinsicSum = 0;
    let soldUnits = 0;
    let soldIv = 0;
    let soldTheta = 0;
    let soldPremium = 0;
    let boughtUnits = 0;
    let boughtIv = 0;
    let boughtTheta = 0;
    let boughtPremium = 0;
    for (let i = 0; i < this.#n; i++) {
      const l = p.legs[i]!;
      if (l.kind !== 'option') continue;
      const inner = intrinsic(l.isCall, p.spot, l.strike);
      netMid += l.weight * l.mid;
      intrinsicSum += l.weight * inner;
      extrinsicSum += l.weight * (l.mid - inner);
      const units = Math.abs(l.weight);
      if (l.weight < 0) {
        soldUnits += units;
        soldIv += units * l.iv;
        soldTheta += l.weight * this.#legTheta[i]!;
        soldPremium += units * l.fill;
      } else {
        boughtUnits += units;
        boughtIv += units * l.iv;
        boughtTheta += l.weight * this.#legTheta[i]!;
        boughtPremium += units * l.fill;
      }
    }
    const direction = netMid < 0 ? -1 : 1;
    const both = soldUnits > 0 && boughtUnits > 0;
    this.#intrinsic = direction * intrinsicSum;
    this.#extrinsic = direction * extrinsicSum;
    this.#ivRatio = both ? ratio(soldIv / soldUnits, boughtIv / boughtUnits, true) : Number.NaN;
    this.#thetaRatio = ratio(Math.abs(soldTheta), Math.abs(boughtTheta), both);
    this.#coverage = ratio(soldPremium, boughtPremium, both);
  }

  #geometry(): void {
    this.#done |= G_GEOMETRY;
    const p = this.pos;
    const ks = this.#ks;
    const nk = this.#nks;
    this.#spreadWidth = nk >= 2 ? ks[nk - 1]! - ks[0]! : Number.NaN;
    // Expirations: first and last instant, and day numbers.
    let firstMs = Infinity;
    let lastMs = -Infinity;
    let firstDay = Infinity;
    let lastDay = -Infinity;
    let options = 0;
    const v = this.#view;
    for (let i = 0; i < this.#n; i++) {
      const l = p.legs[i]!;
      if (l.kind !== 'option') continue;
      options++;
      const e = this.#legExp[i]!;
      if (l.expiryMs < firstMs) firstMs = l.expiryMs;
      if (l.expiryMs > lastMs) lastMs = l.expiryMs;
      const d = v.expiryDay[e]!;
      if (d < firstDay) firstDay = d;
      if (d > lastDay) lastDay = d;
    }
    if (firstMs !== lastMs && options > 0) {
      // meanStrike(back) − meanStrike(front), legs in leg order.
      let back = 0;
      let nBack = 0;
      let front = 0;
      let nFront = 0;
      for (let i = 0; i < this.#n; i++) {
        const l = p.legs[i]!;
        if (l.kind !== 'option') continue;
        if (l.expiryMs === lastMs) {
          back += l.strike;
          nBack++;
        }
        if (l.expiryMs === firstMs) {
          front += l.strike;
          nFront++;
        }
      }
      this.#strikeDiff = back / nBack - front / nFront;
    } else {
      this.#strikeDiff = Number.NaN;
    }
    this.#expDiffDays = options > 0 ? lastDay - firstDay : Number.NaN;
    this.#hasWings = false;
    this.#wingsBalanced = false;
    this.#butterflyWidth = Number.NaN;
    if (BUTTERFLY_KEYS.has(this.#strategy)) {
      if (nk === 3) {
        const w0 = ks[1]! - ks[0]!;
        const w1 = ks[2]! - ks[1]!;
        this.#butterflyWidth = Math.max(w0, w1);
        this.#hasWings = true;
        this.#wingsBalanced = Math.abs(w0 - w1) <= 1e-9 * Math.max(w0, w1);
      }
    } else if (this.#strategy === 'iron_condor') {
      this.#condorWings();
    }
  }

  /** An iron condor's wings: distinct put strikes and distinct call strikes, two of each. */
  #condorWings(): void {
    let p0 = Number.NaN;
    let p1 = Number.NaN;
    let c0 = Number.NaN;
    let c1 = Number.NaN;
    let nPuts = 0;
    let nCalls = 0;
    for (let i = 0; i < this.#n; i++) {
      const l = this.pos.legs[i]!;
      if (l.kind !== 'option') continue;
      if (l.isCall) {
        if (
          nCalls === 0 ||
          (nCalls === 1 && l.strike !== c0) ||
          (nCalls === 2 && l.strike !== c0 && l.strike !== c1)
        ) {
          if (nCalls === 0) c0 = l.strike;
          else if (nCalls === 1) c1 = l.strike;
          nCalls++;
        }
      } else if (
        nPuts === 0 ||
        (nPuts === 1 && l.strike !== p0) ||
        (nPuts === 2 && l.strike !== p0 && l.strike !== p1)
      ) {
        if (nPuts === 0) p0 = l.strike;
        else if (nPuts === 1) p1 = l.strike;
        nPuts++;
      }
    }
    if (nPuts !== 2 || nCalls !== 2) return;
    const w0 = Math.abs(p1 - p0);
    const w1 = Math.abs(c1 - c0);
    this.#hasWings = true;
    this.#wingsBalanced = Math.abs(w0 - w1) <= 1e-9 * Math.max(w0, w1);
  }

  /** Shape code: 0 balanced, 1 riskless_down, 2 riskless_up, NaN none (as `tradeGeometry`). */
  #shapeCode(wings: boolean): number {
    if (!(this.#done & G_EXTREMES)) this.#extremes();
    if (!(this.#done & G_GEOMETRY)) this.#geometry();
    const down = this.#plAtZero >= -this.#tol;
    const up = this.#plAtInf >= -this.#tol;
    if (down && !up) return 1;
    if (up && !down) return 2;
    if (wings && this.#hasWings && this.#wingsBalanced) return 0;
    return Number.NaN;
  }

  // --- public getters ----------------------------------------------------------------------------

  /** Trade metric by id (`METRIC`); NaN where the domain says null. */
  metric(id: number): number {
    const p = this.pos;
    const done = this.#done;
    switch (id) {
      case METRIC.bid:
      case METRIC.ask:
      case METRIC.mid:
      case METRIC.bid_ask_spread:
      case METRIC.bid_ask_spread_pc:
      case METRIC.price: {
        if (!(done & G_QUOTE)) this.#quote();
        if (id === METRIC.bid) return this.#bid;
        if (id === METRIC.ask) return this.#ask;
        if (id === METRIC.mid) return this.#mid;
        if (id === METRIC.bid_ask_spread) return this.#ask - this.#bid;
        if (id === METRIC.bid_ask_spread_pc)
          return this.#mid !== 0 ? (this.#ask - this.#bid) / Math.abs(this.#mid) : Number.NaN;
        return this.#priceTypeDebit ? p.cost : -p.cost;
      }
      case METRIC.cost:
        return p.cost;
      case METRIC.bid_secondary:
      case METRIC.ask_secondary:
      case METRIC.mid_secondary:
        if (!(done & G_SECONDARY)) this.#secondary();
        return id === METRIC.bid_secondary
          ? this.#bidSec
          : id === METRIC.ask_secondary
            ? this.#askSec
            : this.#midSec;
      case METRIC.max_profit:
        if (!(done & G_EXTREMES)) this.#extremes();
        return Number.isFinite(this.#maxPL) ? this.#maxPL : Number.NaN;
      case METRIC.max_loss:
        if (!(done & G_MIN)) this.#min();
        return Number.isFinite(this.#minPL) ? -this.#minPL : Number.NaN;
      case METRIC.max_loss_percent: {
        if (!(done & G_MIN)) this.#min();
        const maxLoss = -this.#minPL;
        return Number.isFinite(maxLoss) ? maxLoss / p.spot : Number.NaN;
      }
      case METRIC.margin:
        if (!(done & G_MARGIN)) this.#marginOf();
        return this.#margin;
      case METRIC.profit_range_percent:
      case METRIC.loss_range_percent: {
        if (!(done & G_SHAPE)) this.#shape();
        const sign = id === METRIC.profit_range_percent ? 1 : -1;
        let w = 0;
        for (let i = 0; i < this.#nReg; i++)
          if (this.#regSign[i] === sign) w = w + (this.#regHi[i]! - this.#regLo[i]!);
        return Number.isFinite(w) ? w / p.spot : Number.NaN;
      }
      case METRIC.atr_range: {
        const atr = this.underlying!.atr;
        return atr !== undefined && atr > 0 ? (atr * Math.sqrt(p.days)) / p.spot : Number.NaN;
      }
      case METRIC.prob_profit:
      case METRIC.prob_profit_up:
      case METRIC.prob_profit_down:
        if (!(done & G_PROFIT)) this.#probs(1);
        return id === METRIC.prob_profit
          ? this.#profitUp + this.#profitDown
          : id === METRIC.prob_profit_up
            ? this.#profitUp
            : this.#profitDown;
      case METRIC.prob_loss:
      case METRIC.prob_loss_up:
      case METRIC.prob_loss_down:
        if (!(done & G_LOSS)) this.#probs(-1);
        return id === METRIC.prob_loss
          ? this.#lossUp + this.#lossDown
          : id === METRIC.prob_loss_up
            ? this.#lossUp
            : this.#lossDown;
      case METRIC.prob_max_profit:
      case METRIC.prob_max_loss:
        if (!(done & G_PROB_EXTREMES)) this.#probExtremes();
        return id === METRIC.prob_max_profit ? this.#probMaxProfit : this.#probMaxLoss;
      case METRIC.spread_expected_value:
        if (!(done & G_EV)) this.#expected();
        return this.#ev;
      case METRIC.ev_ml:
      case METRIC.ev_dte_ml: {
        if (!(done & G_EV)) this.#expected();
        const maxLoss = -this.#minPL;
        const evMl = Number.isFinite(maxLoss) ? over(this.#ev, maxLoss) : Number.NaN;
        return id === METRIC.ev_ml ? evMl : evMl / Math.max(p.days, 1);
      }
      case METRIC.return_acquisition:
      case METRIC.return_acquisition_annualized: {
        const x = over(this.plAt(p.spot), this.#capital());
        return id === METRIC.return_acquisition ? x : (x * 365) / Math.max(p.days, 1);
      }
      case METRIC.max_return_margin:
      case METRIC.max_return_margin_annualized: {
        if (!(done & G_MARGIN)) this.#marginOf();
        if (!(this.#done & G_EXTREMES)) this.#extremes();
        const x = over(this.#maxPL, this.#margin);
        return id === METRIC.max_return_margin ? x : (x * 365) / Math.max(p.days, 1);
      }
      case METRIC.covered_call_return_acquisition:
      case METRIC.covered_call_return_acquisition_annualized: {
        const x = this.#calledAway();
        return id === METRIC.covered_call_return_acquisition ? x : (x * 365) / Math.max(p.days, 1);
      }
      case METRIC.spread_profit_ratio: {
        if (!(done & G_EXTREMES)) this.#extremes();
        const maxLoss = -this.#minPL;
        return Number.isFinite(maxLoss) ? over(this.#maxPL, maxLoss) : Number.NaN;
      }
      case METRIC.cpd:
        return p.cost < 0 ? -p.cost / Math.max(p.days, 1) : Number.NaN;
      case METRIC.dpd:
        return p.cost > 0 ? p.cost / Math.max(p.days, 1) : Number.NaN;
      case METRIC.delta:
      case METRIC.gamma:
      case METRIC.theta:
      case METRIC.vega:
      case METRIC.rho:
      case METRIC.delta_theta_ratio:
      case METRIC.gamma_theta_ratio:
        if (!(done & G_GREEKS)) this.#greeks();
        switch (id) {
          case METRIC.delta:
            return this.#delta;
          case METRIC.gamma:
            return this.#gamma;
          case METRIC.theta:
            return this.#theta;
          case METRIC.vega:
            return this.#vega;
          case METRIC.rho:
            return this.#rho;
          case METRIC.delta_theta_ratio:
            return this.#theta !== 0 ? this.#delta / this.#theta : Number.NaN;
          default:
            return this.#theta !== 0 ? this.#gamma / this.#theta : Number.NaN;
        }
      case METRIC.intrinsic_value:
      case METRIC.extrinsic_value:
      case METRIC.iv_ratio:
      case METRIC.theta_ratio:
      case METRIC.coverage_ratio:
        if (!(done & G_PREMIUM)) this.#premium();
        switch (id) {
          case METRIC.intrinsic_value:
            return this.#intrinsic;
          case METRIC.extrinsic_value:
            return this.#extrinsic;
          case METRIC.iv_ratio:
            return this.#ivRatio;
          case METRIC.theta_ratio:
            return this.#thetaRatio;
          default:
            return this.#coverage;
        }
      case METRIC.move_ratio_1pct:
      case METRIC.move_ratio_1atr: {
        if (!(done & G_MIN)) this.#min();
        const maxLoss = -this.#minPL;
        if (id === METRIC.move_ratio_1pct)
          return moveRatio(p as Position, maxLoss, 0.01 * p.spot) ?? Number.NaN;
        const atr = this.underlying!.atr;
        return atr !== undefined && atr > 0
          ? (moveRatio(p as Position, maxLoss, atr) ?? Number.NaN)
          : Number.NaN;
      }
      case METRIC.spread_width:
      case METRIC.strike_diff:
      case METRIC.butterfly_width:
      case METRIC.expiration_diff_days:
        if (!(done & G_GEOMETRY)) this.#geometry();
        switch (id) {
          case METRIC.spread_width:
            return this.#spreadWidth;
          case METRIC.strike_diff:
            return this.#strikeDiff;
          case METRIC.butterfly_width:
            return this.#butterflyWidth;
          default:
            return this.#expDiffDays;
        }
      case METRIC.iron_condor_shape:
        return this.#strategy === 'iron_condor' ? this.#shapeCode(true) : Number.NaN;
      case METRIC.butterfly_shape:
        return BUTTERFLY_KEYS.has(this.#strategy) ? this.#shapeCode(true) : Number.NaN;
      case METRIC.diagonal_spread_shape:
        return DIAGONAL_KEYS.has(this.#strategy) ? this.#shapeCode(false) : Number.NaN;
      case METRIC.earnings_date: {
        // 0 before the last expiration (inside the trade), 1 after (or unknown), as `earningsRelation`.
        if (!(done & G_GEOMETRY)) this.#geometry();
        let last = -Infinity;
        for (let i = 0; i < this.#n; i++) {
          const e = this.#legExp[i]!;
          if (e >= 0) last = Math.max(last, this.#view.expiryDay[e]!);
        }
        const earnings = this.#view.cols.underlyings.earningsDate[this.#u]!;
        return earnings <= last ? 0 : 1;
      }
      default:
        throw new RangeError(`unknown metric id ${id}`);
    }
  }

  /** What holding the trade ties up (as `acquisitionCapital`). */
  #capital(): number {
    if (!(this.#done & G_MIN)) this.#min();
    const maxLoss = -this.#minPL;
    if (Number.isFinite(maxLoss)) return Math.max(this.pos.cost, maxLoss, 0);
    if (!(this.#done & G_MARGIN)) this.#marginOf();
    return this.#margin;
  }

  #calledAway(): number {
    let netShares = 0;
    let topShortCall = -Infinity;
    let shortCalls = 0;
    for (const l of this.pos.legs) {
      if (l.kind === 'stock') netShares = netShares + l.weight;
      else if (l.isCall && l.weight < 0) {
        shortCalls++;
        topShortCall = Math.max(topShortCall, l.strike);
      }
    }
    if (!(netShares > 0 && shortCalls > 0)) return Number.NaN;
    return over(this.plAt(topShortCall), this.#capital());
  }

  /** Breakeven metric `name` of breakeven `index` (1-based), NaN when there is none. */
  breakeven(name: 'breakeven' | 'breakeven_percent' | 'atr_breakeven' | 'atr_vs_bep', index: number): number {
    if (!(this.#done & G_SHAPE)) this.#shape();
    if (index < 1 || index > this.#nRoots) return Number.NaN;
    const b = this.#roots[index - 1]!;
    const spot = this.pos.spot;
    const atr = this.underlying!.atr;
    const hasAtr = atr !== undefined && atr > 0;
    switch (name) {
      case 'breakeven':
        return b;
      case 'breakeven_percent':
        return (b - spot) / spot;
      case 'atr_breakeven':
        return hasAtr ? (b - spot) / atr : Number.NaN;
      default:
        return hasAtr && b !== spot ? (atr * Math.sqrt(this.pos.days)) / Math.abs(b - spot) : Number.NaN;
    }
  }

  /** A scenario metric after the stock moves now by `shift` (as `scenarioMetrics`). */
  scenario(name: ScenarioMetricName, shift: ScenarioShift): number {
    const p = this.pos;
    const price = shiftedPrice(this.underlying!, shift, p.days);
    if (price === null) return Number.NaN;
    const pl = positionValue(p as Position, price, p.asOfMs) - p.cost;
    switch (name) {
      case 'shift_pl':
        return pl;
      case 'shift_pl_margin':
        if (!(this.#done & G_MARGIN)) this.#marginOf();
        return this.#margin > 0 ? pl / this.#margin : Number.NaN;
      case 'new_max_profit_at':
        if (!(this.#done & G_EXTREMES)) this.#extremes();
        return Number.isFinite(this.#maxPL) ? this.#maxPL - pl : Number.NaN;
      case 'new_max_loss_at':
        if (!(this.#done & G_MIN)) this.#min();
        return Number.isFinite(this.#minPL) ? -this.#minPL + pl : Number.NaN;
      default:
        if (!(this.#done & G_SHAPE)) this.#shape();
        this.#probabilitiesAt(price, name === 'new_prob_profit_at' ? 1 : -1);
        return this.#pUp + this.#pDown;
    }
  }
}
