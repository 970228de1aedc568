/**
 * The trade metrics the probability analysis gives (docs/METRICS.md): the probabilities of the
 * P/L's sign and extremes and the expected values, all over the underlying's price distribution
 * at the horizon. One list in one order, which the engine's metric ids, the scan plan's cost
 * ranks and the hub's live fields each take whole.
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
