/**
 * The scan engine's front: runs scans over the market on a worker pool (or in-process), within a
 * time budget and cancellable, caches each user's last results under a `cacheId`, and answers
 * pages of rows and CSV exports from the cache. See docs/ENGINE.md.
 */

import { availableParallelism } from 'node:os';
import { MARKET_SNAPSHOT_DEFAULT_NAMES } from '#api/market-snapshot.ts';
import type { ScanRunAnswer } from '#api/scans.ts';
import { DomainError } from '#domain/errors.ts';
import { filtersForStrategy } from '#domain/filters/filter-catalogue.ts';
import type { PriceSeries } from '#domain/filters/indicators/price-series.ts';
import type { ProbabilityModel } from '#domain/pricing/terminal-distribution.ts';
import type { ScreenerStrategyKey } from '#domain/strategies/strategy-key.ts';
import { rowsToCsv } from '#engine/csv.ts';
import { encodeDeviceSnapshot } from '#engine/device-snapshot.ts';
import {
  DEFAULT_PAGE_SIZE,
  type ScanRequest,
  scanColumns,
  scanPage,
  specKey,
  specOf,
} from '#engine/scan-page.ts';
import {
  type MarketSource,
  runScan,
  runShardsHere,
  ScanCancelledError,
  type ScanResult,
  type ShardRunner,
} from '#engine/scan-run.ts';
import type { ScanSpec } from '#engine/scan-spec.ts';
import { RowBuilder, type TradeRow } from '#engine/trade-rows.ts';
import type { UnderlyingExtras } from '#engine/underlying-stage.ts';
import type { DailyBar } from '../market/provider.ts';
import type { MarketSnapshot } from '../market/snapshot.ts';
import { type CacheEntry, ScanCache } from './scan-cache.ts';
import { WorkerPool } from './worker-pool.ts';

/** What the engine reads from the market: the snapshot, the rate, and (optionally) names and bars. */
export interface EngineMarket extends MarketSource {
  snapshot(): MarketSnapshot;
  underlying?(symbol: string): { readonly name: string } | undefined;
  bars?(symbol: string): readonly DailyBar[] | undefined;
}

export interface ScanEngineOptions {
  /** The market, created on first use (the simulator takes seconds to build). */
  readonly market: () => EngineMarket;
  /** Worker threads; 0 scans on the calling thread. Default: min(2, cores). */
  readonly workers?: number;
  /** A scan past this answers TIMEOUT (504). */
  readonly timeBudgetMs: number;
  /** Rows per page (tickers, or trades of a narrowed scan). */
  readonly pageSize?: number;
  /** The distribution of probabilities and expected value (PROBABILITY_MODEL; default `smile`). */
  readonly probabilityModel?: ProbabilityModel;
  readonly warn?: (msg: string) => void;
}

/** A page of results: the API's answer, built by the engine. */
export type ScanPage = ScanRunAnswer;

export type ExportKind = 'underlyings_page' | 'underlyings_all' | 'options_all';

/** Options in the options export, at most (spec 2 §9.5). */
export const EXPORT_MAX_OPTIONS = 1000;

/** Figures of the last scan the engine ran (benchmarks, logs). */
export interface ScanStats {
  readonly strategy: string;
  readonly durationMs: number;
  /** Combinations that reached the trade stage. */
  readonly evaluated: number;
  /** Underlyings past the underlying stage. */
  readonly scanned: number;
  /** Passing trades found. */
  readonly passing: number;
  readonly tickers: number;
}

export class ScanEngine {
  readonly pageSize: number;
  /** The last scan run (not served from the cache). */
  lastScan: ScanStats | null = null;
  readonly #opts: ScanEngineOptions;
  readonly #cache = new ScanCache();
  readonly #pool: WorkerPool | null;
  readonly #series = new Map<string, { day: number; series: PriceSeries | undefined }>();
  #market: EngineMarket | null = null;

  constructor(opts: ScanEngineOptions) {
    this.#opts = opts;
    this.pageSize = opts.pageSize ?? DEFAULT_PAGE_SIZE;
    const workers = opts.workers ?? Math.min(2, availableParallelism());
    this.#pool = workers > 0 ? new WorkerPool(workers) : null;
  }

  get market(): EngineMarket {
    this.#market ??= this.#opts.market();
    return this.#market;
  }

  /** Filter names offered for a strategy (spec 2 §7 'get available filters'). */
  filtersFor(strategy: ScreenerStrategyKey): string[] {
    return filtersForStrategy(strategy).map((f) => f.name);
  }

