import { sma } from './moving-average.ts';

export interface StochasticSeries {
  /** %K in 0–100, smoothed over `smoothK` periods (1 = the raw, "fast" %K). */
  readonly k: Float64Array;
  /** %D: simple average of %K over `periodD`. */
  readonly d: Float64Array;
}

/** Lane's stochastic oscillator, default 14/1/3: %K = (close − lowest low) / (highest high − lowest low). */
export function stochastic(
  high: ArrayLike<number>,
  low: ArrayLike<number>,
  close: ArrayLike<number>,
  periodK = 14,
  smoothK = 1,
  periodD = 3,
): StochasticSeries {
  const raw = new Float64Array(close.length).fill(Number.NaN);
  for (let i = periodK - 1; i < close.length; i++) {
    let hh = Number.NEGATIVE_INFINITY;
    let ll = Number.POSITIVE_INFINITY;
    for (let j = i - periodK + 1; j <= i; j++) {
      hh = Math.max(hh, high[j] as number);
      ll = Math.min(ll, low[j] as number);
    }
    raw[i] = hh === ll ? 50 : (100 * ((close[i] as number) - ll)) / (hh - ll);
  }
  const k = smoothK > 1 ? smoothNaN(raw, smoothK) : raw;
  return { k, d: smoothNaN(k, periodD) };
}

/** SMA that starts after the leading NaNs. */
function smoothNaN(values: Float64Array, period: number): Float64Array {
  let start = 0;
  while (start < values.length && Number.isNaN(values[start] as number)) start++;
  const out = new Float64Array(values.length).fill(Number.NaN);
  out.set(sma(values.subarray(start), period), start);
  return out;
}
