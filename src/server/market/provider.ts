/**
 * The market-data seam. Routes, the hub, the scan engine and the jobs talk to a `MarketProvider`;
 * the simulator (`simulator.ts`) is the embedded default and a real feed plugs in behind the same
 * interface (docs/MARKET.md, "Plugging in a real feed").
 *
 * Conventions: prices per share in dollars; vols and rates as fractions (0.25 = 25%), vols
 * annualised, rates continuously compounded ACT/365; dates `YYYY-MM-DD` (New York calendar);
 * instants epoch ms; daily-bar `time` in epoch seconds (the spec's bar shape). Every read is
 * synchronous and answers from memory, so route handlers stay thin.
 */
import type { OptionContract, Right } from '#domain/contracts/contract.ts';
import type { UnderlyingKind } from '#domain/filters/sectors.ts';
import type { MarketSnapshot } from './snapshot.ts';

/** One row of the universe. */
export interface UnderlyingInfo {
  readonly symbol: string;
  readonly name: string;
  /** 1 stock, 2 ETF, 3 index. */
  readonly kind: UnderlyingKind;
  /** Spec sector code (1 Technology … 2361 Healthcare); `Sector.None` for funds and indexes without one. */
  readonly sector: number;
  readonly industry: string;
  /** True for tickers the simulator invented to fill a large universe. */
  readonly synthetic: boolean;
  readonly hasWeeklies: boolean;
  /** Position in the universe and in every snapshot column indexed by underlying. */
  readonly index: number;
}

export interface UnderlyingQuote {
  readonly symbol: string;
  readonly last: number;
  readonly bid: number;
  readonly ask: number;
  /** Today's open, high, low (NaN before the first trade of the session). */
  readonly open: number;
  readonly high: number;
  readonly low: number;
  /** Close of the previous session (the `eod_price`). */
  readonly previousClose: number;
  readonly change: number;
  /** change / previousClose. */
  readonly changePercent: number;
  /** Shares traded today. */
  readonly volume: number;
  /** Instant of the last price change. */
  readonly time: number;
}

export interface Fundamentals {
  readonly marketCap: number;
  readonly pe: number;
  readonly forwardPe: number;
  readonly peg: number;
  readonly priceSales: number;
  readonly priceBook: number;
  readonly priceFreeCashFlow: number;
  readonly epsTtm: number;
  readonly epsGrowthThisYear: number;
  readonly epsGrowthNextYear: number;
  readonly epsGrowthPast5y: number;
  readonly epsGrowthNext5y: number;
  readonly epsGrowthQoq: number;
  readonly salesGrowthPast5y: number;
  readonly salesGrowthQoq: number;
  readonly grossMargin: number;
  readonly operatingMargin: number;
  readonly netMargin: number;
  readonly returnOnEquity: number;
  readonly returnOnAssets: number;
  readonly debtEquity: number;
  readonly longTermDebtEquity: number;
  readonly currentRatio: number;
  readonly quickRatio: number;
  readonly payoutRatio: number;
  readonly dividendYield: number;
  readonly beta: number;
  /** Net insider buying over six months, as a fraction of insider holdings. */
  readonly insiderTransactions: number;
  /** Change of institutional holdings over a quarter, as a fraction. */
  readonly institutionalTransactions: number;
  /** Average daily share volume over 50 sessions. */
  readonly averageVolume: number;
  /** First trading day when known (a recent listing or spin-off), else null. */
  readonly ipoDate: string | null;
}

/** Technical indicators of the daily bars up to the previous close: fixed for a session. */
export interface SessionIndicators {
  readonly rsi14: number;
  readonly sma20: number;
  readonly sma50: number;
  readonly sma200: number;
  readonly ema20: number;
  readonly ema50: number;
  readonly ema200: number;
  /** Signed run of SMA50 − SMA200 (+n above for n sessions, −n below; equality counts as below). */
  readonly smaCross50200: number;
  readonly emaCross50200: number;
  /** Percentile (0–100) of today's distance from SMA200 among the 200 sessions before it. */
  readonly maPercentile200: number;
  readonly macd: number;
  readonly macdSignal: number;
  readonly macdHistogram: number;
  readonly stochK: number;
  readonly stochD: number;
  readonly bollingerUpper: number;
  readonly bollingerMiddle: number;
  readonly bollingerLower: number;
  readonly bollingerPercentB: number;
  /** ATR(14), dollars. */
  readonly atr: number;
  /** Sample standard deviation of the last 21 closes, dollars. */
  readonly std21: number;
}

/** The session's indicators plus what moves with the live price (52-week range, performance). */
export interface Technicals extends SessionIndicators {
  readonly high52w: number;
  readonly low52w: number;
  readonly perfMonth: number;
  readonly perfQuarter: number;
  readonly perfHalf: number;
  readonly perfYear: number;
  readonly perfYtd: number;
}

/** Volatility state of an underlying. */
export interface VolatilityStats {
  /** 30-day ATM implied vol. */
  readonly iv: number;
  /** (iv − 52w min) / (52w max − 52w min), 0–1. */
  readonly ivRank: number;
  /** Share of the last 252 sessions with a lower 30-day IV, 0–1. */
  readonly ivPercentile: number;
  /** Realised vol of the last 21 sessions. */
  readonly rv: number;
  readonly rvRank: number;
  readonly ivRv: number;
  /** 30-day 25-delta put IV minus 25-delta call IV. */
  readonly skew: number;
  readonly skewRank: number;
  /** Expected one-standard-deviation move to the front monthly expiration, dollars. */
  readonly expectedMove: number;
  /** Drift assumed for scenarios (annualised). */
  readonly drift: number;
}