  /**
   * A page of a scan: from the user's cached result when `cacheId` names the same scan. A scan run
   * now answers its first page from the live frame and captures its market right after.
   */
  async run(user: string, request: ScanRequest, signal?: AbortSignal): Promise<ScanPage> {
    const { entry, fresh } = await this.#resultFor(user, request, signal);
    try {
      return this.#page(entry, fresh ? 0 : (request.page ?? 0), request);
    } finally {
      if (fresh) this.#settleSoon(entry);
    }
  }

  /**
   * A scan's first page run now, with its own compute time (`ScanResult.computeMs`: time queued
   * behind other scans not counted), kept in no user's cache: a watch check reads it once, and
   * its results would only take room from the results users page through.
   */
  async runOnce(request: ScanRequest): Promise<{ page: ScanPage; computeMs: number }> {
    const result = await this.#scan(specOf(request), undefined);
    const entry: CacheEntry = { cacheId: ScanCache.newId(), key: '', result };
    try {
      return { page: this.#page(entry, 0, request), computeMs: result.computeMs };
    } finally {
      this.#settleSoon(entry);
    }
  }

  /** A CSV export of a scan (cached or run now). */
  async exportCsv(
    user: string,
    kind: ExportKind,
    request: ScanRequest,
    signal?: AbortSignal,
  ): Promise<string> {
    const { entry, fresh } = await this.#resultFor(user, request, signal);
    try {
      return this.#csv(entry, kind, request);
    } finally {
      if (fresh) this.#settleSoon(entry);
    }
  }

  #csv(entry: CacheEntry, kind: ExportKind, request: ScanRequest): string {
    const columns = scanColumns(request);
    const result = entry.result;
    const rows = new RowBuilder(result, columns);
    const groups = result.groups;
    let trades: TradeRow[];
    if (result.narrowed) {
      const all = groups[0]?.trades ?? [];
      const g = groups[0];
      const from = kind === 'underlyings_page' ? (request.page ?? 0) * this.pageSize : 0;
      const to = kind === 'underlyings_page' ? from + this.pageSize : EXPORT_MAX_OPTIONS;
      trades = g ? all.slice(from, to).map((t) => rows.trade(g, t)) : [];
    } else if (kind === 'options_all') {
      trades = [];
      for (const g of groups) {
        for (const t of g.trades) {
          if (trades.length >= EXPORT_MAX_OPTIONS) break;
          trades.push(rows.trade(g, t));
        }
      }
    } else {
      const from = kind === 'underlyings_page' ? (request.page ?? 0) * this.pageSize : 0;
      const to = kind === 'underlyings_page' ? from + this.pageSize : groups.length;
      trades = groups.slice(from, to).map((g) => rows.trade(g, g.trades[0]!));
    }
    return rowsToCsv(columns, trades);
  }

  /**
   * Takes a fresh result's capture once the current answer is on its way (a cached result is
   * settled before use in any case, so nothing depends on when this runs). A failure there is a
   * defect: logged, the frame unpinned all the same.
   */
  #settleSoon(entry: CacheEntry): void {
    setImmediate(() => {
      try {
        entry.result.settle();
      } catch (err) {
        (this.#opts.warn ?? console.error)(`scan capture failed: ${(err as Error).stack ?? err}`);
      }
    });
  }

  /**
   * The device snapshot (docs/OFFLINE.md, "Scans on the device") of `symbols`, those the market
   * has, or, without symbols, of the MARKET_SNAPSHOT_DEFAULT_NAMES names with the most open
   * interest: the current frame, pinned while it is copied, with the names, bars, rate and
   * probability model the engine's scans use.
   */
  /**
   * The device snapshot of `symbols` (null: the names with the most open interest), and of `also`
   * (the underlyings of the user's watched scans), in row order.
   */
  deviceSnapshot(symbols: readonly string[] | null, also: readonly string[] = []): Uint8Array<ArrayBuffer> {
    const market = this.market;
    const snapshot = market.snapshot();
    const frame = snapshot.pin();
    try {
      return encodeDeviceSnapshot(
        {
          buffers: snapshot.buffers,
          frameIndex: frame.index,
          asOfMs: frame.time,
          riskFreeRate: market.riskFreeRate(),
          probabilityModel: this.#opts.probabilityModel ?? 'smile',
          extras: this.#extras(market),
        },
        unionOfRows(
          symbols ? rowsOf(snapshot.symbols, symbols) : mostOpenInterest(frame.underlyings.totalOpenInterest),
          rowsOf(snapshot.symbols, also),
        ),
      );
    } finally {
      snapshot.unpin(frame);
    }
  }

