/**
 * Iron condors and iron butterflies (and custom legs of the same shape) enumerated body first:
 * for each body (short put K1, short call K2 ≥ K1), the put wing K0 widens downward and the call
 * wing K3 upward. Per share unit of the q contracts on each leg, with credit u = −cost / q:
 *
 *   P/L = q·(u − wp) below K0, q·(u − (K1 − s)) on [K0, K1], q·u on the body, mirrored above;
 *   max loss = q·(max(wp, wc) − u), max profit = q·u (when u < both wings).
 *
 * That gives bounds for whole bodies and wings, from the fills alone (bought legs fill ≥ 0):
 * - max loss = q·(max(wp, wc) − u) ≥ q·(wp + put fill + call fill − sold fills): a trade over the
 *   limit is never evaluated, and a wing loop stops once K0 − put fill (K3 + call fill) at its
 *   best beyond is over it;
 * - u ≤ u_max = sold fills − the cheapest bought fills available: a trade whose put wing is wider
 *   than its credit loses below K1 − u ≥ K1 − u_max, so prob. of loss ≥ F(K1 − u_max)
 *   (+ 1 − F(K2 + u_max) on the call side), F the lognormal CDF at the horizon; prob. of profit
 *   ≤ 1 − that; the profit ratio u / (max(wp, wc) − u) ≤ u_max / (W_min − u_max). A side counts
 *   for a whole body (wing) when none of its wings has width + fill within the credit the rest
 *   of the trade leaves, however narrow its nearest wing.
 * - the credit of a put (call) spread is at most its largest credit-to-width ratio ρp (ρc) over
 *   the body's wings times its width, so u ≤ (ρp + ρc)·max(wp, wc); with max loss = q·(max(wp, wc)
 *   − u) ≤ L that caps the credit of every trade within the limit at (ρp + ρc)·(L/q)/(1 − ρp − ρc),
 *   and u_max and the wing loops with it.
 * For one trade, u is known from its fills and the same formulas bound its key tightly at the
 * cost of two normal CDFs instead of the whole metric.
 * When an underlying's top list is full, a body, put wing or trade whose bound cannot beat its worst
 * kept trade is skipped (a 1e-12 margin covers rounding; the bounds stay 1e-8 of the price scale
 * clear of the metrics' zero tolerance). Only pruning: kept candidates are evaluated exactly as
 * any other, and an underlying pruned by its key reports its trade count as not exact.
 */
import { fillPrice } from '#domain/metrics/bid-ask.ts';
import { lnFast } from '#domain/pricing/log-table.ts';
import { normInv } from '#domain/pricing/normal.ts';
import { normCdfFast } from '#domain/pricing/normal-table.ts';
import { probBelow } from '#domain/pricing/probability.ts';
import type { TerminalDistribution } from '#domain/pricing/terminal-distribution.ts';
import type { Structure } from './structure.ts';
import { METRIC } from './trade-metric.ts';

/** Legs of the condor shape, by option leg index, and the contracts q per leg. */
export interface CondorShape {
  readonly longPut: number;
  readonly shortPut: number;
  readonly shortCall: number;
  readonly longCall: number;
  readonly q: number;
  /** Iron butterfly: the short put and call share the body strike. */
  readonly butterfly: boolean;
}

/** The condor shape of a structure, or null. */
export function condorShape(s: Structure): CondorShape | null {
  if (s.mode !== 'slots' || s.options.length !== 4 || s.legs.length !== 4) return null;
  const find = (isCall: boolean, sign: number) =>
    s.options.findIndex((o) => o.isCall === isCall && Math.sign(o.quantity) === sign);
  const longPut = find(false, 1);
  const shortPut = find(false, -1);
  const shortCall = find(true, -1);
  const longCall = find(true, 1);
  if ([longPut, shortPut, shortCall, longCall].some((i) => i < 0)) return null;
  const o = s.options;
  const q = o[longPut]!.quantity;
  if (o[shortPut]!.quantity !== -q || o[shortCall]!.quantity !== -q || o[longCall]!.quantity !== q)
    return null;
  const slots = [
    o[longPut]!.strikeSlot,
    o[shortPut]!.strikeSlot,
    o[shortCall]!.strikeSlot,
    o[longCall]!.strikeSlot,
  ];
  if (slots[0] !== 0) return null;
  const butterfly = slots[1] === 1 && slots[2] === 1 && slots[3] === 2;
  const condor = slots[1] === 1 && slots[2] === 2 && slots[3] === 3;
  if (!butterfly && !condor) return null;
  return { longPut, shortPut, shortCall, longCall, q, butterfly };
}

/** Which key bound applies: the first sort key, when it is one the shape can bound. */
export type CondorKey = 'prob_loss' | 'prob_profit' | 'spread_profit_ratio' | null;

export function condorKey(sort: readonly { kind: string; id?: number; desc: boolean }[]): CondorKey {
  const k = sort[0];
  if (k?.kind !== 'trade') return null;
  if (k.id === METRIC.prob_loss && !k.desc) return 'prob_loss';
  if (k.id === METRIC.prob_profit && k.desc) return 'prob_profit';
  if (k.id === METRIC.spread_profit_ratio && k.desc) return 'spread_profit_ratio';
  return null;
}

export interface CondorGroup {
  /** Allowed strike indices per option leg (the per-leg filters passed). */
  readonly eligible: readonly Uint8Array[];
  readonly strikeCount: number;
  readonly strikes: Float64Array;
  readonly bid: Float64Array;
  readonly ask: Float64Array;
  /** Row of the call at strike index j is base + 2j, the put base + 2j + 1. */
  readonly base: number;
  readonly level: number;
  /** Max loss limit incl. rounding tolerance, or Infinity. */
  readonly lossLimit: number;
  readonly widthMax: number;
  /** Rank trades by the key bound (grouped scans; a narrowed scan counts every trade). */
  readonly rank: boolean;
  /** The distribution at the horizon (the view's: the smile's or the lognormal). */
  readonly distribution: TerminalDistribution;
}

