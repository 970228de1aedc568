/**
 * Market data the order editor reads (spec 1 §7, spec 3 §7): the underlyings, an underlying's
 * daily bars, its option chain, and quotes of single contracts. Prices are dollars per share,
 * volatilities fractions (0.25 = 25%), bar times epoch seconds.
 */
import { z } from 'zod';
import type { OptionContract, StockContract } from '../domain/contracts/contract.ts';

/** `GET /underlyings` rows. */
export interface UnderlyingRow {
  contract: StockContract;
  name: string;
}

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

export const CONTRACT_FIELDS = ['stock_last', 'bid', 'ask', 'mid', 'iv'] as const;
export type ContractField = (typeof CONTRACT_FIELDS)[number];

/** `POST /contract`: values of contracts by id (stock symbol or option id). */
export const contractValuesRequestSchema = z.strictObject({
  contractIds: z.array(z.string().min(1).max(40)).min(1).max(100),
  fields: z.array(z.enum(CONTRACT_FIELDS)).min(1).max(CONTRACT_FIELDS.length),
});
export type ContractValuesRequest = z.infer<typeof contractValuesRequestSchema>;

/** One row per requested id, in order; a field the contract lacks (or an unknown id) is null. */
export type ContractValuesRow = { contractId: string } & { [F in ContractField]?: number | null };
