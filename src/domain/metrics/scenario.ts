/**
 * Scenario metrics (spec 2 §3.6, §3.9): the underlying moves right now to a shifted price S'.
 *
 * Shifted price by unit (amount a): pct S·(1 + a); abs S + a (dollars); atr S + a·ATR;
 * std S·(1 + a·σ21·√(days/365)) with the days to the horizon; target_price, sma_200, w52_high,
 * w52_low X·(1 + a) for that reference level X. Never below 0; null when the unit's reference level
 * is unknown (then every scenario metric is null).
 *
 * - shift_pl: the trade's P/L right after the move: its model value at S' now (position.ts: each leg
 *   at its own IV by its exercise style's model, American price or BSM floored at intrinsic) less
 *   the cost paid.
 * - shift_pl_margin: shift_pl / margin.
 * - new_max_profit_at: profit still attainable from there, max profit − shift_pl (null if unlimited).
 * - new_max_loss_at: loss still possible from there, max loss + shift_pl (null if unlimited).
 * - new_prob_profit_at, new_prob_loss_at: the probabilities of profit and loss at the horizon for the
 *   same trade, with the lognormal starting from S' instead of S.
 */
import type { PLAnalysis } from './pl-analysis.ts';
import { type Position, positionValue } from './position.ts';
import { plProbabilities } from './probabilities.ts';
import type { ScenarioMetrics, ScenarioShift, UnderlyingState } from './types.ts';

const known = (x: number | undefined): x is number => x !== undefined && Number.isFinite(x) && x > 0;

/** `horizonDays`: days to the trade's horizon (for the std unit). */
export function shiftedPrice(u: UnderlyingState, shift: ScenarioShift, horizonDays: number): number | null {
  const S = u.price;
  const a = shift.amount;
  const relative = (ref: number | undefined) => (known(ref) ? ref * (1 + a) : null);
  let price: number | null;
  switch (shift.unit) {
    case 'pct':
      price = S * (1 + a);
      break;
    case 'abs':
      price = S + a;
      break;
    case 'atr':
      price = known(u.atr) ? S + a * u.atr : null;
      break;
    case 'std':
      price = known(u.std21) ? S * (1 + a * u.std21 * Math.sqrt(horizonDays / 365)) : null;
      break;
    case 'target_price':
      price = relative(u.targetPrice);
      break;
    case 'sma_200':
      price = relative(u.sma200);
      break;
    case 'w52_high':
      price = relative(u.w52High);
      break;
    case 'w52_low':
      price = relative(u.w52Low);
      break;
  }
  return price === null ? null : Math.max(price, 0);
}

const NO_SCENARIO: ScenarioMetrics = {
  shifted_price: null,
  shift_pl: null,
  shift_pl_margin: null,
  new_max_profit_at: null,
  new_max_loss_at: null,
  new_prob_profit_at: null,
  new_prob_loss_at: null,
};

export function scenarioMetrics(
  underlying: UnderlyingState,
  pos: Position,
  analysis: PLAnalysis,
  margin: number,
  shift: ScenarioShift,
): ScenarioMetrics {
  const price = shiftedPrice(underlying, shift, pos.days);
  if (price === null) return NO_SCENARIO;
  const pl = positionValue(pos, price, pos.asOfMs) - pos.cost;
  const probs = plProbabilities({ ...pos, spot: price }, analysis);
  return {
    shifted_price: price,
    shift_pl: pl,
    shift_pl_margin: margin > 0 ? pl / margin : null,
    new_max_profit_at: Number.isFinite(analysis.maxPL) ? analysis.maxPL - pl : null,
    new_max_loss_at: Number.isFinite(analysis.minPL) ? -analysis.minPL + pl : null,
    new_prob_profit_at: probs.prob_profit,
    new_prob_loss_at: probs.prob_loss,
  };
}