const MARGIN = 1e-12;

/** An optimistic probability key from the loss mass's lower bound. */
function keyOfLoss(key: CondorKey, loss: number): number {
  return key === 'prob_loss' ? loss : 1 - loss;
}
/** Bodies with the best bounds, scanned before the others. */
const LEAD = 16;

/**
 * The lognormal CDF F of a group's horizon, and bounds of it: `below(x)` ≤ F(x) ≤ `above(x)`. F
 * through the table-driven logarithm and Φ (`log-table.ts`, `normal-table.ts`) is off by less than
 * 3e-12 (1e-12 from the table, the rest from ln x rounded and scaled by 1/(σ√T)); the bounds widen
 * it by 1e-10. `quantile(p)` is F⁻¹(p) through the inverse normal (not a bound), for a proper
 * lognormal only: a point mass (no time or no volatility) bounds by F itself.
 *
 * One instance per thread, set per group: a scan asks for these hundreds of thousands of times,
 * and methods of one long-lived object are calls the compiler can inline, where closures made
 * afresh per group were new call targets each time (and each result a boxed number).
 */
class HorizonCdf {
  /** The smile's table lookup is exact and cheap: its bounds are F itself. */
  #smile: TerminalDistribution | null = null;
  #spot = 0;
  #years = 0;
  #sigma = 0;
  #drift = 0;
  #mean = 0;
  #sd = 0;
  #invSd = 0;
  /** False for a point mass: the bounds are F itself and there is no quantile. */
  proper = false;

