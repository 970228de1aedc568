import type { MacdValue } from '../filter-value.ts';
import { MovingAverage } from './moving-average.ts';
import type { PriceSeries } from './price-series.ts';
import { SignRun } from './sign-run.ts';

export interface MacdState {
  /** MACD − signal at the last close (dollars); NaN with too short a history. */
  readonly histogram: number;
  /** Run of the histogram's sign (above = strictly positive). */
  readonly run: SignRun;
}

/**
 * MACD line = EMA(fast) − EMA(slow) of closes; signal = EMA(signal) of the MACD line, seeded once the
 * line exists; histogram = MACD − signal.
 */
export const macd = (close: ArrayLike<number>, fast: number, slow: number, signal: number): MacdState => {
  const f = new MovingAverage('ema', fast);
  const s = new MovingAverage('ema', slow);
  const sig = new MovingAverage('ema', signal);
  const run = new SignRun();
  let histogram = Number.NaN;
  for (let t = 0; t < close.length; t++) {
    const line = f.push(close[t]!) - s.push(close[t]!);
    if (Number.isNaN(line)) continue;
    histogram = line - sig.push(line);
    run.push(histogram);
  }
  return { histogram, run };
};

/**
 * bullish_cross / bearish_cross: the MACD line crossed above / below its signal line at most
 * `withinDays` sessions ago and has stayed there. histogram_positive / _negative: today's sign.
 */
export const macdMatches = (value: MacdValue, series: PriceSeries): boolean => {
  const { histogram, run } = macd(series.close, value.fast, value.slow, value.signal);
  switch (value.behavior) {
    case 'bullish_cross':
      return run.crossedWithin(1, value.withinDays);
    case 'bearish_cross':
      return run.crossedWithin(-1, value.withinDays);
    case 'histogram_positive':
      return histogram > 0;
    case 'histogram_negative':
      return histogram < 0;
  }
};
