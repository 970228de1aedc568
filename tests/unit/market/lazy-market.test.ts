import { describe, expect, test } from 'vitest';
import { LazyMarket } from '#server/market/lazy-market.ts';
import type { MarketTick } from '#server/market/provider.ts';
import { createSimulatedMarket } from '#server/market/simulator.ts';
import { SMALL_SYMBOLS, WEDNESDAY_1030 } from './market-fixture.ts';

const DAY_MS = 86_400_000;

function lazyMarket(clock: () => number): { market: LazyMarket; builds: () => number } {
  let builds = 0;
  const market = new LazyMarket(
    'simulator',
    () => {
      builds++;
      return createSimulatedMarket(
        { seed: 11, universe: 'S', hours: 'always', symbols: SMALL_SYMBOLS },
        { clock, tickMs: 10 },
      );
    },
    clock,
  );
  return { market, builds: () => builds };
}

describe('LazyMarket following its clock', () => {
  test('a clock set back (clock +1d, then reset) rebuilds the market at the new time, and it moves again', () => {
    let now = WEDNESDAY_1030;
    const { market, builds } = lazyMarket(() => now);
    expect(market.now()).toBe(WEDNESDAY_1030);
    now += DAY_MS;
    expect(market.now()).toBe(WEDNESDAY_1030 + DAY_MS);
    now = WEDNESDAY_1030 + 60_000;
    // Without the rebuild the market stays a day ahead and its prices stand still.
    expect(market.now()).toBe(WEDNESDAY_1030 + 60_000);
    const before = market.quote('AAPL')?.last;
    now += 600_000;
    expect(market.now()).toBe(WEDNESDAY_1030 + 660_000);
    expect(market.quote('AAPL')?.last).not.toBe(before);
    expect(builds()).toBe(2);
    market.close();
  });

  test('a small step back (a wall-clock adjustment) keeps the market', () => {
    let now = WEDNESDAY_1030;
    const { market, builds } = lazyMarket(() => now);
    market.now();
    now -= 1_000;
    market.now();
    expect(builds()).toBe(1);
    market.close();
  });

  test('tick listeners move to the rebuilt market, even when nobody reads it', async () => {
    let now = WEDNESDAY_1030 + DAY_MS;
    const { market, builds } = lazyMarket(() => now);
    const ticks: MarketTick[] = [];
    const unsubscribe = market.subscribe((tick) => ticks.push(tick));
    now = WEDNESDAY_1030;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(builds()).toBe(2);
    const seen = ticks.length;
    now += 60_000;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ticks.length).toBeGreaterThan(seen);
    unsubscribe();
    market.close();
  });
});
