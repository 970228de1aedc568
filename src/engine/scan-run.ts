/**
 * One scan from start to merged result, on the main thread: pin the frame, compile, run the
 * underlying stage, shard the survivors over the shard runner (worker pool or in-process), merge
 * the shards' top lists into one order, and capture the market of the kept trades (then unpin).
 * With `deferCapture` the result stays on the pinned frame until `settle()`: the engine builds
 * the first page from the live frame, answers, and captures after.
 *
 * Grouped scans keep, per ticker, its best trade and up to `SIMILAR` more (and count the rest);
 * the tickers are ordered by their best trade. A narrowed scan keeps the ticker's best
 * `NARROWED_MAX` trades. `totalCount` is counted, never materialised.
 */
import type { ProbabilityModel } from '#domain/pricing/terminal-distribution.ts';
import { type Capture, captureView } from './capture.ts';
import { MarketView } from './market-view.ts';
import { planScan, type ScanPlan } from './scan-plan.ts';
import type { ScanSpec } from './scan-spec.ts';
import { type ShardJob, type ShardResult, shardScanner } from './shard-scan.ts';
import type { SnapshotBuffers } from './snapshot-layout.ts';
import { compareTrades, TopList } from './top-list.ts';
import {
  passingUnderlyings,
  symbolRanks,
  type UnderlyingExtras,
  underlyingSortValues,
  underlyingValue,
} from './underlying-stage.ts';

/** Trades shown with each ticker besides its best one (the "similar trades" on expand). */
export const SIMILAR = 9;
/** Trades a narrowed scan keeps (its pages and the options export). */
export const NARROWED_MAX = 1000;

export interface ResultTrade {
  /** Option rows in leg order, rows of the capture. */
  readonly rows: Int32Array;
  readonly keys: Float64Array;
}

export interface ResultGroup {
  /** Underlying row in the result's view (`ScanResult.capture`). */
  readonly u: number;
  /** Position in the result order (the index of `names` and `indicators`). */
  readonly index: number;
  readonly symbol: string;
  /** Passing trades of the ticker: all of them when `exact`, else at least this many. */
  readonly count: number;
  /** False when the ticker's scan stopped once its best trades were known (grouped scans). */
  readonly exact: boolean;
  /** Best first. */
  readonly trades: readonly ResultTrade[];
}

export interface ScanResult {
  readonly plan: ScanPlan;
  /**
   * The market the groups' rows refer to: the copy of the kept trades' market, or, until
   * `settle()` when the capture was deferred, the pinned live frame itself.
   */
  readonly capture: Capture;
  /**
   * Takes the capture (when deferred) and unpins the frame; once: later calls do nothing, or throw
   * what the capture threw.
   */
  settle(): void;
  /** Tickers in result order (one group for a narrowed scan). */
  readonly groups: readonly ResultGroup[];
  readonly narrowed: boolean;
  /** Passing trades found (every one for narrowed scans; grouped scans stop early per ticker). */
  readonly tradeCount: number;
  /** Combinations that reached the trade stage. */
  readonly evaluated: number;
  /** Underlyings that passed the underlying stage. */
  readonly scanned: number;
  readonly asOfMs: number;
  /** Per group (`ResultGroup.index`): the provider's name. */
  readonly names: readonly string[];
  /** Indicator column values with the scan's parameters, per group (`ResultGroup.index`). */
  readonly indicators: ReadonlyMap<string, Float64Array>;
  /** Wall-clock time of the run, with any time its parts waited behind other scans' in the workers. */
  readonly durationMs: number;
  /**
   * The scan's own compute time: its stages on the calling thread plus its parts' time spread over
   * the threads that ran them, about what it takes on an idle engine. Time queued behind other
   * scans is not counted, so it measures what the scan costs, not how busy the server is.
   */
  readonly computeMs: number;
}

/** A frame of a snapshot a scan holds while it runs: which of the buffers' frames, and its instant. */
export interface PinnedFrame {
  /** 0 or 1. */
  readonly index: number;
  /** Market instant of the frame (epoch ms). */
  readonly time: number;
}

/**
 * What a scan reads the market from: the server's double-buffered snapshot, whose writer skips a
 * pinned frame, or the device's single frame, which nothing writes.
 */
export interface FrameSource {
  readonly buffers: SnapshotBuffers;
  pin(): PinnedFrame;
  unpin(frame: PinnedFrame): void;
}

export interface MarketSource {
  snapshot(): FrameSource;
  riskFreeRate(): number;
}

