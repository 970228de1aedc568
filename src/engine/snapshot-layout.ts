/**
 * The market snapshot's layout (docs/MARKET.md, "Snapshot layout"): three tables, each a struct of
 * arrays in one buffer per section, the columns of each section widest first so every column is
 * aligned to its element size.
 * - options, sorted by (underlying, expiration, strike, right) with the call before the put, and
 *   every strike listed for both rights: the call of strike i of a group is at `start + 2i`, the
 *   put at `start + 2i + 1`;
 * - groups: one row per (underlying, expiration), with the option range [start, end);
 * - underlyings: one row per underlying, with its option range and group range.
 * Columns that change with the market ("live") have two frames. The server's snapshot keeps them
 * on SharedArrayBuffers for its scan threads (`#server/market/snapshot.ts`); the device snapshot
 * (docs/OFFLINE.md) on plain ArrayBuffers, transferred to the browser's scan worker. Pure: the
 * engine reads either through these views.
 *
 * Dates in columns are day numbers (days since 1970-01-01, NaN when none); `expiration` indexes
 * the `expirations` string table, `industry` the `industries` table, rows of `underlyings` the
 * `symbols` table.
 */

export type ColumnType = 'f64' | 'f32' | 'i32' | 'u32' | 'u16' | 'u8';
type Schema = Readonly<Record<string, ColumnType>>;
type ArrayOf<T extends ColumnType> = T extends 'f64'
  ? Float64Array
  : T extends 'f32'
    ? Float32Array
    : T extends 'i32'
      ? Int32Array
      : T extends 'u32'
        ? Uint32Array
        : T extends 'u16'
          ? Uint16Array
          : Uint8Array;
export type Columns<S extends Schema> = { readonly [K in keyof S]: ArrayOf<S[K]> };

export const OPTION_STATIC = {
  /** Row of the underlying. */
  underlying: 'u32',
  /** Row of the (underlying, expiration) group. */
  group: 'u32',
  /** Index into `expirations`. */
  expiration: 'u16',
  /** Dollars per share. */
  strike: 'f64',
  /** 1 call, 0 put (the `isCall` of the domain's bsBatch). */
  right: 'u8',
  openInterest: 'i32',
  /** Closing mid of the previous session. */
  prevClose: 'f64',
} as const satisfies Schema;

export const OPTION_LIVE = {
  bid: 'f64',
  ask: 'f64',
  mid: 'f64',
  /** Last trade; prevClose until the first trade of the session. */
  last: 'f64',
  /** Session high and low of trades; NaN before the first trade. */
  high: 'f64',
  low: 'f64',
  volume: 'i32',
  /** Implied vol (annualised). */
  iv: 'f64',
  delta: 'f64',
  gamma: 'f64',
  /** Per calendar day. */
  theta: 'f64',
  /** Per vol point. */
  vega: 'f64',
  /** Fractional calendar days to the 16:00 New York expiry. */
  days: 'f64',
  /** Years to expiry, ACT/365. */
  years: 'f64',
} as const satisfies Schema;

export const GROUP_STATIC = {
  underlying: 'u32',
  expiration: 'u16',
  /** 0 daily, 1 weekly, 2 monthly (third Friday), 3 quarterly (end of quarter). */
  type: 'u8',
  /** Option rows [start, end). */
  start: 'i32',
  end: 'i32',
} as const satisfies Schema;

export const GROUP_LIVE = {
  years: 'f64',
  days: 'f64',
  /** Forward price F = S·e^{(r−q)T} (for VIX, the modelled VIX forward). */
  forward: 'f64',
  /** e^{−rT}. */
  discount: 'f64',
  /** ATM implied vol of the expiry. */
  atmIv: 'f64',
} as const satisfies Schema;

