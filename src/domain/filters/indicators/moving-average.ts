import type { MaType } from '../filter-value.ts';

/**
 * A streaming moving average: push values oldest first, read the average after each push (NaN until
 * `length` values are in). SMA keeps a ring of the window; EMA is seeded with the SMA of the first
 * `length` values and then uses α = 2 / (length + 1), the usual charting convention.
 */
export class MovingAverage {
  readonly maType: MaType;
  readonly length: number;
  private readonly window: Float64Array;
  private count = 0;
  private sum = 0;
  private ema = Number.NaN;

  constructor(maType: MaType, length: number) {
    this.maType = maType;
    this.length = length;
    this.window = new Float64Array(maType === 'sma' ? length : 0);
  }

  push(x: number): number {
    const n = this.length;
    if (this.maType === 'sma') {
      const slot = this.count % n;
      if (this.count >= n) this.sum -= this.window[slot]!;
      this.window[slot] = x;
      this.sum += x;
      this.count++;
      return this.count >= n ? this.sum / n : Number.NaN;
    }
    this.count++;
    if (this.count < n) {
      this.sum += x;
      return Number.NaN;
    }
    if (this.count === n) {
      this.ema = (this.sum + x) / n;
      return this.ema;
    }
    const alpha = 2 / (n + 1);
    this.ema = alpha * x + (1 - alpha) * this.ema;
    return this.ema;
  }
}

/**
 * Moving average of `values` ending at the last element; NaN with fewer than `length` values. An SMA
 * sums only the last window; an EMA has to run over the whole history.
 */
export const movingAverageAtEnd = (values: ArrayLike<number>, maType: MaType, length: number): number => {
  const n = values.length;
  if (n < length) return Number.NaN;
  if (maType === 'sma') {
    let sum = 0;
    for (let t = n - length; t < n; t++) sum += values[t]!;
    return sum / length;
  }
  const ma = new MovingAverage(maType, length);
  let last = Number.NaN;
  for (let t = 0; t < n; t++) last = ma.push(values[t]!);
  return last;
};
