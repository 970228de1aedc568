/**
 * One market instant as the engine reads it: a pinned snapshot frame, its valuation instant and
 * the risk-free rate, plus per-expiration lookups (expiry instant, day number, cycle) computed
 * once per scan. Plain data (`MarketInstant`) crosses to the workers; each side builds its view.
 */
import { exerciseStyleOf } from '#domain/contracts/exercise-style.ts';
import { expiryInstant } from '#domain/contracts/expiry.ts';
import { expirationCycleOf } from '#domain/filters/calendar-codes.ts';
import { epochDayOf } from '#domain/filters/date-range.ts';
import type { UnderlyingState } from '#domain/metrics/types.ts';
import { fitSmile, type SmileQuote, type SmileTable } from '#domain/pricing/smile.ts';
import {
  horizonDistribution,
  type ProbabilityModel,
  type TerminalDistribution,
} from '#domain/pricing/terminal-distribution.ts';
import { type FrameColumns, frameColumns } from './frame-views.ts';
import type { SnapshotBuffers } from './snapshot-layout.ts';

/** What a worker needs to read the same instant: structured-clone friendly. */
export interface MarketInstant {
  readonly buffers: SnapshotBuffers;
  /** The frame the main thread pinned for this scan. */
  readonly frameIndex: number;
  /** Valuation instant of the frame, epoch ms. */
  readonly asOfMs: number;
  /** Continuously compounded, per year. */
  readonly riskFreeRate: number;
  /** The distribution of probabilities and expected value (default `smile`; docs/METRICS.md). */
  readonly probabilityModel?: ProbabilityModel;
}

const MS_PER_YEAR = 365 * 86_400_000;

/**
 * Fits carried from frame to frame (per thread), by underlying × expiration count + expiration.
 * A fit is reused while everything it read is unchanged: the chain's IVs (a checksum of the
 * group's rows), the time to expiry and forward the chain priced them at (the market rewrites a
 * group's `years` and `forward` only when it reprices that chain), the last price, the rate and
 * the dividend yield. Each tick reprices only the underlyings that moved, so a new frame refits
 * only those chains; a scan, the live hub and the trade routes share the fits.
 */
