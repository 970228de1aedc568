/**
 * Configuration of the simulated market, as a plain object. The server's config layer maps the
 * environment (SIM_SEED, SIM_UNIVERSE, SIM_HOURS, SIM_AS_OF) onto it; tests build it directly.
 */

export type UniverseSize = 'S' | 'M' | 'L' | number;
export type MarketHours = 'always' | 'nyse';

export interface SimulatorConfig {
  /** Seed of every random stream; the same seed and clock readings rebuild the same market byte for byte. */
  readonly seed: number;
  /** S 500, M 2,000, L 5,000 underlyings, or an exact count; beyond the real list, tickers are synthetic. */
  readonly universe: UniverseSize;
  /** 'always' keeps the market open around the clock (the demo default); 'nyse' follows NYSE hours. */
  readonly hours: MarketHours;
  /**
   * Pins the market's start instant. The market then runs from there at the pace of the clock:
   * market time = asOfMs + (clock() − clock() at start). Without it, market time is the clock.
   */
  readonly asOfMs?: number;
  /** Restricts the universe to these symbols (real or synthetic ones of the full list), in this order. Tests use it. */
  readonly symbols?: readonly string[];
}

export const UNIVERSE_SIZES = { S: 500, M: 2000, L: 5000 } as const;

export const DEFAULT_SIMULATOR_CONFIG: SimulatorConfig = { seed: 1, universe: 'S', hours: 'always' };

export function universeCount(size: UniverseSize): number {
  if (typeof size === 'number') {
    if (!Number.isInteger(size) || size < 1 || size > 20_000)
      throw new RangeError(`universe size must be 1–20000, got ${size}`);
    return size;
  }
  return UNIVERSE_SIZES[size];
}

/** Reads `SIM_*` variables into a config (for the server's config layer). */
export function simulatorConfigFromEnv(env: Readonly<Record<string, string | undefined>>): SimulatorConfig {
  const seed = env.SIM_SEED ? Number(env.SIM_SEED) : DEFAULT_SIMULATOR_CONFIG.seed;
  if (!Number.isInteger(seed)) throw new Error(`SIM_SEED must be an integer, got '${env.SIM_SEED}'`);
  const u = env.SIM_UNIVERSE?.toUpperCase() || 'S';
  const universe: UniverseSize = u === 'S' || u === 'M' || u === 'L' ? u : Number(u);
  universeCount(universe);
  const hours = env.SIM_HOURS === 'nyse' ? 'nyse' : 'always';
  const asOf = env.SIM_AS_OF ? Date.parse(env.SIM_AS_OF) : Number.NaN;
  if (env.SIM_AS_OF && Number.isNaN(asOf))
    throw new Error(`SIM_AS_OF must be an ISO date-time, got '${env.SIM_AS_OF}'`);
  return Number.isNaN(asOf) ? { seed, universe, hours } : { seed, universe, hours, asOfMs: asOf };
}
