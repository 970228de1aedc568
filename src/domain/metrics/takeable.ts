/**
 * Which trades are worth showing a trader: those with something to gain and something to lose
 * on the prices they were figured at. A trade whose max profit is zero or negative cannot make
 * money (a debit spread bought for more than its width); one whose max loss is zero or negative
 * is an arbitrage of the quotes (a collar or butterfly whose fills never lose), which no broker
 * fills at those prices, and every return over its max loss or margin is a division by nothing.
 * The screener keeps neither (docs/ENGINE.md, "Only trades a trader can take").
 */
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
