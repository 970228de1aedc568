/**
 * A smile fit is carried from frame to frame while its chain is unchanged: a tick reprices only
 * the underlyings that moved, so a new frame refits only those chains, and every other one keeps
 * the very table it had (the same inputs, hence the same fit).
 */
import { describe, expect, test } from 'vitest';
import { fitSmile } from '#domain/pricing/smile.ts';
import { MarketView } from '#engine/market-view.ts';
import type { MarketTick } from '#server/market/provider.ts';
import { createSimulatedMarket } from '#server/market/simulator.ts';

describe('smile fits carried across frames', () => {
  test('a tick refits the chains it repriced and keeps the others’ tables', () => {
    let now = Date.parse('2026-03-04T15:30:00Z');
    const market = createSimulatedMarket({ seed: 3, universe: 'S', hours: 'always' }, { clock: () => now });
    const viewNow = () => {
      const snapshot = market.snapshot();
      const frame = snapshot.front();
      return new MarketView({
        buffers: snapshot.buffers,
        frameIndex: frame.index,
        asOfMs: frame.time,
        riskFreeRate: market.riskFreeRate(),
      });
    };
    const before = viewNow();
    const g = before.cols.groups;
    const firstGroup = (u: number) => before.cols.underlyings.groupStart[u]!;
    const fits = before.symbols.map((_, u) => before.smileTable(u, g.expiration[firstGroup(u)]!));
    const changed = new Set<string>();
    const stop = market.subscribe((tick: MarketTick) => {
      for (const s of tick.changed) changed.add(s);
    });
    now += 1000;
    market.advance();
    stop();
    const after = viewNow();
    expect(after.asOfMs).toBeGreaterThan(before.asOfMs);
    expect(changed.size).toBeGreaterThan(0);
    expect(changed.size).toBeLessThan(before.symbols.length);
    let kept = 0;
    let refitted = 0;
    after.symbols.forEach((symbol, u) => {
      const e = after.cols.groups.expiration[firstGroup(u)]!;
      const table = after.smileTable(u, e);
      if (changed.has(symbol)) {
        expect(table).not.toBe(fits[u]);
        expect(table?.spot).toBe(after.cols.underlyings.last[u]);
        refitted++;
      } else if (fits[u]) {
        expect(table).toBe(fits[u]);
        // What a fresh fit of this frame's chain gives: the carried table is exact, not stale.
        const group = firstGroup(u);
        const quotes = [];
        for (let row = after.cols.groups.start[group]!; row < after.cols.groups.end[group]!; row++)
          quotes.push({
            strike: after.cols.options.strike[row]!,
            isCall: after.cols.options.right[row] === 1,
            iv: after.cols.options.iv[row]!,
          });
        expect(table).toEqual(
          fitSmile({
            expiration: after.expirations[e]!,
            spot: after.cols.underlyings.last[u]!,
            years: after.cols.groups.years[group]!,
            rate: after.rate,
            dividendYield: after.dividendYield(u),
            forward: after.cols.groups.forward[group]!,
            quotes,
          }),
        );
        kept++;
      }
    });
    expect(kept).toBeGreaterThan(0);
    expect(refitted).toBeGreaterThan(0);
    market.close();
  });
});
