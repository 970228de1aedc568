/**
 * Tradier trade link (spec 3 §2, §3): a URL on Tradier's web trading page that opens the order
 * pre-filled. The query uses the parameter names of Tradier's order API:
 *
 *   https://dash.tradier.com/trade?class=multileg&symbol=AAPL&duration=day&type=debit&price=2.10
 *     &option_symbol[0]=AAPL250117C00150000&side[0]=buy_to_open&quantity[0]=1
 *     &option_symbol[1]=AAPL250117C00155000&side[1]=sell_to_open&quantity[1]=1
 *
 * - class: `option` (one option leg), `equity` (one stock leg), `multileg` (several option
 *   legs), `combo` (stock and options).
 * - type: `limit` for one leg; `debit`, `credit` or `even` for several, from the net price.
 * - price: the leg's limit price for one leg; for several, the net per share of one spread unit
 *   (strategyPrice), unsigned, 2 decimals.
 * - per leg i, in the order's leg order: `option_symbol[i]` (OCC symbol written without the
 *   root's padding, as Tradier writes it, under the series' own root: SPXW for SPX weeklies and
 *   quarterlies, NDXP for NDX's; absent for the stock leg), `side[i]` (options
 *   buy_to_open / sell_to_open / buy_to_close / sell_to_close; stock buy / sell_short when
 *   opening, sell / buy_to_cover when closing), `quantity[i]` (contracts or shares × size).
 * Brackets are percent-encoded in the URL.
 */
import type { Leg } from '../contracts/contract.ts';
import { expirationSeries, optionRoot } from './expiration-series.ts';
import { type ExportOrder, exportSymbol } from './export-order.ts';
import { fromCents, toCents } from './money.ts';
import { occSymbol } from './occ-symbol.ts';
import { debitCredit, strategyPriceCents } from './strategy-price.ts';

export const TRADIER_TRADE_URL = 'https://dash.tradier.com/trade';

function tradierSide(leg: Leg, closing: boolean): string {
  const buys = leg.quantity > 0;
  if (leg.contract.kind === 'stock') {
    if (closing) return buys ? 'buy_to_cover' : 'sell';
    return buys ? 'buy' : 'sell_short';
  }
  return `${buys ? 'buy' : 'sell'}_to_${closing ? 'close' : 'open'}`;
}

function orderClass(legs: readonly Leg[]): string {
  const stock = legs.some((leg) => leg.contract.kind === 'stock');
  if (legs.length === 1) return stock ? 'equity' : 'option';
  return stock ? 'combo' : 'multileg';
}

export function tradierTradeUrl(order: ExportOrder): string {
  const symbol = exportSymbol(order);
  const { legs, size } = order;
  const single = legs.length === 1 ? legs[0] : undefined;
  // One leg: its own limit price; several: the net per share of one spread unit (+ credit).
  const priceCents = single ? toCents(single.limitPrice) : strategyPriceCents(legs);
  const params = new URLSearchParams({
    class: orderClass(legs),
    symbol,
    duration: 'day',
    type: single ? 'limit' : debitCredit(priceCents),
    price: fromCents(Math.abs(priceCents)).toFixed(2),
  });
  legs.forEach((leg, index) => {
    if (leg.contract.kind === 'option') {
      const series = expirationSeries(leg.contract.expiration, order.series);
      const root = optionRoot(leg.contract.underlying, series);
      params.set(`option_symbol[${index}]`, occSymbol(leg.contract, { padded: false, root }));
    }
    params.set(`side[${index}]`, tradierSide(leg, order.closing === true));
    params.set(`quantity[${index}]`, String(Math.abs(leg.quantity) * size));
  });
  return `${TRADIER_TRADE_URL}?${params.toString()}`;
}
