/**
 * The scan of one shard (a list of underlyings that passed the underlying filters), as a worker
 * or the main thread runs it:
 *
 *   per underlying → expirations that pass the expiration-level filters (and the closest one)
 *   → per expiration and leg, the options that pass the per-leg filters (closest strike / delta)
 *   → the strategy's combinations, strikes in loop bounds (spread width pruned in the loops)
 *   → trade filters, cheapest first, on the kernel's lazily computed metrics → sort keys
 *   → the underlying's bounded top list (count of every passing trade kept too).
 *
 * Nothing per candidate is allocated; memory is the top lists (capacity × underlyings kept).
 */
import { UnderlyingKind } from '#domain/filters/sectors.ts';
import { fillPrice } from '#domain/metrics/bid-ask.ts';
import {
  type CondorGroup,
  type CondorKey,
  type CondorShape,
  type CondorSink,
  condorKey,
  condorShape,
  type StrangleShape,
  type StrangleSink,
  scanCondors,
  scanStrangles,
  strangleShape,
} from './condor.ts';
import { type CombinationVisitor, StrikeCombinations } from './enumerate.ts';
import { isTradable, LEG_NUMBERS, type LegContext, legDays } from './leg-fields.ts';
import { type MarketInstant, MarketView } from './market-view.ts';
import { RowCache } from './row-cache.ts';
import { planScan, type ScanPlan } from './scan-plan.ts';
import type { ScanSpec } from './scan-spec.ts';
import { Scratch } from './scratch.ts';
import type { Structure } from './structure.ts';
import { TopList } from './top-list.ts';
import { TradeKernel } from './trade-kernel.ts';
import { METRIC } from './trade-metric.ts';

/** One shard's job: plain data, posted to a worker as is. */
export interface ShardJob {
  readonly spec: ScanSpec;
  readonly instant: MarketInstant;
  /** Underlying rows to scan, in any order. */
  readonly underlyings: Int32Array;
  /**
   * Per underlying, the range [from, to) of its expiration groups to scan (a large chain is cut
   * into several jobs by expiration), or null: all of them.
   */
  readonly groupRange: Int32Array | null;
  /** Per underlying row: rank of its symbol in the sorted universe (the tie-break). */
  readonly symbolRank: Int32Array;
  /** Per sort key of kind 'underlying': its value per underlying row (else an empty array). */
  readonly underlyingKeys: readonly Float64Array[];
  /** Trades kept per underlying. */
  readonly capacity: number;
  /** Set to 1 by the main thread to stop the shard (client gone, time budget). */
  readonly cancel: Int32Array;
  /**
   * A grouped scan: an underlying's best trades are all it needs, so its scan may stop or skip
   * trades that cannot rank once they are known (a narrowed scan counts every trade).
   */
  readonly stopWhenFull: boolean;
}

/** The shard's underlyings that have passing trades, with their best trades (struct of arrays). */
export interface ShardResult {
  readonly underlying: Int32Array<ArrayBuffer>;
  /** Passing trades per underlying (all of them when `exact`, else the ones found before stopping). */
  readonly count: Float64Array<ArrayBuffer>;
  /** 1 when the underlying was scanned to the end, 0 when it stopped once its best trades were known. */
  readonly exact: Uint8Array<ArrayBuffer>;
  /** Trades kept per underlying. */
  readonly size: Int32Array<ArrayBuffer>;
  /** keyCount keys per kept trade, in underlying order. */
  readonly keys: Float64Array<ArrayBuffer>;
  /** legs rows per kept trade. */
  readonly rows: Int32Array<ArrayBuffer>;
  readonly keyCount: number;
  readonly legs: number;
  /** Candidates that reached the trade stage (combinations evaluated). */
  readonly evaluated: number;
  readonly cancelled: boolean;
  /** Milliseconds the part took on its thread (waiting to start it is not counted). */
  readonly computeMs: number;
}

const CHECK_EVERY = 4096;

/**
 * A scanner for the shards of one scan: the shards differ only in their underlyings, so one
 * scanner (compiled plan, view, kernel, caches) serves them all. `view` and `plan` may be passed
 * when the caller has them already.
 */
export function shardScanner(job: ShardJob, view?: MarketView, plan?: ScanPlan): ShardScanner {
  const v = view ?? new MarketView(job.instant);
  return new ShardScanner(v, plan ?? planScan(job.spec, job.instant.asOfMs, () => {}), job);
}

