/**
 * Capital, returns and reward-to-risk ratios, per share of the position.
 *
 * - capital (the "acquisition" cost): what it takes to hold the trade to the horizon without
 *   borrowing: the larger of the net debit and the max loss when the loss is bounded (a cash-secured
 *   put holds its strike less the premium; a covered call the stock less the premium), the margin
 *   (margin.ts) when it is not.
 * - return_acquisition: P/L at the horizon if the price is unchanged, over capital.
 * - covered_call_return_acquisition: for trades holding long stock and short calls, the P/L if the
 *   price ends at or above the highest short call strike (called away), over capital.
 * - max_return_margin: max profit over margin.
 * - "_annualized": × 365 / days to the horizon (at least 1 day).
 * - spread_profit_ratio: max profit / max loss; ev_ml: expected P/L / max loss; ev_dte_ml: ev_ml per
 *   day to the horizon (at least 1).
 * - cpd, dpd: credit received, debit paid, per day to the horizon (at least 1); null for the other kind.
 * - max_loss_percent: max loss / the underlying price.
 * - move_ratio_1pct, move_ratio_1atr: the change of the trade's model value (position.ts) for an
 *   immediate rise of the underlying by 1% (by one ATR), over max loss.
 * Null wherever a bound is unlimited or a denominator is not positive.
 */
import type { PLAnalysis } from './pl-analysis.ts';
import { type Position, positionValue } from './position.ts';

export interface ReturnMetrics {
  readonly return_acquisition: number | null;
  readonly return_acquisition_annualized: number | null;
  readonly max_return_margin: number | null;
  readonly max_return_margin_annualized: number | null;
  readonly covered_call_return_acquisition: number | null;
  readonly covered_call_return_acquisition_annualized: number | null;
  readonly spread_profit_ratio: number | null;
  readonly ev_ml: number | null;
  readonly ev_dte_ml: number | null;
  readonly cpd: number | null;
  readonly dpd: number | null;
  readonly max_loss_percent: number | null;
  readonly move_ratio_1pct: number | null;
  readonly move_ratio_1atr: number | null;
}

/** Days used to annualise and to spread over time: the days to the horizon, at least 1. */
export const perDayDays = (pos: Position): number => Math.max(pos.days, 1);

export function acquisitionCapital(pos: Position, analysis: PLAnalysis, margin: number): number {
  const maxLoss = -analysis.minPL;
  return Number.isFinite(maxLoss) ? Math.max(pos.cost, maxLoss, 0) : margin;
}

const over = (num: number, den: number): number | null =>
  Number.isFinite(num) && den > 0 ? num / den : null;

/** Change of the model value now for an immediate rise of `move` dollars, over max loss. */
export function moveRatio(pos: Position, maxLoss: number, move: number): number | null {
  const change = positionValue(pos, pos.spot + move, pos.asOfMs) - positionValue(pos, pos.spot, pos.asOfMs);
  return Number.isFinite(maxLoss) && maxLoss > 0 ? change / maxLoss : null;
}

export function returnMetrics(
  pos: Position,
  analysis: PLAnalysis,
  margin: number,
  ev: number,
  atr: number | undefined,
): ReturnMetrics {
  const days = perDayDays(pos);
  const annualize = (x: number | null) => (x === null ? null : (x * 365) / days);
  const capital = acquisitionCapital(pos, analysis, margin);
  const maxProfit = analysis.maxPL;
  const maxLoss = -analysis.minPL;
  const bounded = Number.isFinite(maxLoss);

  const returnAcquisition = over(analysis.pl(pos.spot), capital);
  const maxReturnMargin = over(maxProfit, margin);
  const shortCallStrikes = pos.legs
    .filter((l) => l.kind === 'option' && l.isCall && l.weight < 0)
    .map((l) => l.strike);
  const netShares = pos.legs.filter((l) => l.kind === 'stock').reduce((s, l) => s + l.weight, 0);
  const calledAway =
    netShares > 0 && shortCallStrikes.length > 0
      ? over(analysis.pl(Math.max(...shortCallStrikes)), capital)
      : null;
  const evMl = bounded ? over(ev, maxLoss) : null;
  return {
    return_acquisition: returnAcquisition,
    return_acquisition_annualized: annualize(returnAcquisition),
    max_return_margin: maxReturnMargin,
    max_return_margin_annualized: annualize(maxReturnMargin),
    covered_call_return_acquisition: calledAway,
    covered_call_return_acquisition_annualized: annualize(calledAway),
    spread_profit_ratio: bounded ? over(maxProfit, maxLoss) : null,
    ev_ml: evMl,
    ev_dte_ml: evMl === null ? null : evMl / days,
    cpd: pos.cost < 0 ? -pos.cost / days : null,
    dpd: pos.cost > 0 ? pos.cost / days : null,
    max_loss_percent: bounded ? maxLoss / pos.spot : null,
    move_ratio_1pct: moveRatio(pos, maxLoss, 0.01 * pos.spot),
    move_ratio_1atr: atr !== undefined && atr > 0 ? moveRatio(pos, maxLoss, atr) : null,
  };
}