export const UNDERLYING_STATIC = {
  optionStart: 'i32',
  optionEnd: 'i32',
  groupStart: 'i32',
  groupEnd: 'i32',
  /** 1 stock, 2 ETF, 3 index. */
  kind: 'u8',
  /** Spec sector code, 0 none. */
  sector: 'u16',
  industry: 'u16',
  synthetic: 'u8',
  hasWeeklies: 'u8',
  sp500: 'u8',
  nasdaq100: 'u8',
  prevClose: 'f64',
  marketCap: 'f64',
  pe: 'f64',
  forwardPe: 'f64',
  peg: 'f64',
  priceSales: 'f64',
  priceBook: 'f64',
  priceFreeCashFlow: 'f64',
  epsTtm: 'f64',
  epsGrowthThisYear: 'f64',
  epsGrowthNextYear: 'f64',
  epsGrowthPast5y: 'f64',
  epsGrowthNext5y: 'f64',
  epsGrowthQoq: 'f64',
  salesGrowthPast5y: 'f64',
  salesGrowthQoq: 'f64',
  grossMargin: 'f64',
  operatingMargin: 'f64',
  netMargin: 'f64',
  returnOnEquity: 'f64',
  returnOnAssets: 'f64',
  debtEquity: 'f64',
  longTermDebtEquity: 'f64',
  currentRatio: 'f64',
  quickRatio: 'f64',
  payoutRatio: 'f64',
  dividendYield: 'f64',
  beta: 'f64',
  insiderTransactions: 'f64',
  institutionalTransactions: 'f64',
  averageVolume: 'f64',
  ipoDate: 'f64',
  rsi14: 'f64',
  sma20: 'f64',
  sma50: 'f64',
  sma200: 'f64',
  ema20: 'f64',
  ema50: 'f64',
  ema200: 'f64',
  smaCross50200: 'f64',
  emaCross50200: 'f64',
  maPercentile200: 'f64',
  macd: 'f64',
  macdSignal: 'f64',
  macdHistogram: 'f64',
  stochK: 'f64',
  stochD: 'f64',
  bollingerUpper: 'f64',
  bollingerMiddle: 'f64',
  bollingerLower: 'f64',
  bollingerPercentB: 'f64',
  atr: 'f64',
  std21: 'f64',
  rv: 'f64',
  rvRank: 'f64',
  skew: 'f64',
  skewRank: 'f64',
  drift: 'f64',
  earningsDate: 'f64',
  previousEarningsDate: 'f64',
  exDividendDate: 'f64',
  dividendAmount: 'f64',
  analystRecommendation: 'f64',
  analystChangeWeek: 'f64',
  analystChangeMonth: 'f64',
  analystChange6m: 'f64',
  targetPrice: 'f64',
  scoreFundamental: 'f64',
  scoreGrowth: 'f64',
  scoreTechnical: 'f64',
  totalOpenInterest: 'f64',
} as const satisfies Schema;

export const UNDERLYING_LIVE = {
  last: 'f64',
  bid: 'f64',
  ask: 'f64',
  open: 'f64',
  high: 'f64',
  low: 'f64',
  change: 'f64',
  changePercent: 'f64',
  volume: 'f64',
  iv: 'f64',
  ivRank: 'f64',
  ivPercentile: 'f64',
  ivRv: 'f64',
  expectedMove: 'f64',
  high52w: 'f64',
  low52w: 'f64',
  perfMonth: 'f64',
  perfQuarter: 'f64',
  perfHalf: 'f64',
  perfYear: 'f64',
  perfYtd: 'f64',
  totalOptionVolume: 'f64',
  /** Instant of the last price change (epoch ms). */
  time: 'f64',
} as const satisfies Schema;

export type OptionColumns = Columns<typeof OPTION_STATIC> & Columns<typeof OPTION_LIVE>;
export type GroupColumns = Columns<typeof GROUP_STATIC> & Columns<typeof GROUP_LIVE>;
export type UnderlyingColumns = Columns<typeof UNDERLYING_STATIC> & Columns<typeof UNDERLYING_LIVE>;

/** What a worker needs to attach: plain data and ArrayBufferLikes, structured-clone friendly. */
export interface SnapshotBuffers {
  readonly version: 1;
  readonly layoutId: number;
  readonly optionCount: number;
  readonly groupCount: number;
  readonly underlyingCount: number;
  readonly symbols: readonly string[];
  readonly expirations: readonly string[];
  readonly industries: readonly string[];
  readonly control: ArrayBufferLike;
  readonly optionStatic: ArrayBufferLike;
  readonly optionLive: readonly [ArrayBufferLike, ArrayBufferLike];
  readonly groupStatic: ArrayBufferLike;
  readonly groupLive: readonly [ArrayBufferLike, ArrayBufferLike];
  readonly underlyingStatic: ArrayBufferLike;
  readonly underlyingLive: readonly [ArrayBufferLike, ArrayBufferLike];
}

const BYTES: Readonly<Record<ColumnType, number>> = { f64: 8, f32: 4, i32: 4, u32: 4, u16: 2, u8: 1 };

/** Columns in buffer order: widest first, so every column is aligned to its element size. */
function ordered(schema: Schema): [string, ColumnType][] {
  return Object.entries(schema).sort(([, a], [, b]) => BYTES[b] - BYTES[a]);
}

export function sectionBytes(schema: Schema, rows: number): number {
  let bytes = 0;
  for (const [, type] of ordered(schema)) bytes += Math.ceil((rows * BYTES[type]) / 8) * 8;
  return Math.max(bytes, 8);
}

function view(type: ColumnType, buffer: ArrayBufferLike, offset: number, rows: number) {
  switch (type) {
    case 'f64':
      return new Float64Array(buffer, offset, rows);
    case 'f32':
      return new Float32Array(buffer, offset, rows);
    case 'i32':
      return new Int32Array(buffer, offset, rows);
    case 'u32':
      return new Uint32Array(buffer, offset, rows);
    case 'u16':
      return new Uint16Array(buffer, offset, rows);
    default:
      return new Uint8Array(buffer, offset, rows);
  }
}

/** Views of a section's columns in `buffer` (the layout above); nothing is copied. */
export function columnsOf<S extends Schema>(schema: S, buffer: ArrayBufferLike, rows: number): Columns<S> {
  const out: Record<string, unknown> = {};
  let offset = 0;
  for (const [name, type] of ordered(schema)) {
    out[name] = view(type, buffer, offset, rows);
    offset += Math.ceil((rows * BYTES[type]) / 8) * 8;
  }
  return out as Columns<S>;
}