/**
 * True when the enumeration meets candidates in the tie-break order (option rows in leg order,
 * ascending): same-expiration structures whose legs take non-decreasing strike slots in leg order,
 * and time spreads (front leg first; loops by front row, then back row).
 */
export function inRowOrder(structure: Structure): boolean {
  if (structure.mode !== 'slots') return structure.options[0]?.expirationSlot === 0;
  let last = -1;
  for (const o of structure.options) {
    if (o.strikeSlot < last) return false;
    last = o.strikeSlot;
  }
  return true;
}

export class ShardScanner implements CombinationVisitor {
  readonly view: MarketView;
  readonly plan: ScanPlan;
  readonly job: ShardJob;
  readonly rowCache: RowCache;
  readonly kernel: TradeKernel;
  readonly list: TopList;
  readonly legs: number;
  readonly keyBuf: Float64Array;
  readonly rowBuf: Int32Array;
  readonly desc: readonly boolean[];
  /** The current underlying's per-expiration arrays (eligibility, slot masks, loss terms). */
  readonly scratch = new Scratch();
  ctx: LegContext;
  u = -1;
  evaluated = 0;
  cancelled = false;
  widthMax: number | null;
  readonly stopWhenFull: boolean;
  readonly condor: CondorShape | null;
  readonly strangle: StrangleShape | null;
  readonly condorKey: CondorKey;
  /** The current group's strike combinations (same-expiration structures but condor shapes). */
  readonly combinations = new StrikeCombinations();
  // The key bound's orientation and rounding margin for the current group (`boundKey`).
  keySign = 1;
  keyMargin = 0;
  /** Set when the current underlying's scan skipped trades for their sort key. */
  inexact = false;
  // Closest spread width: best distance so far for the underlying.
  bestDistance = Infinity;
  // Per eligible expiration group and option leg: eligibility per strike index.
  eligible: Uint8Array[][] = [];
  /**
   * Per eligible expiration group: the strike indices [from, to) outside which no leg is eligible
   * (the moneyness range), so that the work of a group scales with the strikes it may use.
   */
  spans = new Int32Array(32);
  /** The current group's options that pass the filters common to every leg (`legEligibility`). */
  common = new Uint8Array(256);
  /** The rights the legs use: bit 0 calls, bit 1 puts (rows alternate call, put). */
  readonly rights: number;
  /** The strategy holds shares (covered, married, collar, custom with a stock leg). */
  readonly stockLegs: boolean;
  /** Where the condor and strangle scans offer their trades (made on first use). */
  condorSink: CondorTrades | null = null;
  strangleSink: StrangleTrades | null = null;

  constructor(view: MarketView, plan: ScanPlan, job: ShardJob) {
    this.view = view;
    this.plan = plan;
    this.job = job;
    this.rowCache = new RowCache(view);
    this.kernel = new TradeKernel(view, this.rowCache);
    this.legs = plan.structure.options.length;
    this.desc = plan.sort.map((s) => s.desc);
    this.list = new TopList(job.capacity, this.desc, this.legs);
    this.keyBuf = new Float64Array(Math.max(plan.sort.length, 1));
    this.rowBuf = new Int32Array(Math.max(this.legs, 1));
    this.ctx = { view, rows: this.rowCache, state: view.underlyingState(0) };
    this.widthMax = plan.widthMax;
    this.condor = plan.closestWidth === null ? condorShape(plan.structure) : null;
    this.strangle = plan.closestWidth === null ? strangleShape(plan.structure) : null;
    this.condorKey = condorKey(plan.sort);
    this.rights = plan.structure.options.reduce((r, o) => r | (o.isCall ? 1 : 2), 0);
    this.stockLegs = plan.structure.legs.some((l) => l.kind === 'stock');
    // Every sort key the same within an underlying and candidates enumerated in the tie-break order
    // (option rows in leg order, ascending): the first trades that pass are its best ones.
    this.stopWhenFull =
      job.stopWhenFull &&
      plan.closestWidth === null &&
      plan.sort.every((k) => k.kind === 'underlying') &&
      inRowOrder(plan.structure);
  }

