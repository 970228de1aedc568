/**
 * A market provider built on first use. Building the simulator takes seconds (a 2,000-name
 * universe with a year of history), and a server that only signs users in, or a test that
 * never prices a leg, should not pay for it. `warm()` builds it in the background once the
 * server listens, so the first trade of a real deployment finds it ready.
 *
 * Given the clock the market runs on, it also follows that clock backwards: a market only
 * moves forward (its history and sessions are what happened), so when the business clock is
 * set back (`ops clock reset` after `clock +1d`, outside production) the market is built
 * again at the new time, and its tick listeners move to the new one. Without this the prices
 * would stand still until the clock caught up with the old market's time.
 */
import type { MarketProvider, TickListener } from './provider.ts';
import type { SimulatorConfig } from './sim-config.ts';
import { createSimulatedMarket } from './simulator.ts';

/** A clock set back by less than this (a wall-clock adjustment) does not rebuild the market. */
const REWIND_TOLERANCE_MS = 5_000;

export class LazyMarket implements MarketProvider {
  readonly name: string;
  readonly #build: () => MarketProvider;
  readonly #clock: (() => number) | null;
  #market: MarketProvider | undefined;
  /** The latest clock reading the current market has seen. */
  #seen = Number.NEGATIVE_INFINITY;
  /** Each tick listener with its unsubscribe function on the current market. */
  readonly #listeners = new Map<TickListener, () => void>();
  /** While someone listens for ticks, the clock is checked each second even if nobody reads. */
  #watch: ReturnType<typeof setInterval> | undefined;
  #closed = false;

  constructor(name: string, build: () => MarketProvider, clock: (() => number) | null = null) {
    this.name = name;
    this.#build = build;
    this.#clock = clock;
  }

  /** True once the provider was built. */
  get built(): boolean {
    return this.#market !== undefined;
  }

  #get(): MarketProvider {
    if (this.#clock) {
      const t = this.#clock();
      if (this.#market && t < this.#seen - REWIND_TOLERANCE_MS) this.#rebuild();
      this.#seen = Math.max(this.#seen, t);
    }
    this.#market ??= this.#build();
    return this.#market;
  }

  #rebuild(): void {
    this.#market?.close();
    this.#market = this.#build();
    this.#seen = Number.NEGATIVE_INFINITY;
    for (const listener of this.#listeners.keys())
      this.#listeners.set(listener, this.#market.subscribe(listener));
  }

  /** Builds the provider now (in a later tick, so the caller is not held up). */
  warm(): void {
    setImmediate(() => {
      if (!this.#closed) this.#get();
    });
  }

  now = () => this.#get().now();
  riskFreeRate = () => this.#get().riskFreeRate();
  isOpen = () => this.#get().isOpen();
  universe = () => this.#get().universe();
  underlying: MarketProvider['underlying'] = (symbol) => this.#get().underlying(symbol);
  quote: MarketProvider['quote'] = (symbol) => this.#get().quote(symbol);
  detail: MarketProvider['detail'] = (symbol) => this.#get().detail(symbol);
  bars: MarketProvider['bars'] = (symbol, days) => this.#get().bars(symbol, days);
  ivHistory: MarketProvider['ivHistory'] = (symbol, query) => this.#get().ivHistory(symbol, query);
  optionChain: MarketProvider['optionChain'] = (symbol, expiration) =>
    this.#get().optionChain(symbol, expiration);
  optionQuote: MarketProvider['optionQuote'] = (contract) => this.#get().optionQuote(contract);
  snapshot: MarketProvider['snapshot'] = () => this.#get().snapshot();
  subscribe = (listener: TickListener): (() => void) => {
    this.#listeners.set(listener, this.#get().subscribe(listener));
    if (this.#clock && !this.#watch) {
      this.#watch = setInterval(() => this.#get(), 1000);
      this.#watch.unref?.();
    }
    return () => {
      this.#listeners.get(listener)?.();
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) this.#stopWatch();
    };
  };

  #stopWatch(): void {
    clearInterval(this.#watch);
    this.#watch = undefined;
  }

  close(): void {
    this.#closed = true;
    this.#stopWatch();
    this.#listeners.clear();
    this.#market?.close();
  }
}

/**
 * The embedded simulated market, built on first use. Its time is `clock` (the server passes its
 * business clock, so moving that clock outside production moves the market too).
 */
export function lazySimulatedMarket(config: SimulatorConfig, clock: () => number): LazyMarket {
  return new LazyMarket('simulator', () => createSimulatedMarket(config, { clock }), clock);
}