  async close(): Promise<void> {
    await this.#pool?.close();
  }

  #page(entry: CacheEntry, page: number, request: ScanRequest): ScanPage {
    return scanPage(entry.result, request, { page, pageSize: this.pageSize, cacheId: entry.cacheId });
  }

  async #resultFor(
    user: string,
    request: ScanRequest,
    signal: AbortSignal | undefined,
  ): Promise<{ entry: CacheEntry; fresh: boolean }> {
    const spec = specOf(request);
    const key = specKey(spec);
    if (request.cacheId) {
      const cached = this.#cache.get(user, request.cacheId);
      if (!cached)
        throw new DomainError('NOT_FOUND', {
          message: 'These scan results have expired; run the scan again.',
        });
      if (cached.key === key) {
        cached.result.settle();
        return { entry: cached, fresh: false };
      }
    }
    const result = await this.#scan(spec, signal);
    this.lastScan = {
      strategy: spec.strategy,
      durationMs: result.durationMs,
      evaluated: result.evaluated,
      scanned: result.scanned,
      passing: result.tradeCount,
      tickers: result.groups.length,
    };
    const entry: CacheEntry = { cacheId: ScanCache.newId(), key, result };
    this.#cache.put(user, entry);
    return { entry, fresh: true };
  }

  /** Runs a scan now, within the time budget; an abort of `signal` cancels it. */
  async #scan(spec: ScanSpec, signal: AbortSignal | undefined): Promise<ScanResult> {
    const cancel = new Int32Array(new SharedArrayBuffer(4));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      Atomics.store(cancel, 0, 1);
    }, this.#opts.timeBudgetMs);
    const onAbort = () => Atomics.store(cancel, 0, 1);
    signal?.addEventListener('abort', onAbort);
    const runShards: ShardRunner = this.#pool ? (jobs) => this.#pool!.run(jobs) : runShardsHere;
    const market = this.market;
    try {
      if (signal?.aborted) throw new ScanCancelledError();
      return await runScan(spec, {
        market,
        extras: this.#extras(market),
        runShards,
        cancel,
        shardSize: this.#shardSize(),
        threads: this.#pool?.size ?? 1,
        deferCapture: true,
        probabilityModel: this.#opts.probabilityModel ?? 'smile',
        warn: this.#opts.warn ?? (() => {}),
      });
    } catch (err) {
      if (err instanceof ScanCancelledError && timedOut) throw new DomainError('TIMEOUT');
      throw err;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Underlyings per shard job: about 6 jobs per worker, so a fast worker takes more of them. */
  #shardSize(): number {
    const count = this.market.snapshot().underlyingCount;
    return Math.max(16, Math.ceil(count / (6 * (this.#pool?.size ?? 1))));
  }

  #extras(market: EngineMarket): UnderlyingExtras {
    const day = Math.floor(market.snapshot().front().time / 86_400_000);
    return {
      name: (symbol) => market.underlying?.(symbol)?.name ?? '',
      series: (symbol) => {
        const cached = this.#series.get(symbol);
        if (cached?.day === day) return cached.series;
        const bars = market.bars?.(symbol);
        const series = bars
          ? {
              close: Float64Array.from(bars, (b) => b.close),
              high: Float64Array.from(bars, (b) => b.high),
              low: Float64Array.from(bars, (b) => b.low),
            }
          : undefined;
        this.#series.set(symbol, { day, series });
        return series;
      },
    };
  }
}

/** The rows of the `wanted` symbols the market has, in row order. */
function rowsOf(symbols: readonly string[], wanted: readonly string[]): number[] {
  const set = new Set(wanted);
  return symbols.flatMap((symbol, row) => (set.has(symbol) ? [row] : []));
}

/** Both sets of rows, each once, in row order. */
function unionOfRows(a: readonly number[], b: readonly number[]): number[] {
  return [...new Set([...a, ...b])].sort((x, y) => x - y);
}

/** The rows of the MARKET_SNAPSHOT_DEFAULT_NAMES underlyings with the most open interest, in row order. */
function mostOpenInterest(openInterest: Float64Array): number[] {
  return Array.from(openInterest.keys())
    .sort((a, b) => openInterest[b]! - openInterest[a]! || a - b)
    .slice(0, MARKET_SNAPSHOT_DEFAULT_NAMES)
    .sort((a, b) => a - b);
}
