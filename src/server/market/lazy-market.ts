/**
 * A market provider built on first use. Building the simulator takes seconds (a 2,000-name
 * universe with a year of history), and a server that only signs users in, or a test that
 * never prices a leg, should not pay for it. `warm()` builds it in the background once the
 * server listens, so the first trade of a real deployment finds it ready.
 */
import type { MarketProvider, TickListener } from './provider.ts';
import type { SimulatorConfig } from './sim-config.ts';
import { createSimulatedMarket } from './simulator.ts';

export class LazyMarket implements MarketProvider {
  readonly name: string;
  readonly #build: () => MarketProvider;
  #market: MarketProvider | undefined;
  #closed = false;

  constructor(name: string, build: () => MarketProvider) {
    this.name = name;
    this.#build = build;
  }

  /** True once the provider was built. */
  get built(): boolean {
    return this.#market !== undefined;
  }

  #get(): MarketProvider {
    this.#market ??= this.#build();
    return this.#market;
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
  subscribe = (listener: TickListener) => this.#get().subscribe(listener);

  close(): void {
    this.#closed = true;
    this.#market?.close();
  }
}

/**
 * The embedded simulated market, built on first use. Its time is `clock` (the server passes its
 * business clock, so moving that clock outside production moves the market too).
 */
export function lazySimulatedMarket(config: SimulatorConfig, clock: () => number): LazyMarket {
  return new LazyMarket('simulator', () => createSimulatedMarket(config, { clock }));
}
