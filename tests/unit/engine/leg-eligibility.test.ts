/**
 * Which options a leg may take, on a hand-made chain where the call at the money has no quote and
 * the put beside it has one. The engine tests the filters common to every leg only on the rights
 * the legs use, except for the closest moneyness, whose strike is the nearest with an option of
 * either right passing: then a long call finds the call at that strike untradable and takes
 * nothing from the expiration, as the reference does. A moneyness range is searched for in the
 * strikes first: the strikes on its bounds still pass.
 */
import { describe, expect, test } from 'vitest';
import type { ScanSpec } from '#engine/scan-spec.ts';
import { expectReferenceTrades } from './reference-check.ts';
import { fixedMarket, scanTiny, TINY_EXPIRATIONS } from './tiny-market.ts';

const market = fixedMarket({
  symbol: 'GAP',
  spot: 100,
  iv: 0.3,
  expirations: TINY_EXPIRATIONS.slice(1, 3).map((date) => ({
    date,
    quotes: [96, 98, 100, 102, 104].map((strike) => ({
      strike,
      // No quote for the call at the money; every other option is quoted.
      call:
        strike === 100
          ? ([0, 0] as const)
          : ([Math.max(0.05, 100 - strike + 1), Math.max(0.1, 100 - strike + 1.2)] as const),
      put: [Math.max(0.05, strike - 100 + 1), Math.max(0.1, strike - 100 + 1.2)] as const,
    })),
  })),
});

const longCall = (moneyness: unknown): ScanSpec => ({
  strategy: 'long_call',
  legs: null,
  filters: { moneyness: moneyness as never },
  sorting: [['max_loss', 'asc']],
  narrowedToSymbol: 'GAP',
});

describe('leg eligibility', () => {
  test('a range of moneyness: the calls at its very edges pass, the unquoted one between does not', async () => {
    // (98 − 100) / 100 and (102 − 100) / 100 are the bounds themselves: inclusive.
    const spec = longCall({ type: 'range_or_closest', mode: 'range', min: -0.02, max: 0.02 });
    const result = await scanTiny(market, spec);
    const ref = expectReferenceTrades(market, spec, result);
    // 98 and 102 in each of the two expirations.
    expect(ref[0]?.count).toBe(4);
    // Just inside the edges, only the unquoted call would be left.
    const inside = longCall({ type: 'range_or_closest', mode: 'range', min: -0.0199, max: 0.0199 });
    expect(expectReferenceTrades(market, inside, await scanTiny(market, inside))).toEqual([]);
  });

  test('the closest moneyness picks the strike by either right: its call is untradable, no trade', async () => {
    const spec = longCall({ type: 'range_or_closest', mode: 'closest', target: 0 });
    const result = await scanTiny(market, spec);
    const ref = expectReferenceTrades(market, spec, result);
    expect(ref).toEqual([]);
    expect(result.groups).toEqual([]);
  });
});
