/**
 * The recent views' setups (chain slice, distribution, per-option terms), shared by the calls of
 * one analyzer run: the app sends one call per strategy of the view, all at once, and each would
 * otherwise read the chain and value its options again. A setup is market data and the view only
 * (no user's data); it serves for VIEW_TTL_MS, a fraction of a market tick's consequence.
 */
import type { MarketProvider } from '../market/provider.ts';
import { type ViewRequest, type ViewSetup, viewSetup } from './standard-run.ts';

export const VIEW_TTL_MS = 2000;
const MAX_VIEWS = 8;

export class ViewSetupCache {
  readonly #market: MarketProvider;
  readonly #now: () => number;
  readonly #entries = new Map<string, { setup: ViewSetup; at: number }>();

  constructor(market: MarketProvider, now: () => number = Date.now) {
    this.#market = market;
    this.#now = now;
  }

  get(req: ViewRequest): ViewSetup {
    const key = JSON.stringify([req.symbol, req.date, req.ranges, req.volatility, req.drift]);
    const now = this.#now();
    const hit = this.#entries.get(key);
    if (hit && now - hit.at < VIEW_TTL_MS) return hit.setup;
    const setup = viewSetup(this.#market, req);
    this.#entries.delete(key);
    this.#entries.set(key, { setup, at: now });
    // Oldest first in insertion order.
    while (this.#entries.size > MAX_VIEWS) this.#entries.delete(this.#entries.keys().next().value!);
    return setup;
  }
}
