/**
 * A candidate as the domain's `tradeMetrics` takes it: legs in leg order with their quotes (stock
 * legs at the underlying's bid and ask), the underlying's state and the pricing environment of
 * the scan's instant (risk-neutral drift r − q) and the smiles of the trade's expirations.
 */
import type { Leg } from '#domain/contracts/contract.ts';
import type { LegQuote, TradeInput } from '#domain/metrics/types.ts';
import type { SmileTable } from '#domain/pricing/smile.ts';
import type { MarketView } from './market-view.ts';
import type { Structure } from './structure.ts';

/** The legs of a trade of `structure` on underlying `u` with option rows `rows` (option leg order). */
export function tradeLegs(view: MarketView, u: number, structure: Structure, rows: ArrayLike<number>): Leg[] {
  const symbol = view.symbols[u]!;
  const o = view.cols.options;
  return structure.legs.map((leg): Leg => {
    if (leg.kind === 'stock') return { contract: { kind: 'stock', symbol }, quantity: leg.quantity };
    const row = rows[leg.option]!;
    return {
      contract: {
        kind: 'option',
        underlying: symbol,
        right: o.right[row] === 1 ? 'CALL' : 'PUT',
        expiration: view.expirations[o.expiration[row]!]!,
        strike: o.strike[row]!,
      },
      quantity: structure.options[leg.option]!.quantity,
    };
  });
}

/** Quotes of the legs: options from their rows, stock at the underlying's bid and ask. */
export function legQuotes(
  view: MarketView,
  u: number,
  structure: Structure,
  rows: ArrayLike<number>,
): LegQuote[] {
  const o = view.cols.options;
  const c = view.cols.underlyings;
  return tradeLegs(view, u, structure, rows).map((leg, i): LegQuote => {
    const s = structure.legs[i]!;
    if (s.kind === 'stock') return { ...leg, bid: c.bid[u]!, ask: c.ask[u]!, iv: 0 };
    const row = rows[s.option]!;
    return { ...leg, bid: o.bid[row]!, ask: o.ask[row]!, iv: o.iv[row]! };
  });
}

/** The fitted smiles of the expirations of option rows `rows` (`MarketView.smileTable`). */
export function tradeSmiles(view: MarketView, u: number, rows: ArrayLike<number>): SmileTable[] {
  const out: SmileTable[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (row < 0) continue;
    const table = view.smileTable(u, view.cols.options.expiration[row]!);
    if (table && !out.includes(table)) out.push(table);
  }
  return out;
}

export function tradeInput(
  view: MarketView,
  u: number,
  structure: Structure,
  rows: ArrayLike<number>,
  bidAskLevel: number,
): TradeInput {
  return {
    strategy: structure.strategy,
    legs: legQuotes(view, u, structure, rows),
    underlying: view.underlyingState(u),
    env: { asOfMs: view.asOfMs, riskFreeRate: view.rate },
    bidAskLevel,
    smiles: tradeSmiles(view, u, rows),
  };
}
