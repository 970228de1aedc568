/**
 * Orders of shares alone (long and short stock, spec 2 §3.1: the analyzer's strategies on the
 * order side). Shares never expire, so the trade metrics' default horizon (the first option
 * expiration; for shares alone, now) would measure the probabilities over no time at all: a
 * point mass that puts a long stock bought a cent under the last price at a 100% chance of profit.
 * The order editor and the trade log measure them STOCK_HORIZON_DAYS out instead, the month the
 * editor's default option legs and the screener's default scans look at.
 */
import type { Leg } from '../contracts/contract.ts';
import { MS_PER_DAY } from '../metrics/position.ts';
import type { TradeInput } from '../metrics/types.ts';

/** Days from now to the horizon of an order of shares alone. */
export const STOCK_HORIZON_DAYS = 30;

/** Every leg trades shares (an order with at least one leg). */
export const isStockOnly = (legs: readonly Leg[]): boolean =>
  legs.length > 0 && legs.every((leg) => leg.contract.kind === 'stock');

/**
 * The input with its horizon STOCK_HORIZON_DAYS after its valuation instant when it holds shares
 * alone and names no horizon of its own; any other input as it is.
 */
export function withStockHorizon(input: TradeInput): TradeInput {
  if (input.horizonMs !== undefined || !isStockOnly(input.legs)) return input;
  return { ...input, horizonMs: input.env.asOfMs + STOCK_HORIZON_DAYS * MS_PER_DAY };
}
