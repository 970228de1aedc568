/**
 * Every registered trade, once. Users watching the same scan register the same trades at the same
 * bid/ask level, scenarios and fields: those share one entry, recalculated once per tick and
 * serialized once, whatever the number of connections that receive it. An entry lives while a
 * registration holds it. Recalculation follows the ticks: a tick marks the entries of the
 * underlyings that moved; a pass recalculates marked entries whose market inputs changed, oldest
 * mark first, until its time budget is spent. The rest wait for the next tick's pass, first in
 * line: a flood of trades makes their updates less frequent instead of stalling the server.
 */
import type { LiveScenario, LiveTradeSpec } from '#api/hub.ts';
import type { MarketView } from '#engine/market-view.ts';
import type { LiveMarket } from './live-market.ts';
import {
  marketInputs,
  type ResolvedTrade,
  resolveTrade,
  sameInputs,
  stateChange,
  type TradeState,
  tradeState,
} from './live-trade-state.ts';

/** A registration's hold on an entry: who receives it, under which registration and trade id. */
export interface TradeHolding<C> {
  readonly client: C;
  /** `{"registrationId":…,"id":…,` — the start of its `LiveTradeChange`. */
  readonly prefix: string;
}

export interface TradeEntry<C> {
  readonly key: string;
  /** A short unique id of the entry (registrations with the same entries share frames). */
  readonly serial: number;
  readonly spec: LiveTradeSpec;
  readonly bidAskLevel: number;
  readonly scenarios: readonly LiveScenario[];
  readonly fields: readonly string[];
  /** Underlying symbol of every leg. */
  readonly symbol: string;
  /** Placement in the current snapshot; undefined once a leg is no longer listed. */
  trade: ResolvedTrade | undefined;
  state: TradeState;
  /** The market inputs `state` was calculated from (`marketInputs`). */
  inputs: Float64Array;
  /** The last change as a JSON fragment: `"values":{…}[,"legs":[…]]}`, and the pass it came from. */
  changeJson: string;
  changedPass: number;
  readonly holders: Set<TradeHolding<C>>;
}

/** The fragment a registration's prefix completes into a `LiveTradeChange`. */
export const stateJson = (state: TradeState): string =>
  `"values":${JSON.stringify(state.values)},"legs":${JSON.stringify(state.legs)}}`;

export class TradeBook<C> {
  readonly #entries = new Map<string, TradeEntry<C>>();
  readonly #bySymbol = new Map<string, Set<TradeEntry<C>>>();
  /** Entries to recalculate, in the order they were marked. */
  readonly #dirty = new Set<TradeEntry<C>>();
  #serial = 0;

  get size(): number {
    return this.#entries.size;
  }

  get pending(): number {
    return this.#dirty.size;
  }

  /**
   * The shared entry for this trade and settings, created (and calculated in `view`) when new;
   * undefined when the market does not list a leg or the metrics cannot be computed.
   */
  acquire(
    market: LiveMarket,
    view: MarketView,
    spec: LiveTradeSpec,
    bidAskLevel: number,
    scenarios: readonly LiveScenario[],
    fields: readonly string[],
  ): TradeEntry<C> | undefined {
    const key = JSON.stringify([
      spec.strategy,
      spec.legs.map((l) => [l.contract, l.quantity]),
      bidAskLevel,
      scenarios,
      fields,
    ]);
    const known = this.#entries.get(key);
    if (known) return known.trade ? known : undefined;
    const trade = resolveTrade(market, spec);
    const state = trade && tradeState(view, trade, bidAskLevel, scenarios, fields);
    if (!trade || !state) return undefined;
    const entry: TradeEntry<C> = {
      key,
      serial: this.#serial++,
      spec,
      bidAskLevel,
      scenarios,
      fields,
      symbol: market.snapshot.symbols[trade.u]!,
      trade,
      state,
      inputs: marketInputs(view, trade),
      changeJson: '',
      changedPass: -1,
      holders: new Set(),
    };
    this.#entries.set(key, entry);
    const bucket = this.#bySymbol.get(entry.symbol) ?? new Set();
    bucket.add(entry);
    this.#bySymbol.set(entry.symbol, bucket);
    return entry;
  }

  hold(entry: TradeEntry<C>, holder: TradeHolding<C>): void {
    entry.holders.add(holder);
  }

  /** Drops the holder; the entry goes with its last holder. */
  release(entry: TradeEntry<C>, holder: TradeHolding<C>): void {
    entry.holders.delete(holder);
    if (entry.holders.size > 0) return;
    this.#entries.delete(entry.key);
    this.#dirty.delete(entry);
    const bucket = this.#bySymbol.get(entry.symbol);
    bucket?.delete(entry);
    if (bucket?.size === 0) this.#bySymbol.delete(entry.symbol);
  }

  /** Marks the entries of underlyings that moved. */
  markMoved(symbols: Iterable<string>): void {
    for (const s of symbols) for (const e of this.#bySymbol.get(s) ?? []) this.#dirty.add(e);
  }

  /** The market relisted its series: place every entry again (a leg that rolled off stops its entry). */
  relist(market: LiveMarket): void {
    for (const e of this.#entries.values()) {
      e.trade = resolveTrade(market, e.spec);
      // Rows moved: recalculate whatever the inputs read.
      e.inputs = new Float64Array(0);
      this.#dirty.add(e);
    }
  }

  /**
   * Recalculates marked entries in `view` until `deadline` (performance.now() ms); returns those
   * whose values changed, each with its `changeJson` set and `changedPass` = `pass`.
   */
  recalculate(view: MarketView, deadline: number, pass: number): TradeEntry<C>[] {
    const changed: TradeEntry<C>[] = [];
    let done = 0;
    for (const e of this.#dirty) {
      // At least one entry per pass, so even a zero budget makes progress.
      if (done++ > 0 && performance.now() > deadline) break;
      this.#dirty.delete(e);
      if (!e.trade) continue;
      const inputs = marketInputs(view, e.trade);
      if (sameInputs(inputs, e.inputs)) continue;
      const next = tradeState(view, e.trade, e.bidAskLevel, e.scenarios, e.fields);
      if (!next) continue;
      e.inputs = inputs;
      const change = stateChange(e.state, next);
      e.state = next;
      if (!change) continue;
      e.changeJson = `"values":${JSON.stringify(change.values)}${change.legs ? `,"legs":${JSON.stringify(change.legs)}` : ''}}`;
      e.changedPass = pass;
      changed.push(e);
    }
    return changed;
  }
}
