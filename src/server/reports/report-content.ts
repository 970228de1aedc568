/**
 * What a report says (docs/REPORTS.md), from one frame of the market: for the names with the most
 * option volume today (Center of Mass) or the most open interest (Open Interest), where that
 * volume or open interest is centred, the weighted mean strike of the calls and of the puts as a
 * distance from the stock's price, and the put/call ratio of the weights. Names whose calls or puts
 * carry no weight are left out. Pure over the frame's columns.
 */
import type { ReportId } from '#domain/reports/report-catalogue.ts';
import type { SnapshotFrame } from '../market/snapshot.ts';

/** Names per report. */
const REPORT_NAMES = 20;

export interface ReportLine {
  readonly symbol: string;
  readonly last: number;
  /** The weighted mean strike of the calls and of the puts, as a fraction from `last` (+ above). */
  readonly callCenter: number;
  readonly putCenter: number;
  /** Contracts traded today (Center of Mass) or open (Open Interest), calls and puts together. */
  readonly weight: number;
  /** Puts' weight over calls'. */
  readonly putCallRatio: number;
}

export function reportLines(
  report: ReportId,
  frame: SnapshotFrame,
  symbols: readonly string[],
): ReportLine[] {
  const { options, underlyings } = frame;
  const byVolume = report === 'vwks';
  const rank = byVolume ? underlyings.totalOptionVolume : underlyings.totalOpenInterest;
  const weightOf = byVolume ? options.volume : options.openInterest;
  const order = Array.from(rank.keys()).sort((a, b) => rank[b]! - rank[a]! || a - b);
  const lines: ReportLine[] = [];
  for (const u of order) {
    if (lines.length === REPORT_NAMES || !(rank[u]! > 0)) break;
    const last = underlyings.last[u]!;
    let callWeight = 0;
    let callStrikes = 0;
    let putWeight = 0;
    let putStrikes = 0;
    for (let o = underlyings.optionStart[u]!; o < underlyings.optionEnd[u]!; o++) {
      const w = weightOf[o]!;
      if (!(w > 0)) continue;
      if (options.right[o] === 1) {
        callWeight += w;
        callStrikes += w * options.strike[o]!;
      } else {
        putWeight += w;
        putStrikes += w * options.strike[o]!;
      }
    }
    if (callWeight === 0 || putWeight === 0 || !(last > 0)) continue;
    lines.push({
      symbol: symbols[u]!,
      last,
      callCenter: callStrikes / callWeight / last - 1,
      putCenter: putStrikes / putWeight / last - 1,
      weight: callWeight + putWeight,
      putCallRatio: putWeight / callWeight,
    });
  }
  return lines;
}
