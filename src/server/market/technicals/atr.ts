/**
 * Average True Range (Wilder): true range = max(high − low, |high − previous close|,
 * |low − previous close|); the first ATR is the mean of the first `period` true ranges (the
 * first bar's true range is its high − low), then ATR = (ATR·(period − 1) + TR) / period.
 * In price units (dollars per share).
 */
export function atr(
  high: ArrayLike<number>,
  low: ArrayLike<number>,
  close: ArrayLike<number>,
  period = 14,
): Float64Array {
  const n = close.length;
  const out = new Float64Array(n).fill(Number.NaN);
  let sum = 0;
  let prev = Number.NaN;
  for (let i = 0; i < n; i++) {
    const h = high[i] as number;
    const l = low[i] as number;
    const tr =
      i === 0
        ? h - l
        : Math.max(h - l, Math.abs(h - (close[i - 1] as number)), Math.abs(l - (close[i - 1] as number)));
    if (i < period) {
      sum += tr;
      if (i === period - 1) prev = sum / period;
    } else {
      prev = (prev * (period - 1) + tr) / period;
    }
    if (i >= period - 1) out[i] = prev;
  }
  return out;
}
