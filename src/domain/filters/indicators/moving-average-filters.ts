import type { MaPercentileValue, MaType, MaValue } from '../filter-value.ts';
import { MovingAverage, movingAverageAtEnd } from './moving-average.ts';
import type { PriceSeries } from './price-series.ts';

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

/**
 * Percentile (0–100) of today's MA distance among the `lookback` sessions before today: the share of
 * those sessions whose distance was strictly lower. 100 = most stretched above the average in the
 * window, 0 = most stretched below. NaN unless all lookback sessions have a moving average.
 */
export const maPercentile = (
  close: ArrayLike<number>,
  maType: MaType,
  length: number,
  lookback: number,
): number => {
  const n = close.length;
  const firstInWindow = n - 1 - lookback;
  if (firstInWindow < length - 1) return Number.NaN;
  const today = maDistance(close, maType, length);
  const ma = new MovingAverage(maType, length);
  let below = 0;
  for (let t = 0; t < n - 1; t++) {
    const avg = ma.push(close[t]!);
    if (t >= firstInWindow && (close[t]! - avg) / avg < today) below++;
  }
  return (100 * below) / lookback;
};

/** from ≤ percentile ≤ to, each end optional. */
export const maPercentileMatches = (value: MaPercentileValue, series: PriceSeries): boolean => {
  const p = maPercentile(series.close, value.maType, value.length, value.lookback);
  if (Number.isNaN(p)) return false;
  return (value.from === null || p >= value.from) && (value.to === null || p <= value.to);
};