  /** Scans `underlyings` (one shard of the scan), each within its `groupRange` when given. */
  run(underlyings: Int32Array, groupRange: Int32Array | null = null): ShardResult {
    const started = performance.now();
    this.evaluated = 0;
    this.cancelled = false;
    const out = {
      underlying: [] as number[],
      count: [] as number[],
      exact: [] as number[],
      size: [] as number[],
    };
    const keys: number[] = [];
    const rows: number[] = [];
    if (!this.plan.impossible) {
      for (let i = 0; i < underlyings.length; i++) {
        const u = underlyings[i]!;
        if (Atomics.load(this.job.cancel, 0) !== 0) {
          this.cancelled = true;
          break;
        }
        let exact = true;
        this.inexact = false;
        try {
          this.scanUnderlying(u, groupRange?.[2 * i], groupRange?.[2 * i + 1]);
        } catch (err) {
          if (err === FULL) exact = false;
          else if (err !== CANCELLED) throw err;
        }
        if (this.cancelled) break;
        if (this.inexact) exact = false;
        const l = this.list;
        if (l.count === 0) continue;
        out.underlying.push(u);
        out.count.push(l.count);
        out.exact.push(exact ? 1 : 0);
        out.size.push(l.size);
        for (let i = 0; i < l.size * l.keyCount; i++) keys.push(l.keys[i]!);
        for (let i = 0; i < l.size * l.legs; i++) rows.push(l.rows[i]!);
      }
    }
    return {
      underlying: Int32Array.from(out.underlying),
      count: Float64Array.from(out.count),
      exact: Uint8Array.from(out.exact),
      size: Int32Array.from(out.size),
      keys: Float64Array.from(keys),
      rows: Int32Array.from(rows),
      keyCount: this.list.keyCount,
      legs: this.legs,
      evaluated: this.evaluated,
      cancelled: this.cancelled,
      computeMs: performance.now() - started,
    };
  }

  scanUnderlying(u: number, groupFrom?: number, groupTo?: number): void {
    const v = this.view;
    const c = v.cols.underlyings;
    this.u = u;
    this.list.reset(this.job.symbolRank[u]!);
    this.bestDistance = Infinity;
    // No stock leg on an index: its shares cannot be bought or sold.
    if (this.stockLegs && c.kind[u] === UnderlyingKind.Index) return;
    const state = v.underlyingState(u);
    if (!(state.price > 0)) return;
    this.ctx = { view: v, rows: this.rowCache, state };
    this.kernel.setUnderlying(u, state);
    this.rowCache.reset(u, c.optionStart[u]!, c.optionEnd[u]!, state.price, state.dividendYield);
    this.scratch.reset();
    const groups = this.eligibleGroups(u, groupFrom, groupTo);
    if (groups.length === 0) return;
    const mode = this.plan.structure.mode;
    if (mode === 'slots') {
      for (let gi = 0; gi < groups.length; gi++) this.scanGroup(gi, groups[gi]!);
    } else {
      for (let f = 0; f < groups.length; f++) this.scanTimeSpreads(f, groups, mode);
    }
  }

  /**
   * Groups of `u` (within [from, to) when given) whose expiration passes; fills `eligible` per
   * group and option leg.
   */
  eligibleGroups(u: number, from?: number, to?: number): number[] {
    const v = this.view;
    const g = v.cols.groups;
    const c = v.cols.underlyings;
    const plan = this.plan;
    let groups: number[] = [];
    for (let gi = from ?? c.groupStart[u]!; gi < (to ?? c.groupEnd[u]!); gi++) {
      const start = g.start[gi]!;
      if (g.end[gi]! <= start) continue;
      if (!(v.expiryMs[g.expiration[gi]!]! > v.asOfMs)) continue;
      let ok = true;
      for (const t of plan.expiration) {
        if (!t.test(t.get(this.ctx, start))) {
          ok = false;
          break;
        }
      }
      if (ok) groups.push(gi);
    }
    if (plan.closestDays !== null && groups.length > 0) {
      let best = -1;
      let bestD = Infinity;
      for (const gi of groups) {
        const d = Math.abs(legDays(this.ctx, g.start[gi]!) - plan.closestDays);
        if (d < bestD) {
          best = gi;
          bestD = d;
        }
      }
      groups = best >= 0 ? [best] : [];
    }
    if (this.spans.length < 2 * groups.length) this.spans = new Int32Array(4 * groups.length);
    this.eligible.length = 0;
    for (let index = 0; index < groups.length; index++)
      this.eligible.push(this.legEligibility(groups[index]!, index));
    return groups;
  }

