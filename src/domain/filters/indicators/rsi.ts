import { rsi as rsiSeries } from '#domain/indicators/rsi.ts';
import { lastOf } from '#domain/indicators/series.ts';
import type { RsiValue } from '../filter-value.ts';
import type { PriceSeries } from './price-series.ts';

/** Wilder's RSI at the last close (docs/FILTERS.md); NaN with fewer than length + 1 closes. */
export const rsi = (close: ArrayLike<number>, length: number): number => lastOf(rsiSeries(close, length));

/** above: RSI ≥ from; below: RSI ≤ to; between: from ≤ RSI ≤ to. NaN (short history) fails. */
export const rsiMatches = (value: RsiValue, series: PriceSeries): boolean => {
  const r = rsi(series.close, value.length);
  return (value.from === null || r >= value.from) && (value.to === null || r <= value.to) && !Number.isNaN(r);
};
