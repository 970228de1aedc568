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
  /** The distribution of probabilities and expected value (default `smile`; docs/METRICS.md). */
  readonly probabilityModel?: ProbabilityModel;
}

const MS_PER_YEAR = 365 * 86_400_000;

/**
 * Fitted smiles of the latest instants, shared by the views of one instant (each scan builds its
 * own view of the pinned frame): a smile is fitted once per (underlying, expiration) and instant.
 * Keyed by frame, time and rate; two instants kept (the double-buffered frames).
 */
const sharedSmiles: { key: string; smiles: Map<number, SmileTable | null> }[] = [];

function smilesOf(key: string): Map<number, SmileTable | null> {
  const found = sharedSmiles.find((s) => s.key === key);
  if (found) return found.smiles;
  const smiles = new Map<number, SmileTable | null>();
  sharedSmiles.unshift({ key, smiles });
  sharedSmiles.length = Math.min(sharedSmiles.length, 2);
  return smiles;
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
    this.#smiles =
      'buffers' in source
        ? smilesOf(`${source.frameIndex}:${source.asOfMs}:${source.riskFreeRate}`)
        : (source.smiles ?? new Map<number, SmileTable | null>());
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
    const q = c.dividendYield[u]!;
    return {
      symbol: this.symbols[u]!,
      price: c.last[u]!,
      iv: c.iv[u]!,
      dividendYield: Number.isFinite(q) && q > 0 ? q : 0,
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
    const o = this.cols.options;
    const c = this.cols.underlyings;
    const g = this.cols.groups;
    // The (underlying, expiration) group's rows; a capture keeps no groups: its underlying's rows.
    let group = -1;
    for (let i = c.groupStart[u]!; i < c.groupEnd[u]!; i++) if (g.expiration[i] === e) group = i;
    const from = group >= 0 ? g.start[group]! : c.optionStart[u]!;
    const to = group >= 0 ? g.end[group]! : c.optionEnd[u]!;
    const quotes: SmileQuote[] = [];
    for (let row = from; row < to; row++) {
      if (o.expiration[row] !== e) continue;
      quotes.push({ strike: o.strike[row]!, isCall: o.right[row] === 1, iv: o.iv[row]! });
    }
    // The forward the chain is priced on (VIX's mean-reverting one), where the columns have it.
    const groupForward = group >= 0 ? g.forward[group]! : Number.NaN;
    const forward = groupForward > 0 ? groupForward : undefined;
    table = fitSmile({
      expiration: this.expirations[e]!,
      spot: c.last[u]!,
      years: Math.max(this.expiryMs[e]! - this.asOfMs, 0) / MS_PER_YEAR,
      rate: this.rate,
      dividendYield: this.underlyingState(u).dividendYield,
      forward,
      quotes,
    });
    this.#smiles.set(key, table);
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