  /**
   * Per option leg, which strike indices of group `gi` the leg may use; the span of strikes they
   * may be in goes to `spans` at `index`.
   */
  legEligibility(gi: number, index: number): Uint8Array[] {
    const v = this.view;
    const g = v.cols.groups;
    const plan = this.plan;
    const start = g.start[gi]!;
    const m = (g.end[gi]! - start) >> 1;
    const ctx = this.ctx;
    // Options passing the filters common to every leg: of the rights the legs use (both for the
    // closest moneyness, which looks at strikes with either right passing).
    if (this.common.length < 2 * m) this.common = new Uint8Array(4 * m);
    const common = this.common.fill(0, 0, 2 * m);
    const rights = plan.closestMoneyness !== null ? BOTH_RIGHTS : this.rights;
    // Only the run of strikes a moneyness range lets through is tested (with 1e-9 of the price
    // as slack on either side, so that rounding of (K − S) / S leaves the test to decide).
    let from = 0;
    let to = m;
    const range = plan.moneynessRange;
    if (range) {
      const S = ctx.state.price;
      const slack = 1e-9 * Math.max(1, S);
      const strike = v.cols.options.strike;
      if (range.min !== null) from = strikeIndex(strike, start, m, S + range.min * S - slack, false);
      if (range.max !== null) to = strikeIndex(strike, start, m, S + range.max * S + slack, true);
    }
    for (let i = 2 * from; i < 2 * to; i++) {
      if (!(rights & (1 << (i & 1)))) continue;
      const row = start + i;
      if (!isTradable(v, row)) continue;
      let ok = true;
      for (const t of plan.everyLeg) {
        if (!t.test(t.get(ctx, row))) {
          ok = false;
          break;
        }
      }
      common[i] = ok ? 1 : 0;
    }
    if (plan.closestMoneyness !== null) {
      // The strike nearest the target moneyness among strikes with a passing option.
      let best = -1;
      let bestD = Infinity;
      for (let j = 0; j < m; j++) {
        if (!common[2 * j] && !common[2 * j + 1]) continue;
        const d = Math.abs(LEG_NUMBERS.moneyness!(ctx, start + 2 * j) - plan.closestMoneyness);
        if (d < bestD) {
          best = j;
          bestD = d;
        }
      }
      for (let j = 0; j < m; j++) {
        if (j === best) continue;
        common[2 * j] = 0;
        common[2 * j + 1] = 0;
      }
    }
    this.spans[2 * index] = from;
    this.spans[2 * index + 1] = to;
    const options = plan.structure.options;
    const eligible: Uint8Array[] = [];
    for (let leg = 0; leg < options.length; leg++) {
      const slot = options[leg]!;
      const out = this.scratch.bytes(m);
      const side = slot.isCall ? 0 : 1;
      const tests = plan.byLeg[leg]!;
      for (let j = from; j < to; j++) {
        const row = start + 2 * j + side;
        if (!common[2 * j + side]) continue;
        let ok = true;
        for (const t of tests) {
          if (!t.test(t.get(ctx, row))) {
            ok = false;
            break;
          }
        }
        out[j] = ok ? 1 : 0;
      }
      const target = plan.closestDelta[leg];
      if (target !== null && target !== undefined) {
        let best = -1;
        let bestD = Infinity;
        for (let j = from; j < to; j++) {
          if (!out[j]) continue;
          const d = Math.abs(this.rowCache.legDelta(start + 2 * j + side) - target);
          if (d < bestD) {
            best = j;
            bestD = d;
          }
        }
        out.fill(0);
        if (best >= 0) out[best] = 1;
      }
      eligible.push(out);
    }
    return eligible;
  }