export type ShardRunner = (jobs: readonly ShardJob[]) => Promise<readonly ShardResult[]>;

export class ScanCancelledError extends Error {
  override readonly name = 'ScanCancelledError';
}

const INDICATORS = ['rsi', 'ma', 'ma_percentile', 'ma_crossover', 'macd', 'stochastic', 'bollinger'] as const;

export interface ScanRunOptions {
  readonly market: MarketSource;
  readonly extras: UnderlyingExtras;
  readonly runShards: ShardRunner;
  /** Shared flag the shards poll: 1 stops them. */
  readonly cancel: Int32Array;
  /** Underlyings per shard job (smaller jobs balance workers better). */
  readonly shardSize: number;
  /**
   * Threads the jobs run on (default 1). With more, the jobs are balanced by the size of their
   * chains, largest first, and a chain larger than a job's share is cut by expiration.
   */
  readonly threads?: number;
  /** Leave the kept trades on the pinned frame until the result's `settle()`. */
  readonly deferCapture?: boolean;
  /** The distribution of probabilities and expected value (default `smile`; docs/METRICS.md). */
  readonly probabilityModel?: ProbabilityModel;
  readonly warn: (msg: string) => void;
}

let ranksCache: { symbols: readonly string[]; ranks: Int32Array } | null = null;

function ranksOf(symbols: readonly string[]): Int32Array {
  if (ranksCache?.symbols !== symbols) ranksCache = { symbols, ranks: symbolRanks(symbols) };
  return ranksCache.ranks;
}

export async function runScan(spec: ScanSpec, opts: ScanRunOptions): Promise<ScanResult> {
  const started = performance.now();
  const snapshot = opts.market.snapshot();
  const frame = snapshot.pin();
  // Once there is a result, the frame is its to unpin (`settle`).
  let result: ScanResult | null = null;
  try {
    const instant = {
      buffers: snapshot.buffers,
      frameIndex: frame.index,
      asOfMs: frame.time,
      riskFreeRate: opts.market.riskFreeRate(),
      probabilityModel: opts.probabilityModel ?? 'smile',
    };
    const view = new MarketView(instant);
    const plan = planScan(spec, instant.asOfMs, opts.warn);
    const narrowed = (spec.narrowedToSymbol ?? null) !== null;
    const underlyings = plan.impossible ? [] : passingUnderlyings(view, plan, opts.extras);
    const symbolRank = ranksOf(view.symbols);
    const underlyingKeys = plan.sort.map((k) =>
      k.kind === 'underlying'
        ? underlyingSortValues(view, underlyings, k.name, plan, opts.extras)
        : new Float64Array(0),
    );
    const capacity = narrowed ? NARROWED_MAX : SIMILAR + 1;
    const jobs = shardParts(view, plan, underlyings, opts).map(
      ({ underlyings, groupRange }): ShardJob => ({
        spec,
        instant,
        underlyings,
        groupRange,
        symbolRank,
        underlyingKeys,
        capacity,
        cancel: opts.cancel,
        stopWhenFull: !narrowed,
      }),
    );
    const sent = performance.now();
    const results = await opts.runShards(jobs);
    const waited = performance.now() - sent;
    if (Atomics.load(opts.cancel, 0) !== 0 || results.some((r) => r.cancelled))
      throw new ScanCancelledError();
    const threads = Math.max(1, Math.min(opts.threads ?? 1, jobs.length));
    const partsMs = results.reduce((ms, r) => ms + r.computeMs, 0) / threads;
    // The parts' share instead of the wait for them: the rest of the run is this thread's own work.
    const timing = { started, partsMs: partsMs - waited };
    result = finish(view, plan, results, symbolRank, narrowed, underlyings.length, opts.extras, timing, () =>
      snapshot.unpin(frame),
    );
    if (!opts.deferCapture) result.settle();
    return result;
  } finally {
    if (result === null) snapshot.unpin(frame);
  }
}

interface ShardPart {
  readonly underlyings: Int32Array;
  readonly groupRange: Int32Array | null;
}

/**
 * The scan's jobs. On one thread: `shardSize` underlyings each. On several, where the slowest job
 * sets the time: each job takes about an equal share of the work, estimated per expiration as
 * (strikes)^(strike slots) (what the strike loops enumerate before their bounds), largest jobs
 * first; a chain over a share alone (the index chains: hundreds of strikes, daily expirations)
 * is cut into jobs of consecutive expirations, unless the strategy needs the underlying's
 * expirations together (time spreads, closest days to expiration, closest spread width).
 */
