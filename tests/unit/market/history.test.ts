import fc from 'fast-check';
import { expect, test } from 'vitest';
import { bridgeExtremes } from '#server/market/history.ts';
import { Rng } from '#server/market/rng.ts';
import { realizedVol } from '#server/market/technicals/volatility.ts';
import { testMarket } from './market-fixture.ts';

test('bridge extremes enclose the open and the close (property)', () => {
  const rng = new Rng(4);
  fc.assert(
    fc.property(
      fc.double({ min: -0.2, max: 0.2, noNaN: true }),
      fc.double({ min: 1e-8, max: 0.01, noNaN: true }),
      (x, v) => {
        const { up, down } = bridgeExtremes(rng, x, v);
        expect(up).toBeGreaterThanOrEqual(Math.max(0, x) - 1e-15);
        expect(down).toBeLessThanOrEqual(Math.min(0, x) + 1e-15);
      },
    ),
  );
});

test("the history's realised volatility follows the regime-scaled reference volatility", () => {
  // SPY over the last 252 sessions: the model vol at the average regime is the reference vol
  // (12.9%); sampling error of one year of returns is about 5% of it, plus the regime's spread.
  const { market } = testMarket({ symbols: ['SPY'] });
  const closes = (market.bars('SPY') ?? []).map((b) => b.close);
  const rv = realizedVol(closes, 252);
  expect(rv).toBeGreaterThan(0.129 * 0.75);
  expect(rv).toBeLessThan(0.129 * 1.35);
});
