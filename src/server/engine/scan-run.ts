/**
 * One scan from start to merged result, on the main thread: pin the frame, compile, run the
 * underlying stage, shard the survivors over the shard runner (worker pool or in-process), merge
 * the shards' top lists into one order, and capture the market of the kept trades.
 *
 * Grouped scans keep, per ticker, its best trade and up to `SIMILAR` more (and count the rest);
 * the tickers are ordered by their best trade. A narrowed scan keeps the ticker's best
 * `NARROWED_MAX` trades. `totalCount` is counted, never materialised.
 */
import type { MarketSnapshot } from '../market/snapshot.ts';
import { type Capture, captureView } from './capture.ts';
import { MarketView } from './market-view.ts';
import { planScan, type ScanPlan } from './scan-plan.ts';
import type { ScanSpec } from './scan-spec.ts';
import { type ShardJob, type ShardResult, shardScanner } from './shard-scan.ts';
import { compareTrades } from './top-list.ts';
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
  /** Underlying row in the capture. */
  readonly u: number;
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
  readonly capture: Capture;
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
  /** Per capture underlying: the provider's name. */
  readonly names: readonly string[];
  /** Indicator column values with the scan's parameters, per capture underlying. */
  readonly indicators: ReadonlyMap<string, Float64Array>;
  readonly durationMs: number;
}

export interface MarketSource {
  snapshot(): MarketSnapshot;
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
  try {
    const instant = {
      buffers: snapshot.buffers,
      frameIndex: frame.index,
      asOfMs: frame.time,
      riskFreeRate: opts.market.riskFreeRate(),
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
    const jobs: ShardJob[] = [];
    for (let i = 0; i < underlyings.length; i += opts.shardSize) {
      jobs.push({
        spec,
        instant,
        underlyings: Int32Array.from(underlyings.slice(i, i + opts.shardSize)),
        symbolRank,
        underlyingKeys,
        capacity,
        cancel: opts.cancel,
        stopWhenFull: !narrowed,
      });
    }
    const results = await opts.runShards(jobs);
    if (Atomics.load(opts.cancel, 0) !== 0 || results.some((r) => r.cancelled))
      throw new ScanCancelledError();
    return finish(view, plan, results, symbolRank, narrowed, underlyings.length, opts.extras, started);
  } finally {
    snapshot.unpin(frame);
  }
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
  started: number,
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
  const { capture, rowOf } = captureView(view, kept, used);
  const groups: ResultGroup[] = raw.map((g) => ({
    u: capture.underlyingOf.get(g.u)!,
    symbol: view.symbols[g.u]!,
    count: g.count,
    exact: g.exact,
    trades: Array.from({ length: g.size }, (_, t) => ({
      rows: Int32Array.from(g.rows.subarray(t * legs, (t + 1) * legs), (r) => rowOf[r]!),
      keys: g.keys.slice(t * kc, (t + 1) * kc),
    })),
  }));
  const indicators = new Map<string, Float64Array>();
  for (const name of INDICATORS) {
    if (!plan.underlying.some((f) => f.definition.name === name)) continue;
    indicators.set(
      name,
      Float64Array.from(kept, (u) => underlyingValue(view, u, name, plan, extras) as number),
    );
  }
  return {
    plan,
    capture,
    groups,
    narrowed,
    tradeCount,
    evaluated,
    scanned,
    asOfMs: view.asOfMs,
    names: kept.map((u) => extras.name(view.symbols[u]!)),
    indicators,
    durationMs: performance.now() - started,
  };
}

/** Runs the shards one after another on this thread (tests, tiny markets, no pool). */
export const runShardsHere: ShardRunner = async (jobs) => {
  if (jobs.length === 0) return [];
  const scanner = shardScanner(jobs[0]!);
  return jobs.map((job) => scanner.run(job.underlyings));
};
