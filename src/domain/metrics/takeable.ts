/**
 * Which trades are worth showing a trader: those with something to gain and something to lose
 * on the prices they were figured at. A trade whose max profit is zero or negative cannot make
 * money (a debit spread bought for more than its width); one whose max loss is zero or negative
 * is an arbitrage of the quotes (a collar or butterfly whose fills never lose), which no broker
 * fills at those prices, and every return over its max loss or margin is a division by nothing.
 * The screener keeps neither (docs/ENGINE.md, "Only trades a trader can take"), nor does the
 * analyzer. The analyzer adds a second rule of its own, on the risk rather than the P/L: a
 * trade risking less than it costs to cross its quotes once is left out (`riskBelowSpreadCost`,
 * docs/ANALYZER.md, "Candidates").
 */
import { OPTION_MULTIPLIER } from '#domain/contracts/contract.ts';
import type { TradeMetrics } from './types.ts';

/**
 * The P/L analysis's zero: |P/L| at or below 1e-9 of the price scale (the spot, the highest
 * strike, at least 1) is rounding, far below a cent.
 */
export const plTolerance = (spot: number, maxStrike: number): number => 1e-9 * Math.max(spot, maxStrike, 1);

/**
 * True when both the max profit and the max loss (per share, positive amounts, Infinity when
 * unlimited) are over `tolerance`. NaN is false.
 */
export const hasProfitAndLoss = (maxProfit: number, maxLoss: number, tolerance: number): boolean =>
  maxProfit > tolerance && maxLoss > tolerance;

/** `hasProfitAndLoss` for a trade's metrics, on an underlying at `spot`. */
export function isTakeable(
  m: Pick<TradeMetrics, 'max_profit' | 'max_profit_unlimited' | 'max_loss' | 'max_loss_unlimited' | 'strike'>,
  spot: number,
): boolean {
  const maxStrike = m.strike.reduce((top, k) => Math.max(top, k), 0);
  return hasProfitAndLoss(
    m.max_profit_unlimited ? Infinity : (m.max_profit ?? Number.NaN),
    m.max_loss_unlimited ? Infinity : (m.max_loss ?? Number.NaN),
    plTolerance(spot, maxStrike),
  );
}

/** A leg as quoted: contracts per trade (signed; shares / 100 for stock), bid and ask per share. */
export interface QuotedLeg {
  readonly weight: number;
  readonly bid: number;
  readonly ask: number;
}

/** Dollars it costs to cross the quotes of `legs` once: 100 × Σ |weight| × (ask − bid). */
export const spreadCost = (legs: readonly QuotedLeg[]): number =>
  OPTION_MULTIPLIER * legs.reduce((sum, l) => sum + Math.abs(l.weight) * (l.ask - l.bid), 0);

/**
 * The analyzer's rule on top of `hasProfitAndLoss`: true when a trade's `risk` (dollars, its
 * max loss or, when that is unbounded, its margin) is below `spreadCost` of its legs. Where
 * `hasProfitAndLoss` refuses a P/L that is rounding, this refuses a risk that is real at the mids
 * but smaller than the quotes' own width: legs deep in the money price near their exercise value,
 * so a deep in-the-money collar or credit spread looks nearly riskless at the mids, and no fill at
 * those prices is to be had; a return over such a risk is a quotient of rounding. The screener
 * applies `isTakeable` alone.
 */
export const riskBelowSpreadCost = (risk: number, legs: readonly QuotedLeg[]): boolean =>
  risk < spreadCost(legs);
