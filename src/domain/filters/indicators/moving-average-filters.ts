import { maPercentile } from '#domain/indicators/ma-percentile.ts';
import { ema, sma } from '#domain/indicators/moving-average.ts';
import { lastOf, tailOf } from '#domain/indicators/series.ts';
import type { MaPercentileValue, MaType, MaValue } from '../filter-value.ts';
import type { PriceSeries } from './price-series.ts';

export { maPercentile };

/** The moving average at the last close: an SMA needs only its window, an EMA the whole history. */
const movingAverageAtEnd = (close: ArrayLike<number>, maType: MaType, length: number): number =>
  maType === 'sma' ? lastOf(sma(tailOf(close, length), length)) : lastOf(ema(close, length));

/** Distance of the last close from its moving average, as a fraction of the average (0.05 = 5% above). */
export const maDistance = (close: ArrayLike<number>, maType: MaType, length: number): number => {
  const avg = movingAverageAtEnd(close, maType, length);
  return (close[close.length - 1]! - avg) / avg;
};

/**
 * price_above: close > MA; price_below: close < MA. from/to (0–100, null open) bound the distance
 * |close − MA| / MA in percent, so "above by 2% to 10%" is {price_above, from 2, to 10}.
 */
export const maMatches = (value: MaValue, series: PriceSeries): boolean => {
  const d = maDistance(series.close, value.maType, value.length);
  if (!(value.behavior === 'price_above' ? d > 0 : d < 0)) return false;
  const pct = Math.abs(d) * 100;
  return (value.from === null || pct >= value.from) && (value.to === null || pct <= value.to);
};

/** from ≤ percentile ≤ to, each end optional. */
export const maPercentileMatches = (value: MaPercentileValue, series: PriceSeries): boolean => {
  const p = maPercentile(series.close, value.maType, value.length, value.lookback);
  if (Number.isNaN(p)) return false;
  return (value.from === null || p >= value.from) && (value.to === null || p <= value.to);
};
