import type { StochasticValue } from '../filter-value.ts';
import { MovingAverage } from './moving-average.ts';
import type { PriceSeries } from './price-series.ts';

export interface StochasticState {
  /** %K smoothed over kSmoothing sessions, 0–100. */
  readonly k: number;
  /** %D: SMA of %K over dLength sessions, 0–100. */
  readonly d: number;
}

/**
 * Raw %K = 100 × (close − lowest low) / (highest high − lowest low) over kLength sessions (50 when the
 * range is flat); %K = SMA(raw, kSmoothing); %D = SMA(%K, dLength). Only the sessions the last %D
 * needs are computed. NaN with too short a history.
 */
export const stochastic = (
  series: PriceSeries,
  kLength: number,
  kSmoothing: number,
  dLength: number,
): StochasticState => {
  const n = series.close.length;
  // The last %D needs dLength %K values, each needing kSmoothing raw values.
  const first = n - kSmoothing - dLength + 1;
  if (first < kLength - 1) return { k: Number.NaN, d: Number.NaN };
  const smooth = new MovingAverage('sma', kSmoothing);
  const signal = new MovingAverage('sma', dLength);
  let k = Number.NaN;
  let d = Number.NaN;
  for (let t = first; t < n; t++) {
    let hi = Number.NEGATIVE_INFINITY;
    let lo = Number.POSITIVE_INFINITY;
    for (let i = t - kLength + 1; i <= t; i++) {
      hi = Math.max(hi, series.high[i]!);
      lo = Math.min(lo, series.low[i]!);
    }
    const raw = hi === lo ? 50 : (100 * (series.close[t]! - lo)) / (hi - lo);
    k = smooth.push(raw);
    if (!Number.isNaN(k)) d = signal.push(k);
  }
  return { k, d };
};

/** overbought: %K and %D both ≥ level; oversold: both ≤ level (both lines in the zone confirm it). */
export const stochasticMatches = (value: StochasticValue, series: PriceSeries): boolean => {
  const { k, d } = stochastic(series, value.kLength, value.kSmoothing, value.dLength);
  return value.behavior === 'overbought'
    ? k >= value.level && d >= value.level
    : k <= value.level && d <= value.level;
};
