/**
 * Market data the order editor reads (spec 1 §7, spec 3 §7): the underlyings, an underlying's
 * daily bars, its option chain, and quotes of single contracts. Prices are dollars per share,
 * volatilities fractions (0.25 = 25%), bar times epoch seconds.
 */
import { z } from 'zod';
import type { OptionContract, StockContract } from '#domain/contracts/contract.ts';
import { isStockSymbol } from '#domain/contracts/stock-symbol.ts';
import { MARKET_SNAPSHOT_MAX_SYMBOLS } from './market-snapshot.ts';

/** Underlying kinds (spec 1 §3): Stock 1, ETF 2, Index 3. */
export type UnderlyingType = 1 | 2 | 3;

/** `GET /underlyings` (and `/addon/underlyings`) rows. */
export interface UnderlyingRow {
  contract: StockContract;
  name: string;
  type: UnderlyingType;
  /** Sector code (spec 1 §3: Technology 1 … Healthcare 2361); 0 for funds and indexes without one. */
  sector: number;
}

/** Longest symbol a path may name; longer ones are malformed rather than unknown. */
export const SYMBOL_MAX_LENGTH = 10;

/**
 * The `{symbol}` of a market-data path after upper-casing: capital letters in dot-separated
 * groups (`BRK.B`), as contract ids spell stocks.
 */
export const symbolParamSchema = z.strictObject({
  symbol: z
    .string()
    .max(SYMBOL_MAX_LENGTH)
    .refine(isStockSymbol, 'Must be a ticker: capital letters and dots.'),
});

/** `GET /underlyings/{symbol}/bars`: daily bars, oldest first, or null for an unknown symbol. */
export interface Bar {
  /** Epoch seconds of the session date, 00:00 UTC. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** `GET /trades/{symbol}/optionchain` rows, sorted by expiration, strike, call before put. */
export interface OptionChainRow {
  option: OptionContract;
  /** Contract id, e.g. `AAPL260116C150`. */
  id: string;
  bid: number;
  ask: number;
  /** (bid + ask) / 2; null when there is no two-sided quote. */
  mid: number | null;
  iv: number;
}

/** A whole-number query value within [min, max] in steps of `step`. */
const queryInt = (min: number, max: number, step = 1) =>
  z
    .string()
    .regex(/^\d{1,4}$/, 'Must be a whole number.')
    .transform(Number)
    .pipe(z.number().min(min).max(max).multipleOf(step));

/**
 * `GET /underlyings/{symbol}/iv-rv` query (spec 1 §5, the IV vs HV form): delta 0–100 in steps
 * of 10 (the option's absolute delta in percent; default 50; the simulator reads 0 and 100 as 1
 * and 99),
 * days to expiry 7–90 (default 30), right CALL or PUT, or absent / `null` for both: the average
 * of the call and the put of that delta (at 50, the ATM blend).
 */
export const ivRvQuerySchema = z.strictObject({
  delta: queryInt(0, 100, 10).default(50),
  dte: queryInt(7, 90).default(30),
  right: z
    .enum(['CALL', 'PUT', 'null'])
    .optional()
    .transform((r) => (r === 'CALL' || r === 'PUT' ? r : null)),
});
export type IvRvQuery = z.infer<typeof ivRvQuerySchema>;

const TICKER = '[A-Z]+(?:\\.[A-Z]+)*';

/**
 * `GET /market/snapshot` query: `symbols`, comma-separated tickers (at most
 * MARKET_SNAPSHOT_MAX_SYMBOLS, repeats dropped); absent, the names with the most open interest.
 */
export const marketSnapshotQuerySchema = z.strictObject({
  symbols: z
    .string()
    .max(MARKET_SNAPSHOT_MAX_SYMBOLS * 13, `At most ${MARKET_SNAPSHOT_MAX_SYMBOLS} symbols.`)
    .regex(new RegExp(`^${TICKER}(?:,${TICKER})*$`), 'Comma-separated ticker symbols.')
    .transform((text) => [...new Set(text.split(','))])
    .pipe(
      z
        .array(z.string().max(12, 'Not a ticker symbol.'))
        .max(MARKET_SNAPSHOT_MAX_SYMBOLS, `At most ${MARKET_SNAPSHOT_MAX_SYMBOLS} symbols.`),
    )
    .optional(),
});

/**
 * `GET /underlyings/{symbol}/iv-rv` rows, one per session, oldest first: the constant-maturity IV
 * at the query's delta and days to expiry, and the historical (realised) volatility of the closes
 * over the same window; `hv` is null for the first sessions, before a full window of closes.
 */
export interface IvRvRow {
  /** Epoch seconds of the session date, 00:00 UTC (as bars). */
  time: number;
  iv: number;
  hv: number | null;
}

/**
 * `GET /underlyings/{symbol}/facts`: the underlying's own datapoints as the market has them now,
 * whatever columns a scan asked for (the Analyze panel's Stock and Options tabs): the column
 * catalogue's descriptive, technical, fundamental and consolidated-options names, in its stored
 * units (fractions for percents, dollars per share, dates as YYYY-MM-DD), as scan rows carry them.
 * A value the market lacks is null.
 */
export interface UnderlyingFacts {
  symbol: string;
  /** Market instant of the values (ISO). */
  asOf: string;
  values: Record<string, number | string | boolean | null>;
}

export const CONTRACT_FIELDS = ['stock_last', 'bid', 'ask', 'mid', 'iv'] as const;
export type ContractField = (typeof CONTRACT_FIELDS)[number];

/** `POST /contract`: values of contracts by id (stock symbol or option id). */
export const contractValuesRequestSchema = z.strictObject({
  contractIds: z.array(z.string().min(1).max(40)).min(1).max(100),
  fields: z.array(z.enum(CONTRACT_FIELDS)).min(1).max(CONTRACT_FIELDS.length),
});
export type ContractValuesRequest = z.infer<typeof contractValuesRequestSchema>;

/**
 * One row per requested id, in order; a field the contract lacks (or an unknown id) is null. An id
 * that is neither a stock symbol nor an option id also carries `error: 'Unknown contract type.'`.
 */
export type ContractValuesRow = { contractId: string; error?: string } & {
  [F in ContractField]?: number | null;
};

/** `GET /underlyings/{symbol}/expirations`: the On Date choices and the implied-move buttons. */
export interface ExpirationRow {
  date: string;
  /** Calendar days from now to the expiry instant, fractional. */
  daysToExpiry: number;
  /** ATM implied volatility of the date: the call and put IVs at the forward, interpolated between
   * the two strikes around it (null when no quoted option brackets it). */
  atmIv: number | null;
}
