/**
 * Breakevens relative to the price, the widths of the profit and loss zones, and the typical move.
 *
 * - breakeven_percent[i] = (breakeven_i − S) / S; atr_breakeven[i] = (breakeven_i − S) / ATR.
 * - profit_range_percent: total width of the price intervals where the P/L at the horizon is
 *   positive, over S; null when one of them is unbounded above. loss_range_percent likewise for
 *   the loss intervals. (An iron condor's profit zone, a long straddle's loss zone.)
 * - atr_range: the typical move to the horizon, ATR × √days, over S.
 * - atr_vs_bep[i]: that typical move over the distance to breakeven i, ATR × √days / |breakeven_i − S|
 *   (above 1: a typical move reaches it); null for a breakeven at the price.
 * The ATR metrics are null when the ATR is unknown.
 */
import type { PLAnalysis } from './pl-analysis.ts';

export interface RangeMetrics {
  readonly breakeven_percent: readonly number[];
  readonly atr_breakeven: readonly number[] | null;
  readonly atr_vs_bep: readonly (number | null)[] | null;
  readonly profit_range_percent: number | null;
  readonly loss_range_percent: number | null;
  readonly atr_range: number | null;
}

function zoneWidth(analysis: PLAnalysis, sign: 1 | -1): number {
  return analysis.regions.filter((r) => r.sign === sign).reduce((w, r) => w + (r.hi - r.lo), 0);
}

/** `days`: days to the horizon. */
export function rangeMetrics(
  analysis: PLAnalysis,
  spot: number,
  atr: number | undefined,
  days: number,
): RangeMetrics {
  const bes = analysis.breakevens;
  const hasAtr = atr !== undefined && atr > 0;
  const typicalMove = hasAtr ? atr * Math.sqrt(days) : 0;
  const profit = zoneWidth(analysis, 1);
  const loss = zoneWidth(analysis, -1);
  return {
    breakeven_percent: bes.map((b) => (b - spot) / spot),
    atr_breakeven: hasAtr ? bes.map((b) => (b - spot) / atr) : null,
    atr_vs_bep: hasAtr ? bes.map((b) => (b !== spot ? typicalMove / Math.abs(b - spot) : null)) : null,
    profit_range_percent: Number.isFinite(profit) ? profit / spot : null,
    loss_range_percent: Number.isFinite(loss) ? loss / spot : null,
    atr_range: hasAtr ? typicalMove / spot : null,
  };
}
