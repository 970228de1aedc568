import type { RsiValue } from '../filter-value.ts';
import type { PriceSeries } from './price-series.ts';

/**
 * Wilder's RSI at the last close: the first average gain and loss are simple means of the first
 * `length` changes, then smoothed as avg = (avg × (length − 1) + current) / length. 100 when there were
 * no losses, 50 when the price did not move. NaN with fewer than length + 1 closes.
 */
export const rsi = (close: ArrayLike<number>, length: number): number => {
  if (close.length < length + 1) return Number.NaN;
  let gain = 0;
  let loss = 0;
  for (let t = 1; t <= length; t++) {
    const d = close[t]! - close[t - 1]!;
    if (d > 0) gain += d;
    else loss -= d;
  }
  gain /= length;
  loss /= length;
  for (let t = length + 1; t < close.length; t++) {
    const d = close[t]! - close[t - 1]!;
    gain = (gain * (length - 1) + Math.max(d, 0)) / length;
    loss = (loss * (length - 1) + Math.max(-d, 0)) / length;
  }
  if (loss === 0) return gain === 0 ? 50 : 100;
  return 100 - 100 / (1 + gain / loss);
};

/** above: RSI ≥ from; below: RSI ≤ to; between: from ≤ RSI ≤ to. NaN (short history) fails. */
export const rsiMatches = (value: RsiValue, series: PriceSeries): boolean => {
  const r = rsi(series.close, value.length);
  return (value.from === null || r >= value.from) && (value.to === null || r <= value.to) && !Number.isNaN(r);
};
