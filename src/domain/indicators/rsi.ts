/**
 * Relative Strength Index (Wilder, 1978): average gains and losses seeded with the simple mean
 * of the first `period` changes, then smoothed with α = 1 / period. Output in 0–100, NaN until
 * `period` changes exist.
 */
export function rsi(closes: ArrayLike<number>, period = 14): Float64Array {
  const out = new Float64Array(closes.length).fill(Number.NaN);
  if (closes.length <= period) return out;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= period; i++) {
    const d = (closes[i] as number) - (closes[i - 1] as number);
    if (d > 0) gain += d;
    else loss -= d;
  }
  gain /= period;
  loss /= period;
  out[period] = strength(gain, loss);
  for (let i = period + 1; i < closes.length; i++) {
    const d = (closes[i] as number) - (closes[i - 1] as number);
    gain = (gain * (period - 1) + Math.max(d, 0)) / period;
    loss = (loss * (period - 1) + Math.max(-d, 0)) / period;
    out[i] = strength(gain, loss);
  }
  return out;
}

function strength(gain: number, loss: number): number {
  if (loss === 0) return gain === 0 ? 50 : 100;
  return 100 - 100 / (1 + gain / loss);
}