function shardParts(
  view: MarketView,
  plan: ScanPlan,
  underlyings: readonly number[],
  opts: ScanRunOptions,
): ShardPart[] {
  const parts: ShardPart[] = [];
  const threads = opts.threads ?? 1;
  if (threads <= 1) {
    for (let i = 0; i < underlyings.length; i += opts.shardSize)
      parts.push({
        underlyings: Int32Array.from(underlyings.slice(i, i + opts.shardSize)),
        groupRange: null,
      });
    return parts;
  }
  const c = view.cols.underlyings;
  const g = view.cols.groups;
  const power = Math.max(1, plan.structure.strikeSlots);
  const groupCost = (gi: number) => (Math.max(0, g.end[gi]! - g.start[gi]!) / 2) ** power;
  const cost = underlyings.map((u) => {
    let sum = 0;
    for (let gi = c.groupStart[u]!; gi < c.groupEnd[u]!; gi++) sum += groupCost(gi);
    return sum;
  });
  const share = cost.reduce((a, b) => a + b, 0) / Math.max(1, Math.ceil(underlyings.length / opts.shardSize));
  const divisible =
    plan.structure.mode === 'slots' && plan.closestDays === null && plan.closestWidth === null;
  const sized: { part: ShardPart; cost: number }[] = [];
  let batch: number[] = [];
  let batchCost = 0;
  const close = () => {
    if (batch.length > 0)
      sized.push({ part: { underlyings: Int32Array.from(batch), groupRange: null }, cost: batchCost });
    batch = [];
    batchCost = 0;
  };
  underlyings.forEach((u, i) => {
    if (divisible && cost[i]! > share) {
      for (let from = c.groupStart[u]!, gi = from, part = 0; gi < c.groupEnd[u]!; gi++) {
        part += groupCost(gi);
        if (part < share && gi + 1 < c.groupEnd[u]!) continue;
        sized.push({
          part: { underlyings: Int32Array.of(u), groupRange: Int32Array.of(from, gi + 1) },
          cost: part,
        });
        from = gi + 1;
        part = 0;
      }
      return;
    }
    batch.push(u);
    batchCost += cost[i]!;
    if (batch.length >= opts.shardSize || batchCost >= share) close();
  });
  close();
  sized.sort((a, b) => b.cost - a.cost);
  return sized.map((s) => s.part);
}

interface RawGroup {
  u: number;
  count: number;
  exact: boolean;
  keys: Float64Array;
  rows: Int32Array;
  size: number;
}

function finish(
  view: MarketView,
  plan: ScanPlan,
  results: readonly ShardResult[],
  symbolRank: Int32Array,
  narrowed: boolean,
  scanned: number,
  extras: UnderlyingExtras,
  timing: { readonly started: number; readonly partsMs: number },
  unpin: () => void,
): ScanResult {
  const legs = plan.structure.options.length;
  const kc = plan.sort.length;
  const raw: RawGroup[] = [];
  let evaluated = 0;
  let tradeCount = 0;
  for (const r of results) {
    evaluated += r.evaluated;
    let k = 0;
    let w = 0;
    for (let i = 0; i < r.underlying.length; i++) {
      const size = r.size[i]!;
      raw.push({
        u: r.underlying[i]!,
        count: r.count[i]!,
        exact: r.exact[i] === 1,
        size,
        keys: r.keys.subarray(k, k + size * kc),
        rows: r.rows.subarray(w, w + size * legs),
      });
      tradeCount += r.count[i]!;
      k += size * kc;
      w += size * legs;
    }
  }
  const desc = plan.sort.map((s) => s.desc);
  mergeParts(raw, desc, symbolRank, legs, narrowed ? NARROWED_MAX : SIMILAR + 1);
  raw.sort((a, b) =>
    compareTrades(desc, a.keys, 0, symbolRank[a.u]!, a.rows, 0, b.keys, 0, symbolRank[b.u]!, b.rows, 0, legs),
  );
  const kept = raw.map((g) => g.u);
  const used = new Int32Array(raw.reduce((n, g) => n + g.rows.length, 0));
  let at = 0;
  for (const g of raw) {
    used.set(g.rows, at);
    at += g.rows.length;
  }
  const groups = raw.map((g, index) => new KeptGroup(index, g, view.symbols[g.u]!, legs, kc));
  // Until the capture is taken, the groups' rows are the live frame's.
  let capture: Capture = { view, underlyingOf: new Map(kept.map((u) => [u, u])), bytes: 0 };
  let settled = false;
  // A capture that failed leaves rows that would read an unpinned frame: every later use fails too.
  let failure: unknown = null;
  const settle = () => {
    if (failure !== null) throw failure;
    if (settled) return;
    settled = true;
    try {
      // Every kept trade's capture rows in one pass.
      const taken = captureView(view, kept, used);
      let from = 0;
      for (const g of groups) {
        const to = from + g.rowCount;
        g.moveTo(taken.capture.underlyingOf.get(kept[g.index]!)!, taken.captured.subarray(from, to));
        from = to;
      }
      capture = taken.capture;
    } catch (err) {
      failure = err;
      throw err;
    } finally {
      unpin();
    }
  };
  const indicators = new Map<string, Float64Array>();
  for (const name of INDICATORS) {
    if (!plan.underlying.some((f) => f.definition.name === name)) continue;
    indicators.set(
      name,
      Float64Array.from(kept, (u) => underlyingValue(view, u, name, plan, extras) as number),
    );
  }
  const durationMs = performance.now() - timing.started;
  return {
    plan,
    get capture() {
      return capture;
    },
    settle,
    groups,
    narrowed,
    tradeCount,
    evaluated,
    scanned,
    asOfMs: view.asOfMs,
    names: kept.map((u) => extras.name(view.symbols[u]!)),
    indicators,
    durationMs,
    computeMs: durationMs + timing.partsMs,
  };
}