export interface AnalystView {
  /** 1 strong buy … 5 strong sell. */
  readonly recommendation: number;
  /** Change of the mean recommendation over a week, a month and six months (negative = upgrade). */
  readonly changeWeek: number;
  readonly changeMonth: number;
  readonly change6m: number;
  readonly targetPrice: number;
}

export interface StockScores {
  /** 1–10 each. */
  readonly fundamental: number;
  readonly growth: number;
  readonly technical: number;
}

export interface DividendEvent {
  readonly exDate: string;
  readonly payDate: string;
  /** Dollars per share. */
  readonly amount: number;
}

export interface UnderlyingEvents {
  /** Next earnings date (announcements before the open), or null for funds and indexes. */
  readonly nextEarnings: string | null;
  readonly previousEarnings: string | null;
  readonly nextDividend: DividendEvent | null;
  /** Dividends per year. */
  readonly dividendFrequency: number;
  readonly analyst: AnalystView | null;
  readonly scores: StockScores | null;
}

/** Everything about one underlying that the screener can filter on. */
export interface UnderlyingDetail {
  readonly info: UnderlyingInfo;
  readonly quote: UnderlyingQuote;
  readonly fundamentals: Fundamentals;
  readonly technicals: Technicals;
  readonly volatility: VolatilityStats;
  readonly events: UnderlyingEvents;
}

export interface DailyBar {
  /** Epoch seconds of 00:00 UTC of the session date (one bar per session). */
  readonly time: number;
  readonly date: string;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
}

/** One row of the IV/HV series (spec 1 §3): time in epoch seconds, IV and HV as fractions. */
export interface IvHvRow {
  readonly time: number;
  readonly iv: number;
  readonly hv: number;
}

export interface IvHvQuery {
  /** Delta 0–100 in call terms (50 = at the money); default 50. */
  readonly delta?: number;
  /** Days to expiry of the constant-maturity IV (and the HV window); default 30. */
  readonly dte?: number;
  /** Only calls, only puts, or null for the average of both. */
  readonly right?: Right | null;
}

export interface OptionQuote {
  readonly contract: OptionContract;
  /** Option id as `formatContractId` writes it. */
  readonly id: string;
  readonly bid: number;
  readonly ask: number;
  readonly mid: number;
  /** Last trade price (the previous close until the first trade today). */
  readonly last: number;
  readonly previousClose: number;
  readonly change: number;
  readonly changePercent: number;
  /** Today's trade range; NaN before the first trade. */
  readonly high: number;
  readonly low: number;
  readonly volume: number;
  readonly openInterest: number;
  /** Implied vol of the quote (the surface vol the simulator priced it with). */
  readonly iv: number;
  readonly delta: number;
  readonly gamma: number;
  /** Per calendar day. */
  readonly theta: number;
  /** Per vol point. */
  readonly vega: number;
  readonly daysToExpiry: number;
}

export interface ExpirationInfo {
  readonly date: string;
  /** 'monthly' (standard third Friday), 'weekly', 'quarterly' (end of quarter) or 'daily'. */
  readonly type: 'monthly' | 'weekly' | 'quarterly' | 'daily';
  readonly daysToExpiry: number;
}

export interface OptionChain {
  readonly underlying: string;
  readonly asOf: number;
  readonly spot: number;
  readonly riskFreeRate: number;
  readonly dividendYield: number;
  readonly expirations: readonly ExpirationInfo[];
  /** Sorted by (expiration, strike, right) with the call before the put. */
  readonly options: readonly OptionQuote[];
}

/** Pushed after every update. */
export interface MarketTick {
  /** Increases by one per tick. */
  readonly seq: number;
  readonly time: number;
  /** Underlyings whose price moved in this tick. */
  readonly changed: readonly string[];
  /** True when the option series changed (expiries rolled off, new ones listed): reattach snapshots. */
  readonly relisted: boolean;
}

export type TickListener = (tick: MarketTick) => void;

export interface MarketProvider {
  /** 'simulator' or the feed's name. */
  readonly name: string;
  /** Current instant of the market (epoch ms). */
  now(): number;
  riskFreeRate(): number;
  /** True while the regular session is open (always, in the simulator's 'always' mode). */
  isOpen(): boolean;
  universe(): readonly UnderlyingInfo[];
  underlying(symbol: string): UnderlyingInfo | undefined;
  quote(symbol: string): UnderlyingQuote | undefined;
  detail(symbol: string): UnderlyingDetail | undefined;
  /** Daily bars, oldest first, ending with the previous session; `days` limits to the most recent ones. */
  bars(symbol: string, days?: number): readonly DailyBar[] | undefined;
  /** Daily IV and HV, oldest first. */
  ivHistory(symbol: string, query?: IvHvQuery): readonly IvHvRow[] | undefined;
  /** The chain, optionally restricted to one expiration. */
  optionChain(symbol: string, expiration?: string): OptionChain | undefined;
  optionQuote(contract: OptionContract): OptionQuote | undefined;
  /** The columnar snapshot for the scan engine (see snapshot.ts). */
  snapshot(): MarketSnapshot;
  /** Starts live updates; returns the unsubscribe function. */
  subscribe(listener: TickListener): () => void;
  /** Stops timers; the provider answers reads afterwards but no longer ticks. */
  close(): void;
}
