import { lastOf, tailOf } from '#domain/indicators/series.ts';
import { stochastic as stochasticSeries } from '#domain/indicators/stochastic.ts';
import type { StochasticValue } from '../filter-value.ts';
import type { PriceSeries } from './price-series.ts';

export interface StochasticState {
  /** %K smoothed over kSmoothing sessions, 0–100. */
  readonly k: number;
  /** %D: SMA of %K over dLength sessions, 0–100. */
  readonly d: number;
}

/**
 * %K and %D at the last close (docs/FILTERS.md), from the sessions the last %D needs only. NaN
 * with too short a history.
 */
export const stochastic = (
  series: PriceSeries,
  kLength: number,
  kSmoothing: number,
  dLength: number,
): StochasticState => {
  const needed = kLength + kSmoothing + dLength - 2;
  if (series.close.length < needed) return { k: Number.NaN, d: Number.NaN };
  const { k, d } = stochasticSeries(
    tailOf(series.high, needed),
    tailOf(series.low, needed),
    tailOf(series.close, needed),
    kLength,
    kSmoothing,
    dLength,
  );
  return { k: lastOf(k), d: lastOf(d) };
};

/** overbought: %K and %D both ≥ level; oversold: both ≤ level (both lines in the zone confirm it). */
export const stochasticMatches = (value: StochasticValue, series: PriceSeries): boolean => {
  const { k, d } = stochastic(series, value.kLength, value.kSmoothing, value.dLength);
  return value.behavior === 'overbought'
    ? k >= value.level && d >= value.level
    : k <= value.level && d <= value.level;
};
