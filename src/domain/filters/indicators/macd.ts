import { macd as macdSeries } from '#domain/indicators/macd.ts';
import { lastOf } from '#domain/indicators/series.ts';
import { type SignRun, signRunOf } from '#domain/indicators/sign-run.ts';
import type { MacdValue } from '../filter-value.ts';
import type { PriceSeries } from './price-series.ts';

export interface MacdState {
  /** MACD − signal at the last close (dollars); NaN with too short a history. */
  readonly histogram: number;
  /** Run of the histogram's sign (above = strictly positive). */
  readonly run: SignRun;
}

/** MACD (docs/FILTERS.md) at the last close: the histogram and the run of its sign. */
export const macd = (close: ArrayLike<number>, fast: number, slow: number, signal: number): MacdState => {
  const { histogram } = macdSeries(close, fast, slow, signal);
  return { histogram: lastOf(histogram), run: signRunOf(histogram) };
};

/**
 * bullish_cross / bearish_cross: the MACD line crossed above / below its signal line at most
 * `withinDays` sessions ago and has stayed there. histogram_positive / _negative: today's sign.
 */
export const macdMatches = (value: MacdValue, series: PriceSeries): boolean => {
  const { histogram, run } = macd(series.close, value.fast, value.slow, value.signal);
  switch (value.behavior) {
    case 'bullish_cross':
      return run.crossedWithin(1, value.withinDays);
    case 'bearish_cross':
      return run.crossedWithin(-1, value.withinDays);
    case 'histogram_positive':
      return histogram > 0;
    case 'histogram_negative':
      return histogram < 0;
  }
};
