/**
 * The check every engine-versus-reference test makes: the engine's groups hold the reference
 * scan's trades in the same order. Legs are compared by contract id, so trades read from another
 * view of the same market compare too.
 */
import { expect } from 'vitest';
import { formatContractId } from '#domain/contracts/contract-id.ts';
import { MarketView } from '#engine/market-view.ts';
import { NARROWED_MAX, type ScanResult, SIMILAR } from '#engine/scan-run.ts';
import type { ScanSpec } from '#engine/scan-spec.ts';
import { tradeLegs } from '#engine/trade-input.ts';
import { type RefGroup, referenceScan } from './reference.ts';
import type { TinyMarket } from './tiny-market.ts';

/** The reference scan of `spec` on `market`, once `result` is checked to hold its trades. */
export function expectReferenceTrades(market: TinyMarket, spec: ScanSpec, result: ScanResult): RefGroup[] {
  const view = new MarketView(market.instant);
  const ref = referenceScan(view, spec, { similar: SIMILAR, narrowedMax: NARROWED_MAX });
  const s = result.plan.structure;
  const ids = (v: MarketView, u: number, rows: ArrayLike<number>) =>
    tradeLegs(v, u, s, rows)
      .map((l) => formatContractId(l.contract))
      .join(' ');
  expect(
    result.groups.map((g) => [g.symbol, g.trades.map((t) => ids(result.capture.view, g.u, t.rows))]),
  ).toEqual(ref.map((g) => [g.symbol, g.trades.map((t) => ids(view, t.u, t.rows))]));
  return ref;
}

/**
 * The counts and keys of a scan whose bounds may skip trades, against the reference's groups: a
 * ticker whose count is exact counts what the reference does, one that skipped trades at most
 * that; every kept trade has the reference's sort keys. Returns how many tickers skipped some.
 */
export function expectKeptCounts(result: ScanResult, ref: readonly RefGroup[]): number {
  let pruned = 0;
  result.groups.forEach((g, i) => {
    if (g.exact) expect(g.count).toBe(ref[i]!.count);
    else {
      expect(ref[i]!.count).toBeGreaterThanOrEqual(g.count);
      pruned++;
    }
    g.trades.forEach((t, j) => {
      expect([...t.keys]).toEqual([...ref[i]!.trades[j]!.keys]);
    });
  });
  return pruned;
}
