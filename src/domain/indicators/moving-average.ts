/**
 * Simple and exponential moving averages over a series (oldest first). Output has the input's
 * length; entries before the first full window are NaN. The one implementation the screener's
 * filters, its columns and the market's session technicals share.
 */
import type { MaType } from '../filters/filter-value.ts';

export function sma(values: ArrayLike<number>, period: number): Float64Array {
  const out = new Float64Array(values.length).fill(Number.NaN);
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i] as number;
    if (i >= period) sum -= values[i - period] as number;
    if (i >= period - 1) out[i] = sum / period;
  }
  return out;
}

/**
 * EMA with α = 2 / (period + 1), seeded with the simple average of the first `period` defined
 * values (the usual charting convention). Leading NaNs in the input are skipped, so an EMA of
 * an EMA (MACD's signal line) works.
 */
export function ema(values: ArrayLike<number>, period: number): Float64Array {
  const out = new Float64Array(values.length).fill(Number.NaN);
  const alpha = 2 / (period + 1);
  let start = 0;
  while (start < values.length && Number.isNaN(values[start] as number)) start++;
  if (values.length - start < period) return out;
  let seed = 0;
  for (let i = start; i < start + period; i++) seed += values[i] as number;
  let prev = seed / period;
  out[start + period - 1] = prev;
  for (let i = start + period; i < values.length; i++) {
    prev += alpha * ((values[i] as number) - prev);
    out[i] = prev;
  }
  return out;
}

export const movingAverage = (values: ArrayLike<number>, maType: MaType, period: number): Float64Array =>
  maType === 'sma' ? sma(values, period) : ema(values, period);
