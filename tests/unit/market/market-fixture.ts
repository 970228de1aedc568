/**
 * Small deterministic markets for the market tests: a handful of real symbols, a clock the test
 * moves by hand.
 */
import type { SimulatorConfig } from '#server/market/sim-config.ts';
import { createSimulatedMarket, type SimulatedMarket } from '#server/market/simulator.ts';

/** A Wednesday, 10:30 New York (15:30 UTC, winter time). */
export const WEDNESDAY_1030 = Date.parse('2026-03-04T15:30:00Z');

export const SMALL_SYMBOLS = ['SPY', 'SPX', 'AAPL', 'TSLA', 'XLU', 'KO', 'VIX'] as const;

export interface TestMarket {
  readonly market: SimulatedMarket;
  /** Sets the clock (epoch ms). */
  set(ms: number): void;
  /** Moves the clock forward. */
  step(ms: number): void;
}

export function testMarket(config: Partial<SimulatorConfig> = {}, start = WEDNESDAY_1030): TestMarket {
  let now = start;
  const market = createSimulatedMarket(
    { seed: 11, universe: 'S', hours: 'nyse', symbols: SMALL_SYMBOLS, ...config },
    { clock: () => now },
  );
  return {
    market,
    set: (ms) => {
      now = ms;
    },
    step: (ms) => {
      now += ms;
    },
  };
}
