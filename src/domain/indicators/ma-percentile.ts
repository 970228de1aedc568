/**
 * Where today's distance from a moving average ranks among the sessions before it (the
 * screener's MA Percentile filter and column).
 */
import type { MaType } from '../filters/filter-value.ts';
import { movingAverage } from './moving-average.ts';

/**
 * Percentile (0–100) of the last close's distance (close − MA) / MA among the `lookback` sessions
 * before it: the share of those sessions whose distance was strictly lower. 100 = most stretched
 * above the average in the window, 0 = most stretched below. NaN unless every one of those
 * sessions has a moving average.
 */
export function maPercentile(
  close: ArrayLike<number>,
  maType: MaType,
  length: number,
  lookback: number,
): number {
  const n = close.length;
  const firstInWindow = n - 1 - lookback;
  if (firstInWindow < length - 1) return Number.NaN;
  const ma = movingAverage(close, maType, length);
  const distance = (t: number) => ((close[t] as number) - (ma[t] as number)) / (ma[t] as number);
  const today = distance(n - 1);
  let below = 0;
  for (let t = firstInWindow; t < n - 1; t++) if (distance(t) < today) below++;
  return (100 * below) / lookback;
}