/**
 * A ticker of the result: its trades' rows are made when first read (a page shows 20 of hundreds
 * of tickers, and 10 small arrays per ticker cost more than the scan's merge), and move from the
 * live frame to the capture when it is taken.
 */
class KeptGroup implements ResultGroup {
  u: number;
  readonly index: number;
  readonly symbol: string;
  readonly count: number;
  readonly exact: boolean;
  readonly rowCount: number;
  readonly #size: number;
  readonly #keys: Float64Array;
  readonly #legs: number;
  readonly #keyCount: number;
  #rows: Int32Array;
  #trades: ResultTrade[] | null = null;

  constructor(index: number, g: RawGroup, symbol: string, legs: number, keyCount: number) {
    this.index = index;
    this.u = g.u;
    this.symbol = symbol;
    this.count = g.count;
    this.exact = g.exact;
    this.rowCount = g.rows.length;
    this.#size = g.size;
    this.#keys = g.keys;
    this.#rows = g.rows;
    this.#legs = legs;
    this.#keyCount = keyCount;
  }

  get trades(): readonly ResultTrade[] {
    const legs = this.#legs;
    const kc = this.#keyCount;
    this.#trades ??= Array.from({ length: this.#size }, (_, t) => ({
      rows: this.#rows.subarray(t * legs, (t + 1) * legs),
      keys: this.#keys.subarray(t * kc, (t + 1) * kc),
    }));
    return this.#trades;
  }

  /** The group's underlying row and trades' rows in the capture. */
  moveTo(u: number, rows: Int32Array): void {
    this.u = u;
    this.#rows = rows;
    this.#trades = null;
  }
}

/**
 * An underlying cut into jobs by expiration comes back as several groups: one, with the best
 * `capacity` of their trades (a `TopList`, as in the shards), their counts added, exact when all
 * of them are.
 */
function mergeParts(
  raw: RawGroup[],
  desc: readonly boolean[],
  symbolRank: Int32Array,
  legs: number,
  capacity: number,
): void {
  const kc = desc.length;
  const first = new Map<number, RawGroup>();
  let list: TopList | null = null;
  let w = 0;
  for (const g of raw) {
    const into = first.get(g.u);
    if (!into) {
      first.set(g.u, g);
      raw[w++] = g;
      continue;
    }
    list ??= new TopList(capacity, desc, legs);
    list.reset(symbolRank[g.u]!);
    for (const part of [into, g])
      for (let t = 0; t < part.size; t++)
        list.offer(part.keys.subarray(t * kc, (t + 1) * kc), part.rows.subarray(t * legs, (t + 1) * legs));
    into.keys = list.keys.slice(0, list.size * kc);
    into.rows = list.rows.slice(0, list.size * legs);
    into.size = list.size;
    into.count += g.count;
    into.exact &&= g.exact;
  }
  raw.length = w;
}

/** Runs the shards one after another on this thread (tests, tiny markets, no pool). */
export const runShardsHere: ShardRunner = async (jobs) => {
  if (jobs.length === 0) return [];
  const scanner = shardScanner(jobs[0]!);
  return jobs.map((job) => scanner.run(job.underlyings, job.groupRange));
};
