import type { BollingerValue } from '../filter-value.ts';
import type { PriceSeries } from './price-series.ts';

export interface BollingerState {
  readonly lower: number;
  readonly middle: number;
  readonly upper: number;
  /** %B = (close − lower) / (upper − lower): 0 at the lower band, 1 at the upper; 0.5 for a flat window. */
  readonly percentB: number;
}

/** Bands at the last close: SMA(length) ± stdDevs × population standard deviation of the same closes. */
export const bollinger = (close: ArrayLike<number>, length: number, stdDevs: number): BollingerState => {
  const n = close.length;
  if (n < length) return { lower: Number.NaN, middle: Number.NaN, upper: Number.NaN, percentB: Number.NaN };
  let sum = 0;
  for (let t = n - length; t < n; t++) sum += close[t]!;
  const middle = sum / length;
  let sq = 0;
  for (let t = n - length; t < n; t++) sq += (close[t]! - middle) ** 2;
  const width = stdDevs * Math.sqrt(sq / length);
  const lower = middle - width;
  const upper = middle + width;
  const percentB = width === 0 ? 0.5 : (close[n - 1]! - lower) / (upper - lower);
  return { lower, middle, upper, percentB };
};

/**
 * above_upper: close > upper band; below_lower: close < lower band; inside: between the bands
 * inclusive; between: from ≤ %B ≤ to (raw numbers, either end optional).
 */
export const bollingerMatches = (value: BollingerValue, series: PriceSeries): boolean => {
  const b = bollinger(series.close, value.length, value.stdDevs);
  const last = series.close[series.close.length - 1]!;
  switch (value.behavior) {
    case 'above_upper':
      return last > b.upper;
    case 'below_lower':
      return last < b.lower;
    case 'inside':
      return last >= b.lower && last <= b.upper;
    case 'between':
      return (
        !Number.isNaN(b.percentB) &&
        (value.from === null || b.percentB >= value.from) &&
        (value.to === null || b.percentB <= value.to)
      );
  }
};
