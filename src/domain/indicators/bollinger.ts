import { sma } from './moving-average.ts';

export interface BollingerSeries {
  readonly middle: Float64Array;
  readonly upper: Float64Array;
  readonly lower: Float64Array;
  /** %B: where the close sits in the band, 0 at the lower band and 1 at the upper. */
  readonly percentB: Float64Array;
}

/** Bollinger bands, default 20 periods ± 2 population standard deviations (Bollinger's own definition). */
export function bollinger(closes: ArrayLike<number>, period = 20, width = 2): BollingerSeries {
  const middle = sma(closes, period);
  const n = closes.length;
  const upper = new Float64Array(n).fill(Number.NaN);
  const lower = new Float64Array(n).fill(Number.NaN);
  const percentB = new Float64Array(n).fill(Number.NaN);
  for (let i = period - 1; i < n; i++) {
    const m = middle[i] as number;
    let ss = 0;
    for (let j = i - period + 1; j <= i; j++) ss += ((closes[j] as number) - m) ** 2;
    const sd = Math.sqrt(ss / period);
    upper[i] = m + width * sd;
    lower[i] = m - width * sd;
    percentB[i] = sd === 0 ? 0.5 : ((closes[i] as number) - (m - width * sd)) / (2 * width * sd);
  }
  return { middle, upper, lower, percentB };
}
