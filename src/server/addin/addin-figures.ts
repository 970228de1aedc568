/**
 * The figures the add-in's cell functions read (docs/ADDIN.md), straight from the market
 * provider, in the units of `#api/addin.ts`: one entry per name asked, in its order, null where
 * the market lists no such stock or option.
 */
import type { AddinOption, AddinQuote } from '#api/addin.ts';
import type { OptionContract } from '#domain/contracts/contract.ts';
import type { MarketProvider } from '../market/provider.ts';

const finiteOrNull = (n: number): number | null => (Number.isFinite(n) ? n : null);

const asOfOf = (market: MarketProvider): string => new Date(market.now()).toISOString();

export function addinQuotes(market: MarketProvider, symbols: readonly string[]): (AddinQuote | null)[] {
  const asOf = asOfOf(market);
  return symbols.map((symbol) => {
    const detail = market.detail(symbol);
    if (!detail) return null;
    const { info, quote, volatility } = detail;
    const ivRank = finiteOrNull(volatility.ivRank);
    return {
      symbol,
      name: info.name,
      last: quote.last,
      change: quote.change,
      changePercent: quote.changePercent,
      // A name without options has no implied volatility (NaN from a feed).
      iv: finiteOrNull(volatility.iv),
      // The provider's rank is a fraction; a cell shows 0–100.
      ivRank: ivRank === null ? null : ivRank * 100,
      asOf,
    };
  });
}

/** `contracts` with the ids as asked beside them (the answer names each as it was asked). */
export function addinOptions(
  market: MarketProvider,
  contracts: readonly { readonly id: string; readonly contract: OptionContract }[],
): (AddinOption | null)[] {
  const asOf = asOfOf(market);
  return contracts.map(({ id, contract }) => {
    const q = market.optionQuote(contract);
    if (!q) return null;
    return {
      contract: id,
      bid: q.bid,
      ask: q.ask,
      mid: q.mid,
      last: q.last,
      volume: q.volume,
      openInterest: q.openInterest,
      iv: q.iv,
      delta: q.delta,
      gamma: q.gamma,
      theta: q.theta,
      vega: q.vega,
      asOf,
    };
  });
}
