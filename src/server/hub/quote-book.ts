/**
 * Quotes subscribed by any connection, once each: an underlying's last price, change, bid and ask,
 * or an option's bid, ask, mid, IV and delta, read from the current frame. A tick re-reads the
 * quotes of the underlyings that moved and keeps those that changed, serialized once.
 */
import type { LiveQuote } from '#api/hub.ts';
import { parseContractId } from '#domain/contracts/contract-id.ts';
import type { MarketView } from '#engine/market-view.ts';
import type { ContractRows, LiveMarket } from './live-market.ts';
import { quantize } from './live-trade-state.ts';

export interface QuoteEntry<C> {
  readonly id: string;
  readonly symbol: string;
  rows: ContractRows | undefined;
  quote: LiveQuote;
  json: string;
  /** The pass of the last change. */
  changedPass: number;
  readonly holders: Set<C>;
}

/** The quote of the contract at `rows` in `view`. */
export function quoteAt(view: MarketView, id: string, rows: ContractRows): LiveQuote {
  const { u, row } = rows;
  if (row < 0) {
    const c = view.cols.underlyings;
    const bid = c.bid[u]!;
    const ask = c.ask[u]!;
    return {
      id,
      kind: 'stock',
      last: c.last[u]!,
      change: quantize(c.change[u]!),
      changePercent: quantize(c.changePercent[u]!),
      bid,
      ask,
      mid: (bid + ask) / 2,
      iv: null,
      delta: null,
    };
  }
  const o = view.cols.options;
  const last = o.last[row]!;
  const previous = o.prevClose[row]!;
  return {
    id,
    kind: 'option',
    last,
    change: quantize(last - previous),
    changePercent: previous > 0 ? quantize((last - previous) / previous) : null,
    bid: o.bid[row]!,
    ask: o.ask[row]!,
    mid: o.mid[row]!,
    iv: quantize(o.iv[row]!),
    delta: quantize(o.delta[row]!),
  };
}

const sameQuote = (a: LiveQuote, b: LiveQuote): boolean =>
  a.last === b.last &&
  a.bid === b.bid &&
  a.ask === b.ask &&
  a.mid === b.mid &&
  a.iv === b.iv &&
  a.delta === b.delta;

export class QuoteBook<C> {
  readonly #entries = new Map<string, QuoteEntry<C>>();
  readonly #bySymbol = new Map<string, Set<QuoteEntry<C>>>();

  get size(): number {
    return this.#entries.size;
  }

  /** The entry of a symbol or option id; undefined when the market does not list it. */
  acquire(market: LiveMarket, view: MarketView, id: string): QuoteEntry<C> | undefined {
    const known = this.#entries.get(id);
    if (known) return known.rows ? known : undefined;
    let rows: ContractRows | undefined;
    try {
      rows = market.rows(parseContractId(id), id);
    } catch {
      return undefined;
    }
    if (!rows) return undefined;
    const quote = quoteAt(view, id, rows);
    const entry: QuoteEntry<C> = {
      id,
      symbol: market.snapshot.symbols[rows.u]!,
      rows,
      quote,
      json: JSON.stringify(quote),
      changedPass: -1,
      holders: new Set(),
    };
    this.#entries.set(id, entry);
    const bucket = this.#bySymbol.get(entry.symbol) ?? new Set();
    bucket.add(entry);
    this.#bySymbol.set(entry.symbol, bucket);
    return entry;
  }

  hold(entry: QuoteEntry<C>, holder: C): void {
    entry.holders.add(holder);
  }

  release(entry: QuoteEntry<C>, holder: C): void {
    entry.holders.delete(holder);
    if (entry.holders.size > 0) return;
    this.#entries.delete(entry.id);
    const bucket = this.#bySymbol.get(entry.symbol);
    bucket?.delete(entry);
    if (bucket?.size === 0) this.#bySymbol.delete(entry.symbol);
  }

  relist(market: LiveMarket): void {
    for (const e of this.#entries.values()) e.rows = market.rows(parseContractId(e.id), e.id);
  }

  /** Quotes of the underlyings that moved (all, when `symbols` is null) whose values changed. */
  update(view: MarketView, symbols: Iterable<string> | null, pass: number): QuoteEntry<C>[] {
    const changed: QuoteEntry<C>[] = [];
    const buckets =
      symbols === null ? [this.#entries.values()] : Array.from(symbols, (s) => this.#bySymbol.get(s) ?? []);
    for (const bucket of buckets) {
      for (const e of bucket) {
        if (!e.rows) continue;
        const next = quoteAt(view, e.id, e.rows);
        if (sameQuote(e.quote, next)) continue;
        e.quote = next;
        e.json = JSON.stringify(next);
        e.changedPass = pass;
        changed.push(e);
      }
    }
    return changed;
  }
}