  /** Same-expiration structures: strike slots ascending (condor shapes body first). */
  scanGroup(index: number, gi: number): void {
    const v = this.view;
    const g = v.cols.groups;
    const start = g.start[gi]!;
    const m = (g.end[gi]! - start) >> 1;
    const s = this.plan.structure;
    const eligible = this.eligible[index]!;
    if (this.condor && !this.stopWhenFull) {
      this.scanCondorGroup(eligible, start, m);
      return;
    }
    if (this.strangle && !this.stopWhenFull && this.job.stopWhenFull) {
      this.scanStrangleGroup(eligible, start, m);
      return;
    }
    // The strikes some leg may use: [lo, hi), the group's strike indices less `lo` from here on.
    let lo = this.spans[2 * index]!;
    let hi = this.spans[2 * index + 1]!;
    while (lo < hi && !anyEligible(eligible, lo)) lo++;
    while (hi > lo && !anyEligible(eligible, hi - 1)) hi--;
    if (lo === hi) return;
    const n = hi - lo;
    const base = start + 2 * lo;
    const combos = this.combinations;
    combos.start(s.strikeSlots, n, v.cols.options.strike, base, this.widthMax ?? Infinity, s.equalWings);
    // A strike index works for a slot when every leg in the slot may use it.
    const ok = combos.ok;
    for (let leg = 0; leg < s.options.length; leg++) {
      const at = s.options[leg]!.strikeSlot * n;
      const e = eligible[leg]!;
      for (let j = 0; j < n; j++) ok[at + j] = ok[at + j]! & e[lo + j]!;
    }
    // The rounding tolerances of the bounds scale with the group's top strike, whatever the span.
    const top = v.cols.options.strike[start + 2 * (m - 1)]!;
    this.boundLoss(base, n, top);
    this.boundKey(base, n, top);
    combos.run(this);
  }

  /** A combination `combinations` picked (strike indices from its base): evaluated. */
  visit(picked: Int32Array): void {
    const options = this.plan.structure.options;
    const base = this.combinations.base;
    for (let leg = 0; leg < this.legs; leg++) {
      const o = options[leg]!;
      this.rowBuf[leg] = base + 2 * picked[o.strikeSlot]! + (o.isCall ? 0 : 1);
    }
    this.evaluate();
  }

  /** The key bound's floor (`boundKey`): the oriented worst key of the full top list, less the margin. */
  floor(): number {
    return this.keySign * this.list.worstFirstKey() - this.keyMargin;
  }

  /** A trade skipped for its key: the underlying's count of passing trades is a lower bound. */
  skipped(): void {
    this.inexact = true;
  }

  /** Short strangles and straddles, with their probability bounds (condor.ts). */
  scanStrangleGroup(eligible: readonly Uint8Array[], start: number, m: number): void {
    this.strangleSink ??= new StrangleTrades(this, this.strangle!);
    this.strangleSink.start = start;
    if (
      scanStrangles(this.strangle!, this.condorKey, this.condorGroup(eligible, start, m), this.strangleSink)
    )
      this.inexact = true;
  }

  /**
   * The current underlying's max-loss limit (the max loss and max loss percent filters' upper
   * bounds; +∞ without), plus 1e-9 of the price scale (`top`: the expiration's highest strike) for
   * the rounding of the bounds that prune against it.
   */
  lossLimit(top: number): number {
    const plan = this.plan;
    const S = this.ctx.state.price;
    let limit = Infinity;
    if (plan.lossMax !== null) limit = plan.lossMax;
    if (plan.lossPercentMax !== null) limit = Math.min(limit, plan.lossPercentMax * S);
    return limit + 1e-9 * Math.max(1, S, top);
  }

  /** The group as the condor and strangle scans take it. */
  condorGroup(eligible: readonly Uint8Array[], start: number, m: number): CondorGroup {
    const v = this.view;
    const o = v.cols.options;
    const plan = this.plan;
    const top = m > 0 ? o.strike[start + 2 * (m - 1)]! : 0;
    return {
      eligible,
      strikeCount: m,
      strikes: o.strike,
      bid: o.bid,
      ask: o.ask,
      base: start,
      level: plan.level,
      lossLimit: this.lossLimit(top),
      widthMax: this.widthMax ?? Infinity,
      rank: this.job.stopWhenFull,
      distribution: v.distribution(this.u, o.expiration[start]!),
    };
  }

  /** Iron condors and butterflies body first, with their loss and key bounds (condor.ts). */
  scanCondorGroup(eligible: readonly Uint8Array[], start: number, m: number): void {
    this.condorSink ??= new CondorTrades(this, this.condor!);
    this.condorSink.start = start;
    if (scanCondors(this.condor!, this.condorKey, this.condorGroup(eligible, start, m), this.condorSink))
      this.inexact = true;
  }

