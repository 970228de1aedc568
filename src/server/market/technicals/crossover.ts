/**
 * Moving-average relations used by the screener's MA filters.
 */

/**
 * Sessions since the fast average last crossed the slow one, signed: +n when the fast average
 * has been above the slow one for n sessions (a "golden cross" n sessions ago), −n when below
 * ("death cross"). 0 when either average is undefined at the last bar. When no crossing is
 * in the defined history, n counts every session in which both averages were defined.
 */
export function crossoverAge(fast: ArrayLike<number>, slow: ArrayLike<number>): number {
  const n = fast.length;
  const last = n - 1;
  const f0 = fast[last] as number;
  const s0 = slow[last] as number;
  if (n === 0 || Number.isNaN(f0) || Number.isNaN(s0) || f0 === s0) return 0;
  const above = f0 > s0;
  let age = 0;
  for (let i = last; i >= 0; i--) {
    const f = fast[i] as number;
    const s = slow[i] as number;
    if (Number.isNaN(f) || Number.isNaN(s) || f > s !== above) break;
    age++;
  }
  return above ? age : -age;
}

/**
 * Percentile (0–1) of today's distance from the moving average, (price / MA − 1), among the
 * same distances over the last `lookback` sessions. 1 means the price is further above its
 * average than on any day of the lookback.
 */
export function maPercentile(
  closes: ArrayLike<number>,
  ma: ArrayLike<number>,
  price: number,
  lookback: number,
): number {
  const n = closes.length;
  const today = price / (ma[n - 1] as number) - 1;
  if (!Number.isFinite(today)) return Number.NaN;
  let below = 0;
  let count = 0;
  for (let i = Math.max(0, n - lookback); i < n; i++) {
    const m = ma[i] as number;
    if (Number.isNaN(m)) continue;
    count++;
    if ((closes[i] as number) / m - 1 <= today) below++;
  }
  return count === 0 ? Number.NaN : below / count;
}
