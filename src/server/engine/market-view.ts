/**
 * One market instant as the engine reads it: a pinned snapshot frame, its valuation instant and
 * the risk-free rate, plus per-expiration lookups (expiry instant, day number, cycle) computed
 * once per scan. Plain data (`MarketInstant`) crosses to the workers; each side builds its view.
 */
import { expiryInstant } from '#domain/contracts/expiry.ts';
import { expirationCycleOf } from '#domain/filters/calendar-codes.ts';
import { epochDayOf } from '#domain/filters/date-range.ts';
import type { UnderlyingState } from '#domain/metrics/types.ts';
import type { SnapshotBuffers } from '../market/snapshot.ts';
import { type FrameColumns, frameColumns } from './frame-views.ts';

/** What a worker needs to read the same instant: structured-clone friendly. */
export interface MarketInstant {
  readonly buffers: SnapshotBuffers;
  /** The frame the main thread pinned for this scan. */
  readonly frameIndex: number;
  /** Valuation instant of the frame, epoch ms. */
  readonly asOfMs: number;
  /** Continuously compounded, per year. */
  readonly riskFreeRate: number;
}

/** The parts of a view: columns, string tables, instant and rate. */
export interface ViewParts {
  readonly cols: FrameColumns;
  readonly symbols: readonly string[];
  readonly expirations: readonly string[];
  readonly industries: readonly string[];
  readonly asOfMs: number;
  readonly riskFreeRate: number;
  /** Per-expiration lookups of a view over the same expirations and instant, to reuse. */
  readonly expirationTables?: Pick<MarketView, 'expiryMs' | 'expiryDay' | 'monthly'>;
}

export class MarketView {
  readonly cols: FrameColumns;
  readonly symbols: readonly string[];
  readonly expirations: readonly string[];
  readonly industries: readonly string[];
  readonly asOfMs: number;
  readonly rate: number;
  /** Per expiration index: 16:00 New York instant (epoch ms), epoch day, 1 when monthly. */
  readonly expiryMs: Float64Array;
  readonly expiryDay: Float64Array;
  readonly monthly: Uint8Array;

  /** A view of a pinned snapshot frame, or of any columns in the same layout (`ViewParts`). */
  constructor(source: MarketInstant | ViewParts) {
    const parts: ViewParts =
      'buffers' in source
        ? {
            cols: frameColumns(source.buffers, source.frameIndex),
            symbols: source.buffers.symbols,
            expirations: source.buffers.expirations,
            industries: source.buffers.industries,
            asOfMs: source.asOfMs,
            riskFreeRate: source.riskFreeRate,
          }
        : source;
    this.cols = parts.cols;
    this.symbols = parts.symbols;
    this.expirations = parts.expirations;
    this.industries = parts.industries;
    this.asOfMs = parts.asOfMs;
    this.rate = parts.riskFreeRate;
    const n = this.expirations.length;
    const tables = 'expirationTables' in source ? source.expirationTables : undefined;
    this.expiryMs = tables?.expiryMs ?? new Float64Array(n);
    this.expiryDay = tables?.expiryDay ?? new Float64Array(n);
    this.monthly = tables?.monthly ?? new Uint8Array(n);
    if (tables) return;
    this.expirations.forEach((date, i) => {
      this.expiryMs[i] = expiryInstant(date);
      this.expiryDay[i] = epochDayOf(date);
      this.monthly[i] = expirationCycleOf(date) === 'standard' ? 1 : 0;
    });
  }

  get underlyingCount(): number {
    return this.symbols.length;
  }

  /**
   * The underlying as the trade metrics take it (docs/ENGINE.md "Market inputs"): last price, the
   * 30-day ATM IV as σ of the probabilities, dividend yield, and the reference levels (ATR, 21-day
   * realised volatility as std21, SMA 200, 52-week range, analyst target, EPS; forward EPS is the
   * previous close over the forward P/E). Missing levels are NaN, which the metrics treat as unknown.
   */
  underlyingState(u: number): UnderlyingState {
    const c = this.cols.underlyings;
    const forwardPe = c.forwardPe[u]!;
    const q = c.dividendYield[u]!;
    return {
      symbol: this.symbols[u]!,
      price: c.last[u]!,
      iv: c.iv[u]!,
      dividendYield: Number.isFinite(q) && q > 0 ? q : 0,
      atr: c.atr[u]!,
      std21: c.rv[u]!,
      sma200: c.sma200[u]!,
      w52High: c.high52w[u]!,
      w52Low: c.low52w[u]!,
      targetPrice: c.targetPrice[u]!,
      epsTtm: c.epsTtm[u]!,
      forwardEps: forwardPe > 0 ? c.prevClose[u]! / forwardPe : Number.NaN,
    };
  }
}