  /**
   * The max-loss bound of one expiration's combinations (enumerate.ts), when a max loss or max
   * loss percent filter has an upper bound: per slot and strike, the legs' exact terms of −P/L(0)
   * (w·fill, less w·K for puts) and −P/L(∞) (w·fill, plus w·K for calls), into `combinations`
   * (started, its slots' strikes set). Strike index j is the strike of row `start` + 2j; `top` is
   * the group's highest strike (the rounding tolerance's scale).
   */
  boundLoss(start: number, m: number, top: number): void {
    const limit = this.lossLimit(top);
    if (limit === Infinity) return;
    const plan = this.plan;
    const v = this.view;
    const o = v.cols.options;
    const s = plan.structure;
    let fixed = 0;
    let slope = 0;
    const c = v.cols.underlyings;
    for (const leg of s.legs) {
      if (leg.kind !== 'stock') {
        if (s.options[leg.option]!.isCall) slope += s.options[leg.option]!.quantity;
        continue;
      }
      const w = leg.quantity / 100;
      slope += w;
      fixed += w * fillPrice(c.bid[this.u]!, c.ask[this.u]!, leg.quantity, plan.level);
    }
    const combos = this.combinations;
    const { ok, atZero, atInfinity } = combos;
    for (let slot = 0; slot < s.strikeSlots; slot++) {
      for (let j = 0; j < m; j++) {
        const at = slot * m + j;
        if (!ok[at]) {
          atZero[at] = Infinity;
          atInfinity[at] = Infinity;
          continue;
        }
        let t0 = 0;
        let tInf = 0;
        for (const leg of s.options) {
          if (leg.strikeSlot !== slot) continue;
          const row = start + 2 * j + (leg.isCall ? 0 : 1);
          const w = leg.quantity;
          const wf = w * fillPrice(o.bid[row]!, o.ask[row]!, w, plan.level);
          const wk = w * o.strike[row]!;
          t0 += leg.isCall ? wf : wf - wk;
          tInf += leg.isCall ? wf + wk : wf;
        }
        atZero[at] = t0;
        atInfinity[at] = tInf;
      }
    }
    combos.limit = limit;
    combos.flat = slope === 0;
    combos.fixed = fixed;
  }

  /**
   * The key bound of one expiration's combinations (enumerate.ts) in a grouped scan ranked first by
   * expected value: with F the forward to the expiry and C(K) = E[(S_T − K)⁺] (the row cache's
   * terms, which the kernel sums too), E[P/L] is the sum over legs of w·(C(K) − fill), plus
   * w·(K − F) for a put and w·(F − fill) for shares. Point masses (no time or no volatility) are
   * left unbounded. Into `combinations` as `boundLoss`, with the margin `floor` takes off.
   */
  boundKey(start: number, m: number, top: number): void {
    const plan = this.plan;
    const first = plan.sort[0];
    if (
      !this.job.stopWhenFull ||
      plan.closestWidth !== null ||
      first?.kind !== 'trade' ||
      first.id !== METRIC.spread_expected_value
    )
      return;
    const rows = this.rowCache;
    const state = this.ctx.state;
    if (!(rows.years(start) > 0 && state.iv > 0)) return;
    const o = this.view.cols.options;
    const c = this.view.cols.underlyings;
    const s = plan.structure;
    const sign = first.desc ? 1 : -1;
    const forward = rows.forward(start);
    let fixed = 0;
    let weights = 0;
    for (const leg of s.legs) {
      if (leg.kind !== 'stock') continue;
      const w = leg.quantity / 100;
      fixed += w * (forward - fillPrice(c.bid[this.u]!, c.ask[this.u]!, leg.quantity, plan.level));
      weights += Math.abs(w);
    }
    const combos = this.combinations;
    const { ok, keyTerms } = combos;
    for (let slot = 0; slot < s.strikeSlots; slot++) {
      for (let j = 0; j < m; j++) {
        const at = slot * m + j;
        if (!ok[at]) {
          keyTerms[at] = -Infinity;
          continue;
        }
        let t = 0;
        for (const leg of s.options) {
          if (leg.strikeSlot !== slot) continue;
          const row = start + 2 * j + (leg.isCall ? 0 : 1);
          const w = leg.quantity;
          t += w * (rows.callExpectation(row) - fillPrice(o.bid[row]!, o.ask[row]!, w, plan.level));
          if (!leg.isCall) t += w * (o.strike[row]! - forward);
        }
        keyTerms[at] = sign * t;
      }
    }
    for (const leg of s.options) weights += Math.abs(leg.quantity);
    combos.hasKey = true;
    combos.keyFixed = sign * fixed;
    this.keySign = sign;
    // The kernel adds the same terms in another order: rounding of order 1e-16 of the largest.
    this.keyMargin = 1e-9 * weights * Math.max(1, state.price, forward, top);
  }