  set(g: CondorGroup): this {
    const d = g.distribution;
    this.#smile = d.model === 'smile' ? d : null;
    this.#spot = d.spot;
    this.#years = d.years;
    this.#sigma = d.sigma;
    this.#drift = d.drift;
    const sd = d.sigma * Math.sqrt(d.years);
    this.proper = d.years > 0 && (this.#smile !== null || sd > 0);
    this.#sd = sd;
    this.#invSd = 1 / sd;
    // ln S_T ~ N(ln S + (μ − σ²/2)T, σ²T).
    this.#mean = Math.log(d.spot) + (d.drift - 0.5 * d.sigma * d.sigma) * d.years;
    return this;
  }

  /** F(x) itself (0 at and below 0). */
  exact(x: number): number {
    if (!(x > 0)) return 0;
    return this.#smile ? this.#smile.cdf(x) : probBelow(this.#spot, x, this.#years, this.#sigma, this.#drift);
  }

  below(x: number): number {
    if (!this.proper || this.#smile) return this.exact(x);
    return x > 0 ? Math.max(0, this.#fast(x) - CDF_SLACK) : 0;
  }

  above(x: number): number {
    if (!this.proper || this.#smile) return this.exact(x);
    return x > 0 ? Math.min(1, this.#fast(x) + CDF_SLACK) : 0;
  }

  /** F(x) through the tables, for x > 0 of a proper lognormal. */
  #fast(x: number): number {
    return normCdfFast((lnFast(x) - this.#mean) * this.#invSd);
  }

  quantile(p: number): number {
    if (this.#smile) return this.#smile.quantile(p);
    return Math.exp(this.#mean + this.#sd * normInv(p));
  }
}

const CDF_SLACK = 1e-10;

/** Minima over index ranges [i, j] in constant time, after n·log n set-up (a sparse table). */
class RangeMinima {
  #levels = new Float64Array(0);
  #stride = 0;

  /** Builds over `values[0 … n)`, reusing the storage of the last build. */
  build(values: Float64Array, n: number): void {
    if (this.#stride < n) {
      this.#stride = Math.max(n, 2 * this.#stride);
      this.#levels = new Float64Array((32 - Math.clz32(this.#stride)) * this.#stride);
    }
    const t = this.#levels;
    const stride = this.#stride;
    t.set(values.subarray(0, n));
    for (let k = 1, w = 1; 2 * w <= n; k++, w *= 2) {
      const prev = (k - 1) * stride;
      const at = k * stride;
      for (let i = 0; i + 2 * w <= n; i++) t[at + i] = Math.min(t[prev + i]!, t[prev + i + w]!);
    }
  }

  min(i: number, j: number): number {
    if (j < i) return Infinity;
    const k = 31 - Math.clz32(j - i + 1);
    const at = k * this.#stride;
    return Math.min(this.#levels[at + i]!, this.#levels[at + j - (1 << k) + 1]!);
  }
}

/**
 * The working arrays of one expiration, kept from group to group (a thread scans one group at a
 * time): allocating them afresh, a dozen typed arrays per expiration, cost more than the work
 * done in them. Sized for `m` strikes; the body lists for m² bodies.
 */
class CondorScratch {
  strikeCapacity = 0;
  bodyCapacity = 0;
  K = new Float64Array(0);
  putSell = new Float64Array(0);
  callSell = new Float64Array(0);
  bucket = new Int32Array(0);
  nearLpBelow = new Float64Array(0);
  nearLcAbove = new Float64Array(0);
  putFill = new Float64Array(0);
  callFill = new Float64Array(0);
  putEdge = new Float64Array(0);
  callEdge = new Float64Array(0);
  putHeadMin = new Float64Array(0);
  callTailMin = new Float64Array(0);
  putRatio = new Float64Array(0);
  callRatio = new Float64Array(0);
  /** Per short call index j2, row j2·m: the cheapest call fill over j2 + 1 … j. */
  callRows = new Float64Array(0);
  callRowReady = new Uint8Array(0);
  bodyShort = new Int32Array(0);
  bodyKey = new Float64Array(0);
  bodyUMax = new Float64Array(0);
  bodyMinCall = new Float64Array(0);
  order = new Int32Array(0);
  led = new Uint8Array(0);
  readonly minPut = new RangeMinima();

  reserve(m: number): this {
    if (m + 1 > this.strikeCapacity) {
      const n = Math.max(m + 1, 2 * this.strikeCapacity);
      this.strikeCapacity = n;
      this.K = new Float64Array(n);
      this.putSell = new Float64Array(n);
      this.callSell = new Float64Array(n);
      this.bucket = new Int32Array(2 * n + 1);
      this.nearLpBelow = new Float64Array(n);
      this.nearLcAbove = new Float64Array(n);
      this.putFill = new Float64Array(n);
      this.callFill = new Float64Array(n);
      this.putEdge = new Float64Array(n);
      this.callEdge = new Float64Array(n);
      this.putHeadMin = new Float64Array(n);
      this.callTailMin = new Float64Array(n);
      this.putRatio = new Float64Array(n);
      this.callRatio = new Float64Array(n);
      this.callRowReady = new Uint8Array(n);
    }
    if (m * m > this.bodyCapacity) {
      const n = Math.max(m * m, 2 * this.bodyCapacity);
      this.bodyCapacity = n;
      this.callRows = new Float64Array(n);
      this.bodyShort = new Int32Array(n);
      this.bodyKey = new Float64Array(n);
      this.bodyUMax = new Float64Array(n);
      this.bodyMinCall = new Float64Array(n);
      this.order = new Int32Array(n);
      this.led = new Uint8Array(n);
    }
    return this;
  }
}

/** Where the condor scan sends what it finds, and learns the bar a trade must beat. */
export interface CondorSink {
  /** The worst kept key (NaN while the underlying's list has room). */
  worst(): number;
  /** A condor (strike indices of the long put, short put, short call, long call) that may rank. */
  visit(k0: number, k1: number, k2: number, k3: number): void;
}

/**
 * The scan of one group's condors (see the module comment and `scanCondors`). Its helpers read
 * the group's state from fields rather than closing over it: one instance serves every group of
 * the thread, so each helper is one call target the compiler can inline, not a new closure per
 * group (those made the optimised code deoptimise on every group, box every number they returned,
 * and lose their inlining to the next scan's group).
 */
class CondorScan {
  readonly #w = new CondorScratch();
  readonly #F = new HorizonCdf();
  #shape!: CondorShape;
  #key: CondorKey = null;
  #g!: CondorGroup;
  #sink!: CondorSink;
  #m = 0;
  /** The metrics count |P/L| ≤ 1e-9 of the price scale as zero: bounds keep 10× clear of it. */
  #tol = 0;
  #byWings = false;
  #pruned = false;
  // The strike grid of `firstAtLeast`.
  #lowest = 0;
  #perBucket = 0;
  #buckets = 0;
  // The one-sided lines of `refreshLines`, for the worst key `linesFor`.
  #linesFor = Number.NaN;
  #putLine = Infinity;
  #callLine = -Infinity;

  /**
   * Enumerates the group's condors, sending the ones that may pass and rank to `sink.visit`.
   * Returns true when some were skipped for their key (the count is then not exact).
   */
  run(shape: CondorShape, key: CondorKey, g: CondorGroup, sink: CondorSink): boolean {
    this.#shape = shape;
    this.#key = key;
    this.#g = g;
    this.#sink = sink;
    this.#pruned = false;
    this.#linesFor = Number.NaN;
    this.#putLine = Infinity;
    this.#callLine = -Infinity;
    this.#F.set(g);
    const m = g.strikeCount;
    this.#m = m;
    const { strikes, base, bid, ask, level } = g;
    const eLp = g.eligible[shape.longPut]!;
    const eSp = g.eligible[shape.shortPut]!;
    const eSc = g.eligible[shape.shortCall]!;
    const eLc = g.eligible[shape.longCall]!;
    const w = this.#w.reserve(m);
    const { nearLpBelow, nearLcAbove, putFill, callFill, putEdge, callEdge } = w;
    const { putHeadMin, callTailMin, putRatio, callRatio, minPut } = w;
    const { bodyShort, bodyKey, bodyUMax, bodyMinCall, order, led } = w;
    const { K, putSell, callSell, bucket } = w;
    for (let j = 0; j < m; j++) K[j] = strikes[base + 2 * j]!;
    // A strike search starts from a bucket of an even grid over the strikes (2 per strike).
    const buckets = 2 * m;
    const lowest = K[0] ?? 0;
    const perBucket = m > 1 && K[m - 1]! > lowest ? buckets / (K[m - 1]! - lowest) : 0;
    for (let b = 0, j = 0; b <= buckets; b++) {
      while (j < m && (K[j]! - lowest) * perBucket < b) j++;
      bucket[b] = j;
    }
    this.#buckets = buckets;
    this.#lowest = lowest;
    this.#perBucket = perBucket;
    // The nearest wing strikes below (puts) and above (calls) each index.
    nearLpBelow[0] = Number.NaN; // largest eligible strike < K_j
    for (let j = 1; j <= m; j++) {
      const prev = j - 1;
      nearLpBelow[j] = eLp[prev] ? K[prev]! : nearLpBelow[j - 1]!;
    }
    nearLcAbove.fill(Number.NaN, Math.max(0, m - 1), m + 1);
    for (let j = m - 2; j >= 0; j--) {
      const next = j + 1;
      nearLcAbove[j] = eLc[next] ? K[next]! : nearLcAbove[j + 1]!;
    }
    // The cheapest bought fill over any range of wing strikes (Infinity where a leg may not go):
    // a body's wings only reach as far as the max loss lets them, and the far, cheap ones beyond
    // would loosen every bound.
    for (let j = 0; j < m; j++) {
      const call = base + 2 * j;
      const put = call + 1;
      putFill[j] = eLp[j] ? fillPrice(bid[put]!, ask[put]!, 1, level) : Infinity;
      callFill[j] = eLc[j] ? fillPrice(bid[call]!, ask[call]!, 1, level) : Infinity;
      putSell[j] = fillPrice(bid[put]!, ask[put]!, -1, level);
      callSell[j] = fillPrice(bid[call]!, ask[call]!, -1, level);
    }
    // K0 − put fill at its largest at or below each index, K3 + call fill at its smallest at or
    // above (−Infinity / Infinity where no wing): wp + put fill and wc + call fill at their least.
    for (let j = 0, edge = -Infinity; j < m; j++) {
      edge = Math.max(edge, K[j]! - putFill[j]!);
      putEdge[j] = edge;
    }
    for (let j = m - 1, edge = Infinity; j >= 0; j--) {
      edge = Math.min(edge, K[j]! + callFill[j]!);
      callEdge[j] = edge;
    }
    minPut.build(putFill, m);
    // The cheapest put fill at or below each index, and call fill at or above.
    for (let j = 0, least = Infinity; j < m; j++) putHeadMin[j] = least = Math.min(least, putFill[j]!);
    for (let j = m - 1, least = Infinity; j >= 0; j--) callTailMin[j] = least = Math.min(least, callFill[j]!);
    w.callRowReady.fill(0, 0, m);
    const tol = 1e-8 * Math.max(1, g.distribution.spot, m > 0 ? K[m - 1]! : 0);
    this.#tol = tol;
    const byWings = key === 'prob_loss' || key === 'prob_profit';
    this.#byWings = byWings;
    const byCredit = g.rank && byWings;
    // The largest credit-to-width ratio of the put spreads with their short leg at each index, and
    // of the call spreads, taken at 0 at least (see `leastMaxLoss`). The wings beyond one have
    // ratios of at most (sold fill − their cheapest fill) / its width, as they are wider: the loops
    // stop once that is under the largest ratio so far.
    putRatio.fill(-Infinity, 0, m);
    callRatio.fill(-Infinity, 0, m);
    for (let j1 = 1; j1 < m; j1++) {
      if (!eSp[j1]) continue;
      const k1 = K[j1]!;
      const f = putSell[j1]!;
      let ratio = -Infinity;
      for (let j0 = j1 - 1; j0 >= 0; j0--) {
        const width = k1 - K[j0]!;
        if (Math.max(0, f - putHeadMin[j0]!) / width <= Math.max(0, ratio)) break;
        ratio = Math.max(ratio, (f - putFill[j0]!) / width);
      }
      putRatio[j1] = ratio;
    }
    for (let j2 = 0; j2 < m - 1; j2++) {
      if (!eSc[j2]) continue;
      const k2 = K[j2]!;
      const f = callSell[j2]!;
      let ratio = -Infinity;
      for (let j3 = j2 + 1; j3 < m; j3++) {
        const width = K[j3]! - k2;
        if (Math.max(0, f - callTailMin[j3]!) / width <= Math.max(0, ratio)) break;
        ratio = Math.max(ratio, (f - callFill[j3]!) / width);
      }
      callRatio[j2] = ratio;
    }
    // Every body with wings on both sides, and its bound over every pair of wings. Nothing is
    // offered while the bodies are listed, so the kept trades' worst key holds throughout.
    const listWorst = byCredit ? this.#sink.worst() : Number.NaN;
    let count = 0;
    for (let j1 = 1; j1 < m - 1; j1++) {
      if (!eSp[j1]) continue;
      const k1 = K[j1]!;
      const fSp = putSell[j1]!;
      const wpMin = k1 - nearLpBelow[j1]!;
      if (!(wpMin > 0)) continue;
      for (let j2 = shape.butterfly ? j1 : m - 2; shape.butterfly ? j2 === j1 : j2 > j1; j2--) {
        if (!eSc[j2]) continue;
        const k2 = K[j2]!;
        const wcMin = nearLcAbove[j2]! - k2;
        if (!(wcMin > 0)) continue;
        const leastLoss = this.#leastMaxLoss(j1, j2, Math.max(wpMin, wcMin));
        // No trade of the body passes the max loss filter.
        if (shape.q * leastLoss > g.lossLimit) continue;
        const sold = fSp + callSell[j2]!;
        // Every trade loses on one side at least, with credit u ≤ sold: out of reach when either
        // side's loss alone is.
        if (byCredit && leastLoss > tol && !Number.isNaN(listWorst)) {
          if (this.#putOut(k1, sold, listWorst) && this.#callOut(k2, sold, listWorst)) {
            this.#pruned = true;
            continue;
          }
        }
        const cap = this.#creditCap(j1, j2);
        // A visited wing is at most `reach` wide (max loss ≥ q·(wing − sold fills); bought fills
        // are not negative); the slack keeps rounding on the safe, wider side.
        const reach = g.lossLimit / shape.q + Math.min(sold, cap) + 1e-9 * Math.max(1, k2);
        const minCallWing = this.#minCallAbove(j2, Math.min(m - 1, this.#firstAtLeast(k2 + reach)));
        const minPutWing = minPut.min(this.#firstAtLeast(k1 - reach), j1 - 1);
        const uMax = Math.min(sold - minPutWing - minCallWing, cap);
        // Max loss ≥ q·(wp − u) and ≥ q·(wc − u), with wp − u = (K1 − (K0 − put fill)) + call
        // fill − sold at its least by the edges and the cheapest reachable wing of the other side,
        // and at least the nearest wing less the credit cap.
        const putSideLoss = Math.max(k1 - putEdge[j1 - 1]! + minCallWing - sold, wpMin - cap);
        const callSideLoss = Math.max(callEdge[j2 + 1]! - k2 + minPutWing - sold, wcMin - cap);
        if (shape.q * Math.max(putSideLoss, callSideLoss) > g.lossLimit) continue;
        // For probabilities, a side loses in every trade when none of its wings has its width and
        // fill within the credit the other side leaves (wp − u = wp + put fill + call fill − sold
        // > tol), however narrow its nearest wing.
        const putMayWin = !byWings || putSideLoss <= tol;
        const callMayWin = !byWings || callSideLoss <= tol;
        // Every trade loses somewhere when its max loss is over the tolerance: on one side at least.
        const losesSomewhere = byWings && putMayWin && callMayWin && leastLoss > tol;
        const wpLeast = putMayWin ? wpMin : Infinity;
        const wcLeast = callMayWin ? wcMin : Infinity;
        // Kept trades only get better: a body out of reach now stays out. First on one side's line
        // alone, where that side counts in the bound; then on the bound itself.
        if (
          !Number.isNaN(listWorst) &&
          this.#sideOut(k1, k2, uMax, wpLeast, wcLeast, losesSomewhere, listWorst)
        ) {
          this.#pruned = true;
          continue;
        }
        const optimistic = this.#bodyBound(k1, k2, uMax, wpLeast, wcLeast, losesSomewhere);
        if (this.#hopeless(optimistic)) continue;
        bodyShort[count] = j1 * m + j2;
        bodyKey[count] = optimistic;
        bodyUMax[count] = uMax;
        bodyMinCall[count] = minCallWing;
        count++;
      }
    }
    // Ranked, the bodies with the best bounds go first, so that the kept trades' bar rises early;
    // the rest follow in strike order (a full sort costs more than it saves).
    let head = 0;
    if (g.rank && key !== null) {
      const sign = key === 'prob_loss' ? 1 : -1;
      // Body a's bound better than body b's.
      const better = (a: number, b: number) => sign * (bodyKey[a]! - bodyKey[b]!) < 0;
      for (let b = 0; b < count; b++) {
        if (Number.isNaN(bodyKey[b]!) || (head === LEAD && !better(b, order[head - 1]!))) continue;
        let i = Math.min(head, LEAD - 1);
        while (i > 0 && better(b, order[i - 1]!)) {
          order[i] = order[i - 1]!;
          i--;
        }
        order[i] = b;
        head = Math.min(head + 1, LEAD);
      }
    }
    led.fill(0, 0, count);
    for (let i = 0; i < head; i++) led[order[i]!] = 1;
    for (let b = 0, i = head; b < count; b++) if (!led[b]) order[i++] = b;
    for (let i = 0; i < count; i++) {
      const b = order[i]!;
      if (this.#hopeless(bodyKey[b]!)) continue;
      const j1 = Math.floor(bodyShort[b]! / m);
      const j2 = bodyShort[b]! - j1 * m;
      const k1 = K[j1]!;
      const k2 = K[j2]!;
      const sold = putSell[j1]! + callSell[j2]!;
      const uMax = bodyUMax[b]!;
      const minCallWing = bodyMinCall[b]!;
      const cap = this.#creditCap(j1, j2);
      const wcMin = nearLcAbove[j2]! - k2;
      const losesSomewhere =
        byCredit && this.#leastMaxLoss(j1, j2, Math.max(k1 - nearLpBelow[j1]!, wcMin)) > tol;
      // The body's credit floor for trades that lose on both sides, found on first use.
      let floorBoth = Number.NaN;
      for (let j0 = j1 - 1; j0 >= 0; j0--) {
        const k0 = K[j0]!;
        const wp = k1 - k0;
        // Max loss ≥ q·(wp − u) ≥ q·(K1 − (K0 − put fill) − sold + cheapest call fill), with
        // K0 − put fill at its largest at or below K0, and ≥ q·(wp − credit cap); both, and the
        // spread width, only grow.
        if (
          shape.q * Math.max(k1 - putEdge[j0]! - sold + minCallWing, wp - cap) > g.lossLimit ||
          wcMin + (k2 - k0) > g.widthMax + MARGIN * k2
        )
          break;
        if (!eLp[j0]) continue;
        const fLp = putFill[j0]!;
        const uMaxWing = Math.min(sold - fLp - minCallWing, cap);
        // Max loss ≥ q·(wp − u) ≥ q·(wp − u_max): no trade of the wing passes the filter.
        if (shape.q * (wp - uMaxWing) > g.lossLimit) continue;
        // Call wings dearer than this leave a credit under wp − max loss: the trade fails the filter.
        const credit = sold - fLp;
        const slack = 1e-9 * Math.max(1, k2);
        const dearest = g.lossLimit / shape.q + credit - wp - slack;
        let first = this.#firstCallWithin(j2, dearest);
        // Max loss ≥ q·(wc − u) = q·((K3 + call fill) − K2 − credit), at its least by the edge from
        // the first call wing cheap enough: no call wing keeps the trade within the filter.
        if (first >= m || shape.q * (callEdge[first]! - k2 - credit) > g.lossLimit) continue;
        // For probabilities, the call loses in every trade of the wing when no call wing has
        // wc + call fill within the credit the put side leaves.
        const callMayWin = !byWings || callEdge[j2 + 1]! - k2 + fLp <= sold + tol;
        const wcLeast = callMayWin ? wcMin : Infinity;
        // The kept trades' worst key, read again after each offered trade.
        let worst = g.rank ? this.#sink.worst() : Number.NaN;
        if (
          byCredit &&
          !Number.isNaN(worst) &&
          this.#sideOut(k1, k2, uMaxWing, wp, wcLeast, losesSomewhere, worst)
        ) {
          this.#pruned = true;
          continue;
        }
        if (this.#hopeless(this.#bound(k1, k2, uMaxWing, wp, wcLeast, false))) continue;
        // Over the call wings the bound takes two values: before and after the call wing is wider
        // than u_max (then the loss above K2 + u counts); it only gets worse, so the loop stops.
        const narrowCalls = g.rank ? this.#bound(k1, k2, uMaxWing, wp, uMaxWing, false) : Number.NaN;
        const wideCalls = g.rank ? this.#bound(k1, k2, uMaxWing, wp, Infinity, false) : Number.NaN;
        const ranked = g.rank && key !== null && !Number.isNaN(worst);
        if (byCredit && ranked) {
          // Those at least this dear leave a credit with which the put side loses (u + tol < wp),
          // out of reach on its own.
          this.#refreshLines(worst);
          const outOfReach = Math.max(credit - k1 + this.#putLine, credit + tol - wp) + slack;
          if (outOfReach < dearest) {
            const cut = this.#firstCallWithin(j2, outOfReach);
            if (cut > first) {
              first = cut;
              this.#pruned = true;
            }
          }
          // Where the call side loses in every trade from the first wing on (K3 + call fill over
          // K2 + credit at its least), those dearer than this leave a credit with which the call
          // side is out of reach on its own (K2 + u ≤ the call line).
          if (first < m && callEdge[first]! - k2 - credit > tol) {
            const cut = this.#firstCallWithin(j2, k2 + credit - this.#callLine + slack);
            if (cut > first) {
              first = cut;
              this.#pruned = true;
            }
          }
        }
        for (let j3 = first; j3 < m; j3++) {
          const k3 = K[j3]!;
          // Max loss ≥ q·(wc − u) ≥ q·((K3 + call fill) − K2 − sold + put fill), with K3 + call
          // fill at its smallest at or above K3, and ≥ q·(wc − credit cap); both, and the spread
          // width, only grow.
          if (
            shape.q * Math.max(callEdge[j3]! - k2 - sold + fLp, k3 - k2 - cap) > g.lossLimit ||
            k3 - k0 > g.widthMax + MARGIN * k3
          )
            break;
          if (!eLc[j3]) continue;
          const u = sold - fLp - callFill[j3]!;
          // The exact max loss of the trade: one over the limit fails the filter.
          if (shape.q * (Math.max(wp, k3 - k2) - u) > g.lossLimit) continue;
          if (ranked) {
            const wc = k3 - k2;
            const wide = uMaxWing + tol < wc;
            const optimistic =
              key === 'spread_profit_ratio'
                ? this.#bound(k1, k2, uMaxWing, wp, wc, false)
                : wide
                  ? wideCalls
                  : narrowCalls;
            if (this.#beyond(optimistic, worst)) {
              this.#pruned = true;
              if (key === 'spread_profit_ratio' || wide) break;
              continue;
            }
            // The trade's own credit and wings: tight, and still cheaper than the exact metric.
            const putLoses = u + tol < wp;
            const callLoses = u + tol < wc;
            if (byCredit && (putLoses || callLoses)) {
              let out =
                (putLoses && this.#putOut(k1, u, worst)) || (callLoses && this.#callOut(k2, u, worst));
              if (!out && putLoses && callLoses) {
                if (Number.isNaN(floorBoth)) floorBoth = this.#creditFloor(k1, k2, uMax, worst);
                out = u <= floorBoth;
              }
              if (out) {
                this.#pruned = true;
                continue;
              }
            }
            if (
              this.#beyond(this.#bound(k1, k2, u, wp, wc, false), worst) ||
              this.#beyond(this.#bound(k1, k2, u, wp, wc, true), worst)
            ) {
              this.#pruned = true;
              continue;
            }
          }
          this.#sink.visit(j0, j1, j2, j3);
          if (ranked) worst = this.#sink.worst();
        }
      }
    }
    return this.#pruned;
  }

  /**
   * The call wings are always searched from just above a short call: per short call index j2,
   * the cheapest call fill over j2 + 1 … j, filled on the first body with that short call, so a
   * query is one read and a search a plain binary search over a falling row.
   */
  #callRow(j2: number): number {
    const w = this.#w;
    const m = this.#m;
    const row = j2 * m;
    if (w.callRowReady[j2] === 0) {
      w.callRowReady[j2] = 1;
      const rows = w.callRows;
      const callFill = w.callFill;
      for (let j = j2 + 1, least = Infinity; j < m; j++)
        rows[row + j] = least = Math.min(least, callFill[j]!);
    }
    return row;
  }

  /** The cheapest call fill over j2 + 1 … j (Infinity when j ≤ j2). */
  #minCallAbove(j2: number, j: number): number {
    return j > j2 ? this.#w.callRows[this.#callRow(j2) + j]! : Infinity;
  }

  /** The first call wing above short call j2 with a fill within `dearest`, m when none. */
  #firstCallWithin(j2: number, dearest: number): number {
    const row = this.#callRow(j2);
    const min = this.#w.callRows;
    let lo = j2 + 1;
    let hi = this.#m;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (min[row + mid]! <= dearest) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /**
   * The first strike index at or above `x` (m when none): from its bucket, then a step or two.
   * The strikes before a bucket's start map below the bucket, so below x (the map is monotone).
   */
  #firstAtLeast(x: number): number {
    const K = this.#w.K;
    const m = this.#m;
    const at = (x - this.#lowest) * this.#perBucket;
    let j = at > 0 ? this.#w.bucket[Math.min(this.#buckets, Math.floor(at))]! : 0;
    while (j < m && K[j]! < x) j++;
    return j;
  }

  /**
   * Optimistic key for credit ≤ uMax with the narrowest wings wpMin, wcMin (see module comment);
   * `exact` evaluates the CDF, otherwise its bounds stand for it.
   */
  #bound(k1: number, k2: number, uMax: number, wpMin: number, wcMin: number, exact: boolean): number {
    const key = this.#key;
    const tol = this.#tol;
    if (key === 'spread_profit_ratio') {
      const w = Math.max(wpMin, wcMin);
      if (uMax <= 0) return 0;
      return uMax + tol < w ? uMax / (w - uMax) : Infinity;
    }
    const F = this.#F;
    let loss = 0;
    if (uMax + tol < wpMin) loss += exact ? F.exact(k1 - uMax) : F.below(k1 - uMax);
    if (uMax + tol < wcMin) loss += 1 - (exact ? F.exact(k2 + uMax) : F.above(k2 + uMax));
    return keyOfLoss(key, loss);
  }

  /** True when an optimistic key cannot beat `worst` (the margin covers rounding). */
  #beyond(optimistic: number, worst: number): boolean {
    return this.#key === 'prob_loss'
      ? optimistic - MARGIN > worst
      : optimistic + MARGIN * Math.max(1, Math.abs(optimistic)) < worst;
  }

  /** True when the optimistic key cannot beat the worst kept one. */
  #hopeless(optimistic: number): boolean {
    if (!this.#g.rank || this.#key === null) return false;
    const worst = this.#sink.worst();
    if (Number.isNaN(worst)) return false;
    const out = this.#beyond(optimistic, worst);
    if (out) this.#pruned = true;
    return out;
  }

  /**
   * Where a one-sided loss puts a trade out of reach of `worst`: a trade that loses below K1 − u
   * has loss ≥ F(K1 − u) and cannot beat `worst` once K1 − u ≥ the put line; one that loses above
   * K2 + u has loss ≥ 1 − F(K2 + u), out of reach once K2 + u ≤ the call line. The lines come from
   * the inverse normal and are checked on the CDF's bounds (F increases, so a checked line holds
   * for everything beyond it); recomputed when `worst` changes.
   */
  #refreshLines(worst: number): void {
    if (worst === this.#linesFor) return;
    this.#linesFor = worst;
    this.#putLine = Infinity;
    this.#callLine = -Infinity;
    const F = this.#F;
    const key = this.#key;
    // The loss at which a trade is out of reach, with room for the margin and the bounds' slack.
    const bar = keyOfLoss(key, worst) + 1e-9;
    if (!F.proper || !(bar < 1)) return;
    for (let x = F.quantile(bar), i = 0; i < 4 && x < Infinity; i++, x *= 1 + 1e-9) {
      const loss = F.below(x);
      if (this.#beyond(keyOfLoss(key, loss), worst)) {
        this.#putLine = x;
        break;
      }
    }
    for (let y = F.quantile(1 - bar), i = 0; i < 4 && y > 0; i++, y *= 1 - 1e-9) {
      const loss = 1 - F.above(y);
      if (this.#beyond(keyOfLoss(key, loss), worst)) {
        this.#callLine = y;
        break;
      }
    }
  }

  /** True when credit u loses enough below K1 alone to be out of reach of `worst`. */
  #putOut(k1: number, u: number, worst: number): boolean {
    this.#refreshLines(worst);
    return k1 - u >= this.#putLine;
  }

  /** True when credit u loses enough above K2 alone to be out of reach of `worst`. */
  #callOut(k2: number, u: number, worst: number): boolean {
    this.#refreshLines(worst);
    return k2 + u <= this.#callLine;
  }

  /**
   * True when the trades with credit ≤ u are out of reach of `worst` on one side's line alone: on
   * a side that loses in every one of them (its least width over u; the other side's loss only
   * adds to it), or on either side when every trade loses somewhere.
   */
  #sideOut(
    k1: number,
    k2: number,
    u: number,
    wpLeast: number,
    wcLeast: number,
    losesSomewhere: boolean,
    worst: number,
  ): boolean {
    const tol = this.#tol;
    const putLost = this.#putOut(k1, u, worst);
    const callLost = this.#callOut(k2, u, worst);
    return (
      (putLost && (u + tol < wpLeast || (losesSomewhere && callLost))) || (callLost && u + tol < wcLeast)
    );
  }

  /**
   * For a body and `worst`: the credit at or below which no trade that loses on both sides can
   * beat `worst` (−Infinity: none). Such a trade's key bound depends on its credit alone and only
   * improves with it, so the credit is bisected once per body; the kept trades only get better,
   * so the answer stays valid for the rest of the body.
   */
  #creditFloor(k1: number, k2: number, uMax: number, worst: number): number {
    if (!this.#beyond(this.#bound(k1, k2, 0, Infinity, Infinity, false), worst))
      return Number.NEGATIVE_INFINITY;
    if (this.#beyond(this.#bound(k1, k2, uMax, Infinity, Infinity, false), worst)) return uMax;
    let lo = 0;
    let hi = uMax;
    for (let i = 0; i < 24; i++) {
      const mid = (lo + hi) / 2;
      if (this.#beyond(this.#bound(k1, k2, mid, Infinity, Infinity, false), worst)) lo = mid;
      else hi = mid;
    }
    return lo;
  }

  /** ρp + ρc of a body (each taken at 0 at least), with 1e-9 for the rounding of the ratios. */
  #ratioSum(j1: number, j2: number): number {
    return Math.max(0, this.#w.putRatio[j1]!) + Math.max(0, this.#w.callRatio[j2]!) + 1e-9;
  }

  /**
   * A lower bound of the max loss per unit of every trade of the body: its credit u is the put
   * spread's credit plus the call spread's, each at most its ratio times its width, so
   * u ≤ (ρp + ρc)·W with W = max(wp, wc) ≥ `widest`, and max loss = W − u ≥ (1 − ρp − ρc)·W.
   */
  #leastMaxLoss(j1: number, j2: number, widest: number): number {
    return (1 - this.#ratioSum(j1, j2)) * widest;
  }

  /**
   * The most credit per unit a trade of the body can take and still pass the max loss filter:
   * with u ≤ s·W (s = ρp + ρc, as above) and W − u ≤ L / q, u ≤ s·(L / q) / (1 − s) when s < 1
   * (Infinity otherwise, or without a limit). Where the loss limit is tight against the strike
   * spacing (an index chain's 50-point strikes under a $50 limit), this is far below the sold
   * fills, the body's bound and its wing loops tighten with it. The slack covers rounding.
   */
  #creditCap(j1: number, j2: number): number {
    const s = this.#ratioSum(j1, j2);
    const limit = this.#g.lossLimit;
    if (!(s < 1 && limit < Infinity)) return Infinity;
    return (s * (limit / this.#shape.q)) / (1 - s) + this.#tol;
  }

  /**
   * The key bound of a body (credit ≤ uMax; a side counts when its nearest wing may be wider
   * than the credit). With `losesSomewhere`, every trade loses on one side at least, so the loss
   * is at least the lesser side's. Each side's CDF is taken once.
   */
  #bodyBound(
    k1: number,
    k2: number,
    uMax: number,
    wpMin: number,
    wcMin: number,
    losesSomewhere: boolean,
  ): number {
    if (!this.#byWings) return this.#bound(k1, k2, uMax, wpMin, wcMin, false);
    const tol = this.#tol;
    const F = this.#F;
    const putCounts = uMax + tol < wpMin;
    const callCounts = uMax + tol < wcMin;
    const below = putCounts || losesSomewhere ? F.below(k1 - uMax) : 0;
    const above = callCounts || losesSomewhere ? 1 - F.above(k2 + uMax) : 0;
    let loss = 0;
    if (putCounts) loss += below;
    if (callCounts) loss += above;
    if (losesSomewhere) loss = Math.max(loss, Math.min(below, above));
    return keyOfLoss(this.#key, loss);
  }
}

/** One per thread: a thread scans one group at a time. */
const condorScan = new CondorScan();

/**
 * Enumerates the group's condors, calling `sink.visit(k0, k1, k2, k3)` with strike indices for
 * the ones that may pass and rank; `sink.worst()` is the worst kept key (NaN while the list has
 * room). Returns true when some were skipped for their key (the count is then not exact).
 */
export function scanCondors(shape: CondorShape, key: CondorKey, g: CondorGroup, sink: CondorSink): boolean {
  return condorScan.run(shape, key, g, sink);
}

/** A short put and a short call of equal size at a higher strike (short strangle). */
export interface StrangleShape {
  readonly put: number;
  readonly call: number;
}

export function strangleShape(s: Structure): StrangleShape | null {
  if (s.mode !== 'slots' || s.options.length !== 2 || s.legs.length !== 2) return null;
  const put = s.options.findIndex((o) => !o.isCall && o.quantity < 0);
  const call = s.options.findIndex((o) => o.isCall && o.quantity < 0);
  if (put < 0 || call < 0 || s.options[put]!.quantity !== s.options[call]!.quantity) return null;
  const ps = s.options[put]!.strikeSlot;
  const cs = s.options[call]!.strikeSlot;
  // Straddles (one strike) have one candidate per strike: nothing worth pruning.
  if (ps >= cs) return null;
  return { put, call };
}

/** Where the strangle scan sends what it finds, and learns the bar a trade must beat. */
export interface StrangleSink {
  /** The worst kept key (NaN while the underlying's list has room). */
  worst(): number;
  /** A strangle (strike indices of the put and the call) that may rank. */
  visit(put: number, call: number): void;
}

/** The strangle scan's per-thread state: its CDF and its per-strike arrays, kept between groups. */
const strangleCdf = new HorizonCdf();
let callSellAt = new Float64Array(0);
let maxCallFrom = new Float64Array(0);

/** True when an optimistic probability key cannot beat `worst` (the margin covers rounding). */
function strangleBeyond(key: CondorKey, optimistic: number, worst: number): boolean {
  return key === 'prob_loss' ? optimistic - MARGIN > worst : optimistic + MARGIN < worst;
}

/**
 * Short strangles ranked by probability: with credit u (both sold fills, per unit)
 * the trade loses below K_put − u and above K_call + u, so prob. of loss = F(K_put − u) +
 * 1 − F(K_call + u) and prob. of profit ≤ 1 − that. For a put, u ≤ its fill + the dearest call
 * fill still to come, which bounds every trade of the put at once; each trade is then bounded by
 * the CDF's bounds before the exact metric. Grouped scans only; returns true when something was
 * skipped. Like the condor scan, it makes no closure per group.
 */
export function scanStrangles(
  shape: StrangleShape,
  key: CondorKey,
  g: CondorGroup,
  sink: StrangleSink,
): boolean {
  const m = g.strikeCount;
  const { strikes, base, bid, ask, level } = g;
  const eP = g.eligible[shape.put]!;
  const eC = g.eligible[shape.call]!;
  const ranked = g.rank && (key === 'prob_loss' || key === 'prob_profit');
  if (maxCallFrom.length < m + 1) {
    callSellAt = new Float64Array(2 * (m + 1));
    maxCallFrom = new Float64Array(2 * (m + 1));
  }
  // Each call's sold fill, and the dearest at or above each index.
  maxCallFrom[m] = -Infinity;
  for (let j = m - 1; j >= 0; j--) {
    const row = base + 2 * j;
    callSellAt[j] = fillPrice(bid[row]!, ask[row]!, -1, level);
    maxCallFrom[j] = Math.max(maxCallFrom[j + 1]!, eC[j] ? callSellAt[j]! : -Infinity);
  }
  const F = strangleCdf.set(g);
  let pruned = false;
  for (let j0 = 0; j0 < m; j0++) {
    if (!eP[j0]) continue;
    const kp = strikes[base + 2 * j0]!;
    const fp = fillPrice(bid[base + 2 * j0 + 1]!, ask[base + 2 * j0 + 1]!, -1, level);
    const from = j0 + 1;
    let worst = ranked ? sink.worst() : Number.NaN;
    if (
      ranked &&
      !Number.isNaN(worst) &&
      from < m &&
      strangleBeyond(key, keyOfLoss(key, F.below(kp - (fp + maxCallFrom[from]!))), worst)
    ) {
      pruned = true;
      continue;
    }
    for (let j1 = from; j1 < m; j1++) {
      if (!eC[j1]) continue;
      if (ranked && !Number.isNaN(worst)) {
        const kc = strikes[base + 2 * j1]!;
        const u = fp + callSellAt[j1]!;
        if (
          strangleBeyond(key, keyOfLoss(key, F.below(kp - u) + 1 - F.above(kc + u)), worst) ||
          strangleBeyond(key, keyOfLoss(key, F.exact(kp - u) + 1 - F.exact(kc + u)), worst)
        ) {
          pruned = true;
          continue;
        }
      }
      sink.visit(j0, j1);
      if (ranked) worst = sink.worst();
    }
  }
  return pruned;
}
