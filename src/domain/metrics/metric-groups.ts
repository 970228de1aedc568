/**
 * Groups of trade metrics by what computes them (docs/METRICS.md), each one list in one order
 * that the engine's metric names, the scan plan and the hub's live fields take whole.
 */

/**
 * What the probability analysis gives: the probabilities of the P/L's sign and extremes and the
 * expected values, over the underlying's price distribution at the horizon.
 */
export const PROBABILITY_METRICS = [
  'prob_profit',
  'prob_profit_up',
  'prob_profit_down',
  'prob_loss',
  'prob_loss_up',
  'prob_loss_down',
  'prob_max_profit',
  'prob_max_loss',
  'spread_expected_value',
  'ev_ml',
  'ev_dte_ml',
] as const;

/** Metrics of a scenario (a stock move now), one value per scenario. */
export const SCENARIO_METRICS = [
  'shift_pl',
  'shift_pl_margin',
  'new_max_profit_at',
  'new_max_loss_at',
  'new_prob_profit_at',
  'new_prob_loss_at',
] as const;