  /**
   * Calendars (same strike) and diagonals (strikes in the template's slot order: a call diagonal
   * buys the lower back-month strike, a put diagonal the higher) with front expiration `groups[fi]`
   * and any later one as the back, looped by front strike, then back expiration and strike (the
   * tie-break order of their rows).
   */
  scanTimeSpreads(fi: number, groups: readonly number[], mode: 'calendar' | 'diagonal'): void {
    const v = this.view;
    const g = v.cols.groups;
    const strikes = v.cols.options.strike;
    const s = this.plan.structure;
    const front = s.options.findIndex((o) => o.expirationSlot === 0);
    const back = s.options.findIndex((o) => o.expirationSlot === 1);
    const fo = s.options[front]!;
    const bo = s.options[back]!;
    const gf = groups[fi]!;
    const fStart = g.start[gf]!;
    const fm = (g.end[gf]! - fStart) >> 1;
    const fe = this.eligible[fi]![front]!;
    const fSide = fo.isCall ? 0 : 1;
    const bSide = bo.isCall ? 0 : 1;
    const backLower = fo.strikeSlot > bo.strikeSlot;
    // Max loss ≥ the net debit (the P/L at 0 is −debit or above it, docs/ENGINE.md): with a max loss
    // filter, a spread costing more is skipped before the kernel sees it.
    const plan = this.plan;
    const limit = this.lossLimit(strikes[fStart + 2 * (fm - 1)]!);
    const o = v.cols.options;
    const fillOf = (row: number, qty: number) => fillPrice(o.bid[row]!, o.ask[row]!, qty, plan.level);
    // Ranked by IV ratio first (the sold front's IV over the bought back's, descending), a spread
    // whose ratio is under the worst kept one cannot enter the list (1e-12 covers the kernel's
    // rounding of its weighted means).
    const first = plan.sort[0];
    const byIvRatio =
      this.job.stopWhenFull &&
      first?.kind === 'trade' &&
      first.id === METRIC.iv_ratio &&
      first.desc &&
      fo.quantity < 0 &&
      bo.quantity > 0;
    const list = this.list;
    for (let j = 0; j < fm; j++) {
      if (!fe[j]) continue;
      const kf = strikes[fStart + 2 * j]!;
      this.rowBuf[front] = fStart + 2 * j + fSide;
      const frontCost = fo.quantity * fillOf(this.rowBuf[front]!, fo.quantity);
      const frontIv = o.iv[this.rowBuf[front]!]!;
      for (let bi = fi + 1; bi < groups.length; bi++) {
        const gb = groups[bi]!;
        const bStart = g.start[gb]!;
        const bm = (g.end[gb]! - bStart) >> 1;
        const be = this.eligible[bi]![back]!;
        for (let k = 0; k < bm; k++) {
          const kb = strikes[bStart + 2 * k]!;
          if (mode === 'calendar' ? kb !== kf : backLower ? !(kb < kf) : !(kb > kf)) continue;
          if (!be[k]) continue;
          if (this.widthMax !== null && Math.abs(kb - kf) > this.widthMax) continue;
          const row = bStart + 2 * k + bSide;
          if (limit !== Infinity && frontCost + bo.quantity * fillOf(row, bo.quantity) > limit) continue;
          if (byIvRatio) {
            // NaN while the list has room: then nothing is skipped.
            const worst = list.worstFirstKey();
            if (frontIv / o.iv[row]! < worst - 1e-12 * Math.abs(worst)) {
              this.inexact = true;
              continue;
            }
          }
          this.rowBuf[back] = row;
          this.evaluate();
        }
      }
    }
  }

