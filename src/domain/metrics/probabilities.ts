/**
 * Probabilities and expected value of the P/L at the horizon, under the position's distribution of
 * the price there (`pos.distribution`, pricing/terminal-distribution.ts): the horizon expiration's
 * smile, or the flat-σ lognormal at the underlying's ATM IV, with the position's drift (default
 * r − q) and T = years to the horizon.
 *
 * prob_profit = P(PL > 0) and prob_loss = P(PL < 0); they sum to 1 less the probability of ending
 * where the P/L is exactly zero over a whole interval (e.g. a long call bought for nothing, below
 * its strike). "_up" and "_down" split each by whether the price ends above or at/below today's.
 */
import type { TerminalDistribution } from '../pricing/terminal-distribution.ts';
import { piecewiseExpectedPLIn, piecewiseFromPosition } from './piecewise.ts';
import type { PLAnalysis, PriceInterval } from './pl-analysis.ts';
import { buildPosition, horizonPLs, type Position } from './position.ts';
import type { TradeInput } from './types.ts';

export interface PLProbabilities {
  readonly prob_profit: number;
  readonly prob_profit_up: number;
  readonly prob_profit_down: number;
  readonly prob_loss: number;
  readonly prob_loss_up: number;
  readonly prob_loss_down: number;
  readonly prob_max_profit: number;
  readonly prob_max_loss: number;
}

/**
 * The distribution of the underlying's price at a trade's horizon, as every probability and the
 * expected value of `tradeMetrics` use it: its model (`smile` or `lognormal`), parameters (the
 * smile's strikes and IVs, or σ), P(S_T ≤ x) and E[(S_T − K)⁺].
 */
export const tradeDistribution = (input: TradeInput): TerminalDistribution =>
  buildPosition(input).distribution;

/** Probability that the underlying ends in (lo, hi] at the horizon (from today's price `pos.spot`). */
export const massBetween = (pos: Position, lo: number, hi: number): number =>
  pos.distribution.massBetween(lo, hi, pos.spot);

const massOf = (pos: Position, intervals: readonly PriceInterval[]): number =>
  intervals.reduce((p, r) => p + massBetween(pos, r.lo, r.hi), 0);

export function plProbabilities(pos: Position, analysis: PLAnalysis): PLProbabilities {
  const s = pos.spot;
  let profitUp = 0;
  let profitDown = 0;
  let lossUp = 0;
  let lossDown = 0;
  for (const r of analysis.regions) {
    if (r.sign === 0) continue;
    const down = massBetween(pos, r.lo, Math.min(r.hi, s));
    const up = massBetween(pos, Math.max(r.lo, s), r.hi);
    if (r.sign > 0) {
      profitUp += up;
      profitDown += down;
    } else {
      lossUp += up;
      lossDown += down;
    }
  }
  return {
    prob_profit: profitUp + profitDown,
    prob_profit_up: profitUp,
    prob_profit_down: profitDown,
    prob_loss: lossUp + lossDown,
    prob_loss_up: lossUp,
    prob_loss_down: lossDown,
    prob_max_profit: massOf(pos, analysis.maxRegions),
    prob_max_loss: massOf(pos, analysis.minRegions),
  };
}

/**
 * E[PL(S_T)] per share, undiscounted: closed form when the P/L is piecewise linear (E[S_T] and each
 * strike's E[(S_T − K)⁺]), otherwise Gauss-Legendre integration over the distribution cut at every
 * strike (`TerminalDistribution.expectation`).
 */
export function expectedPL(pos: Position, analysis: PLAnalysis): number {
  if (analysis.exact) {
    const p = piecewiseFromPosition(pos);
    return piecewiseExpectedPLIn(pos.distribution, p.strikes, p.callUnits, p.count, p.stockUnits, p.constant);
  }
  return pos.distribution.expectation((prices, out) => horizonPLs(pos, prices, out), pos.strikes);
}
