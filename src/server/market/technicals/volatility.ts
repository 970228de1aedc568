/** Trading days per year, used to annualise daily statistics. */
export const TRADING_DAYS_PER_YEAR = 252;

/**
 * Realised volatility: sample standard deviation of the last `window` daily log returns ending at
 * `end` (inclusive index of a close), annualised with √252. NaN without enough history.
 */
export function realizedVol(closes: ArrayLike<number>, window: number, end = closes.length - 1): number {
  if (end - window < 0 || window < 2) return Number.NaN;
  let sum = 0;
  let sumSq = 0;
  for (let i = end - window + 1; i <= end; i++) {
    const r = Math.log((closes[i] as number) / (closes[i - 1] as number));
    sum += r;
    sumSq += r * r;
  }
  const variance = (sumSq - (sum * sum) / window) / (window - 1);
  return Math.sqrt(Math.max(variance, 0) * TRADING_DAYS_PER_YEAR);
}

/** Rolling realised volatility for every close (NaN for the first `window` closes). */
export function realizedVolSeries(closes: ArrayLike<number>, window: number): Float64Array {
  const out = new Float64Array(closes.length).fill(Number.NaN);
  for (let i = window; i < closes.length; i++) out[i] = realizedVol(closes, window, i);
  return out;
}

/** Sample standard deviation of the last `window` closes, in price units (the "21-day standard deviation"). */
export function priceStdDev(closes: ArrayLike<number>, window: number, end = closes.length - 1): number {
  if (end - window + 1 < 0 || window < 2) return Number.NaN;
  let sum = 0;
  for (let i = end - window + 1; i <= end; i++) sum += closes[i] as number;
  const mean = sum / window;
  let ss = 0;
  for (let i = end - window + 1; i <= end; i++) ss += ((closes[i] as number) - mean) ** 2;
  return Math.sqrt(ss / (window - 1));
}