  /** The trade in `rowBuf`: filters, keys, top list. */
  evaluate(): void {
    if ((++this.evaluated & (CHECK_EVERY - 1)) === 0 && Atomics.load(this.job.cancel, 0) !== 0) {
      this.cancelled = true;
      throw CANCELLED;
    }
    const k = this.kernel;
    const plan = this.plan;
    const s = plan.structure;
    k.begin(s.strategy, plan.level);
    const legs = s.legs;
    for (let i = 0; i < legs.length; i++) {
      const leg = legs[i]!;
      if (leg.kind === 'stock') k.setStock(i, leg.quantity);
      else k.setOption(i, this.rowBuf[leg.option]!, s.options[leg.option]!.quantity);
    }
    k.finish();
    for (const t of plan.trade) {
      let x: number;
      if (t.kind === 'metric') x = k.metric(t.id);
      else if (t.kind === 'breakeven') x = k.breakeven(t.name, t.index);
      else x = k.scenario(t.name, t.shift);
      if (!t.test(x)) return;
    }
    // Only trades with something to gain and something to lose (after the filters, which are
    // cheaper and usually need the same P/L extremes).
    if (!k.takeable()) return;
    if (plan.closestWidth !== null) {
      const d = Math.abs(k.metric(METRIC.spread_width) - plan.closestWidth);
      if (!(d <= this.bestDistance)) return;
      if (d < this.bestDistance) {
        this.bestDistance = d;
        this.list.reset(this.job.symbolRank[this.u]!);
      }
    }
    const keys = this.keyBuf;
    for (let i = 0; i < plan.sort.length; i++) keys[i] = this.sortValue(i);
    this.list.offer(keys, this.rowBuf);
    if (this.stopWhenFull && this.list.size === this.list.capacity) throw FULL;
  }

  sortValue(i: number): number {
    const key = this.plan.sort[i]!;
    const k = this.kernel;
    switch (key.kind) {
      case 'underlying':
        return this.job.underlyingKeys[i]![this.u]!;
      case 'trade':
        return k.metric(key.id);
      case 'breakeven':
        return k.breakeven(key.name, key.index);
      case 'scenario':
        return key.shift ? k.scenario(key.name, key.shift) : Number.NaN;
      case 'leg':
        return key.index <= this.legs
          ? LEG_NUMBERS[key.name]!(this.ctx, this.rowBuf[key.index - 1]!)
          : Number.NaN;
    }
  }
}

const BOTH_RIGHTS = 3;

/** True when some option leg may use strike index j. */
function anyEligible(eligible: readonly Uint8Array[], j: number): boolean {
  for (let leg = 0; leg < eligible.length; leg++) if (eligible[leg]![j]) return true;
  return false;
}

/**
 * The first strike index j of the group at `start` (m strikes, ascending, the call of strike j at
 * row start + 2j) whose strike is at least `x` (over `x` when `past`); m when none.
 */
function strikeIndex(strike: Float64Array, start: number, m: number, x: number, past: boolean): number {
  let lo = 0;
  let hi = m;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const k = strike[start + 2 * mid]!;
    if (past ? k > x : k >= x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
const CANCELLED = new Error('cancelled');
/** The underlying's best trades are known: stop enumerating it. */
const FULL = new Error('full');

/**
 * Where the condor and strangle scans offer their trades: the scanner's top list. One object per
 * scanner, its methods the same call targets for every group and scan (closures made per group
 * were new targets each time, see docs/ENGINE.md).
 */
abstract class ListSink<Shape> {
  /** The current group's first option row. */
  start = 0;
  protected readonly scanner: ShardScanner;
  protected readonly shape: Shape;

  constructor(scanner: ShardScanner, shape: Shape) {
    this.scanner = scanner;
    this.shape = shape;
  }

  worst(): number {
    return this.scanner.list.worstFirstKey();
  }
}

class CondorTrades extends ListSink<CondorShape> implements CondorSink {
  visit(j0: number, j1: number, j2: number, j3: number): void {
    const shape = this.shape;
    const start = this.start;
    const rows = this.scanner.rowBuf;
    rows[shape.longPut] = start + 2 * j0 + 1;
    rows[shape.shortPut] = start + 2 * j1 + 1;
    rows[shape.shortCall] = start + 2 * j2;
    rows[shape.longCall] = start + 2 * j3;
    this.scanner.evaluate();
  }
}

class StrangleTrades extends ListSink<StrangleShape> implements StrangleSink {
  visit(put: number, call: number): void {
    const rows = this.scanner.rowBuf;
    rows[this.shape.put] = this.start + 2 * put + 1;
    rows[this.shape.call] = this.start + 2 * call;
    this.scanner.evaluate();
  }
}
