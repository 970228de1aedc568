import { ema } from './moving-average.ts';

export interface MacdSeries {
  /** EMA(fast) − EMA(slow) of the closes, in price units. */
  readonly macd: Float64Array;
  /** EMA(signal) of the MACD line. */
  readonly signal: Float64Array;
  /** MACD − signal. */
  readonly histogram: Float64Array;
}

/** Appel's MACD, default 12/26/9. */
export function macd(closes: ArrayLike<number>, fast = 12, slow = 26, signalPeriod = 9): MacdSeries {
  const f = ema(closes, fast);
  const s = ema(closes, slow);
  const line = new Float64Array(closes.length);
  for (let i = 0; i < line.length; i++) line[i] = (f[i] as number) - (s[i] as number);
  const signal = ema(line, signalPeriod);
  const histogram = new Float64Array(closes.length);
  for (let i = 0; i < line.length; i++) histogram[i] = (line[i] as number) - (signal[i] as number);
  return { macd: line, signal, histogram };
}
