/**
 * Daily bars of one underlying, oldest first; the last element is the latest session (the engine may
 * put today's live price there). Prices in dollars per share; the arrays have equal length and no gaps.
 */
export interface PriceSeries {
  readonly close: ArrayLike<number>;
  readonly high: ArrayLike<number>;
  readonly low: ArrayLike<number>;
}
