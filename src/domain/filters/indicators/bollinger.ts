import { bollinger as bollingerSeries } from '#domain/indicators/bollinger.ts';
import { lastOf, tailOf } from '#domain/indicators/series.ts';
import type { BollingerValue } from '../filter-value.ts';
import type { PriceSeries } from './price-series.ts';

export interface BollingerState {
  readonly lower: number;
  readonly middle: number;
  readonly upper: number;
  /** %B = (close − lower) / (upper − lower): 0 at the lower band, 1 at the upper; 0.5 for a flat window. */
  readonly percentB: number;
}

/** Bands at the last close (docs/FILTERS.md), from the closes of the last window only. */
export const bollinger = (close: ArrayLike<number>, length: number, stdDevs: number): BollingerState => {
  const b = bollingerSeries(tailOf(close, length), length, stdDevs);
  return {
    lower: lastOf(b.lower),
    middle: lastOf(b.middle),
    upper: lastOf(b.upper),
    percentB: lastOf(b.percentB),
  };
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