interface CarriedFit {
  readonly expiration: string;
  readonly years: number;
  readonly forward: number;
  readonly spot: number;
  readonly rate: number;
  readonly dividendYield: number;
  readonly ivSum: number;
  readonly table: SmileTable | null;
}
const carriedFits = new Map<number, CarriedFit>();

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
  readonly probabilityModel?: ProbabilityModel;
  /**
   * Smiles already fitted, by underlying × expiration count + expiration of these columns: a
   * capture holds only some options of a chain, so it keeps the smiles fitted to the whole chain.
   */
  readonly smiles?: Map<number, SmileTable | null>;
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
  readonly probabilityModel: ProbabilityModel;
  /** Fitted smiles by underlying × expiration count + expiration (null: none fits). */
  readonly #smiles: Map<number, SmileTable | null>;
  /** Distributions at each (underlying, expiration) for the risk-neutral drift, as the trades use them. */
  readonly #distributions = new Map<number, TerminalDistribution>();

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
    this.probabilityModel = source.probabilityModel ?? 'smile';
    this.#smiles = ('smiles' in source ? source.smiles : undefined) ?? new Map<number, SmileTable | null>();
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
   * 30-day ATM IV as σ of the probabilities, dividend yield, its options' exercise style, and the reference levels (ATR, 21-day
   * realised volatility as std21, SMA 200, 52-week range, analyst target, EPS; forward EPS is the
   * previous close over the forward P/E). Missing levels are NaN, which the metrics treat as unknown.
   */
  underlyingState(u: number): UnderlyingState {
    const c = this.cols.underlyings;
    const forwardPe = c.forwardPe[u]!;
    return {
      symbol: this.symbols[u]!,
      price: c.last[u]!,
      iv: c.iv[u]!,
      dividendYield: this.dividendYield(u),
      exerciseStyle: exerciseStyleOf(c.kind[u]!),
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

  /** The underlying's continuous dividend yield, 0 when missing. */
  dividendYield(u: number): number {
    const q = this.cols.underlyings.dividendYield[u]!;
    return Number.isFinite(q) && q > 0 ? q : 0;
  }

  /**
   * The smile fitted to underlying `u`'s options of expiration `e` (every strike's IV, `fitSmile`),
   * once per instant; null with the lognormal model, past the expiry, or without a usable IV. The
   * IVs are the chain's `iv` column, the European-equivalent surface vol each option is priced at:
   * an American mid also holds an early-exercise premium that no distribution at the expiry
   * prices (docs/METRICS.md, "Probabilities and expected value").
   */
  smileTable(u: number, e: number): SmileTable | null {
    if (this.probabilityModel !== 'smile') return null;
    const key = u * this.expirations.length + e;
    let table = this.#smiles.get(key);
    if (table !== undefined) return table;
    table = this.#fitSmile(u, e, key);
    this.#smiles.set(key, table);
    return table;
  }

  /** `smileTable` without this view's own cache: a carried fit when its inputs are unchanged. */
  #fitSmile(u: number, e: number, key: number): SmileTable | null {
    const viewYears = Math.max(this.expiryMs[e]! - this.asOfMs, 0) / MS_PER_YEAR;
    if (!(viewYears > 0)) return null;
    const o = this.cols.options;
    const c = this.cols.underlyings;
    const g = this.cols.groups;
    // The (underlying, expiration) group's rows; a capture keeps no groups: its underlying's rows.
    let group = -1;
    for (let i = c.groupStart[u]!; i < c.groupEnd[u]!; i++) if (g.expiration[i] === e) group = i;
    const from = group >= 0 ? g.start[group]! : c.optionStart[u]!;
    const to = group >= 0 ? g.end[group]! : c.optionEnd[u]!;
    const quotes: SmileQuote[] = [];
    let ivSum = 0;
    for (let row = from; row < to; row++) {
      if (o.expiration[row] !== e) continue;
      const iv = o.iv[row]!;
      quotes.push({ strike: o.strike[row]!, isCall: o.right[row] === 1, iv });
      ivSum += iv * (row - from + 1);
    }
    // The forward the chain is priced on (VIX's mean-reverting one), and the time to expiry its
    // IVs were priced at (a chain the last tick did not reprice still holds an earlier instant's
    // quotes), where the columns have them.
    const groupForward = group >= 0 ? g.forward[group]! : Number.NaN;
    const forward = groupForward > 0 ? groupForward : undefined;
    const groupYears = group >= 0 ? g.years[group]! : Number.NaN;
    const years = groupYears > 0 ? groupYears : viewYears;
    const spot = c.last[u]!;
    const dividendYield = this.dividendYield(u);
    const expiration = this.expirations[e]!;
    const carried = group >= 0 ? carriedFits.get(key) : undefined;
    if (
      carried &&
      carried.expiration === expiration &&
      carried.years === years &&
      carried.forward === (forward ?? 0) &&
      carried.spot === spot &&
      carried.rate === this.rate &&
      carried.dividendYield === dividendYield &&
      carried.ivSum === ivSum
    )
      return carried.table;
    const table = fitSmile({ expiration, spot, years, rate: this.rate, dividendYield, forward, quotes });
    if (group >= 0)
      carriedFits.set(key, {
        expiration,
        years,
        forward: forward ?? 0,
        spot,
        rate: this.rate,
        dividendYield,
        ivSum,
        table,
      });
    return table;
  }

  /**
   * The distribution of underlying `u`'s price at expiration `e` with the risk-neutral drift, as a
   * trade whose horizon is that expiration gets it from `buildPosition` (`horizonDistribution`).
   */
  distribution(u: number, e: number): TerminalDistribution {
    const key = u * this.expirations.length + e;
    let dist = this.#distributions.get(key);
    if (dist) return dist;
    const state = this.underlyingState(u);
    const years = Math.max(this.expiryMs[e]! - this.asOfMs, 0) / MS_PER_YEAR;
    const smile = this.smileTable(u, e) ?? undefined;
    dist = horizonDistribution(smile, state.price, years, state.iv, this.rate - state.dividendYield);
    this.#distributions.set(key, dist);
    return dist;
  }
}
