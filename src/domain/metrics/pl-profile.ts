/**
 * The P/L profile for the chart: P/L per share over a price grid, at the horizon and at chosen dates
 * before it. The grid is `steps` even steps from 10% below to 10% above the range of the strikes
 * and the current price, plus the strikes, the price and the breakevens themselves (so every kink
 * and zero is drawn exactly). Before the horizon each leg is valued as in position.ts.
 */
import { analyzePL } from './pl-analysis.ts';
import { buildPosition, positionValue } from './position.ts';
import type { TradeInput } from './types.ts';

export interface PLProfile {
  /** Underlying prices, ascending. */
  readonly prices: readonly number[];
  /** P/L per share at the horizon for each price. */
  readonly atHorizon: readonly number[];
  /** P/L per share at each requested instant (clamped to [now, horizon]) for each price. */
  readonly atDates: readonly { readonly atMs: number; readonly pl: readonly number[] }[];
  readonly horizonMs: number;
  readonly breakevens: readonly number[];
}

export interface PLProfileOptions {
  /** Even steps across the padded range; 80 by default. */
  readonly steps?: number;
  /** Instants (epoch ms) to draw before the horizon, e.g. today. */
  readonly datesMs?: readonly number[];
}

export function plProfile(input: TradeInput, opts: PLProfileOptions = {}): PLProfile {
  const pos = buildPosition(input);
  const analysis = analyzePL(pos);
  const steps = opts.steps ?? 80;
  const anchors = [...pos.strikes, pos.spot];
  const lo = 0.9 * Math.min(...anchors);
  const hi = 1.1 * Math.max(...anchors);
  const grid = Array.from({ length: steps + 1 }, (_, i) => lo + ((hi - lo) * i) / steps);
  const inside = [...anchors, ...analysis.breakevens].filter((x) => x >= lo && x <= hi);
  const prices = [...new Set([...grid, ...inside])].sort((a, b) => a - b);
  return {
    prices,
    atHorizon: prices.map(analysis.pl),
    atDates: (opts.datesMs ?? []).map((ms) => {
      const atMs = Math.min(Math.max(ms, pos.asOfMs), pos.horizonMs);
      return { atMs, pl: prices.map((s) => positionValue(pos, s, atMs) - pos.cost) };
    }),
    horizonMs: pos.horizonMs,
    breakevens: analysis.breakevens,
  };
}
