/**
 * The at-the-money implied volatility of one expiration, for the analyzer's ±1 and ±2 implied-move
 * buttons: per strike the mean of the call's and the put's IV (either alone when only one is
 * quoted), linearly interpolated in the strike at the forward F = S·e^{(r−q)T}. Null when no strike
 * at or below F and none at or above it has a quoted option with a positive IV.
 */

export interface StrikeIv {
  readonly strike: number;
  /** The option's IV, or NaN / 0 when it has none. */
  readonly iv: number;
}

export function atmImpliedVolatility(options: readonly StrikeIv[], forward: number): number | null {
  const sums = new Map<number, { total: number; count: number }>();
  for (const { strike, iv } of options) {
    if (!(iv > 0) || !Number.isFinite(iv)) continue;
    const s = sums.get(strike) ?? { total: 0, count: 0 };
    s.total += iv;
    s.count += 1;
    sums.set(strike, s);
  }
  let below: [number, number] | null = null;
  let above: [number, number] | null = null;
  for (const [strike, { total, count }] of sums) {
    const iv = total / count;
    if (strike <= forward && (!below || strike > below[0])) below = [strike, iv];
    if (strike >= forward && (!above || strike < above[0])) above = [strike, iv];
  }
  if (!below || !above) return null;
  if (above[0] === below[0]) return below[1];
  const w = (forward - below[0]) / (above[0] - below[0]);
  return below[1] + w * (above[1] - below[1]);
}
