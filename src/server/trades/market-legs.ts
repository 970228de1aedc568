/**
 * What the trade log reads from the market for a leg: its quote, its mark, and the inputs of
 * the domain's trade metrics. A stock leg trades at the underlying's quote; an option leg at its
 * listed quote, and once its series has expired and rolled off, at its intrinsic value.
 */
import type { Contract, Leg } from '#domain/contracts/contract.ts';
import { exerciseStyleOf } from '#domain/contracts/exercise-style.ts';
import { expiryInstant } from '#domain/contracts/expiry.ts';
import type { LegQuote, PricingEnv, UnderlyingState } from '#domain/metrics/types.ts';
import type { SeriesByExpiration } from '#domain/orders/expiration-series.ts';
import { settlementValue } from '#domain/orders/position-pl.ts';
import type { SmileTable } from '#domain/pricing/smile.ts';
import type { ProbabilityModel } from '#domain/pricing/terminal-distribution.ts';
import { MarketView } from '#engine/market-view.ts';
import type { MarketProvider } from '../market/provider.ts';

export interface LegMarket {
  readonly bid: number;
  readonly ask: number;
  /** (bid + ask) / 2 for options; the last price for stock. */
  readonly mid: number;
  /** Implied volatility (options), null for stock. */
  readonly iv: number | null;
  readonly delta: number | null;
  readonly openInterest: number | null;
}

export const underlyingSymbol = (contract: Contract): string =>
  contract.kind === 'stock' ? contract.symbol : contract.underlying;

/**
 * The series of each expiration the market lists for `symbol`, for the broker exports: a monthly
 * moved to the Thursday by a holiday is still the monthly, the quarter-ends are quarterlies, and
 * dailies trade like weeklies.
 */
export function listedSeries(market: MarketProvider, symbol: string): SeriesByExpiration {
  const series: Record<string, SeriesByExpiration[string]> = {};
  for (const { date, type } of market.optionChain(symbol)?.expirations ?? []) {
    series[date] = type === 'daily' ? 'weekly' : type;
  }
  return series;
}

/** The leg's quote now, or undefined when the market does not list it. */
export function legMarket(market: MarketProvider, contract: Contract): LegMarket | undefined {
  if (contract.kind === 'stock') {
    const quote = market.quote(contract.symbol);
    if (!quote) return undefined;
    return { bid: quote.bid, ask: quote.ask, mid: quote.last, iv: null, delta: 1, openInterest: null };
  }
  const quote = market.optionQuote(contract);
  if (!quote) return undefined;
  return {
    bid: quote.bid,
    ask: quote.ask,
    mid: quote.mid,
    iv: quote.iv,
    delta: quote.delta,
    openInterest: quote.openInterest,
  };
}

/**
 * The price a leg is marked at now, dollars per share: its mid (stock: the last price); an option
 * at or past its expiry at intrinsic value from the underlying's last price. Null when the
 * market knows neither the contract nor its underlying.
 */
export function markPrice(market: MarketProvider, contract: Contract, nowMs: number): number | null {
  if (contract.kind === 'option' && expiryInstant(contract.expiration) <= nowMs) {
    const quote = market.quote(contract.underlying);
    return quote ? settlementValue(contract, quote.last) : null;
  }
  const leg = legMarket(market, contract);
  if (leg) return leg.mid;
  // A series that is no longer listed before its expiry: value it at intrinsic as well.
  const underlying = market.quote(underlyingSymbol(contract));
  return underlying ? settlementValue(contract, underlying.last) : null;
}

/** The underlying's state for the trade metrics, or undefined for an unknown symbol. */
export function underlyingState(market: MarketProvider, symbol: string): UnderlyingState | undefined {
  const detail = market.detail(symbol);
  if (!detail) return undefined;
  const { info, quote, fundamentals, technicals, volatility, events } = detail;
  const q = fundamentals.dividendYield;
  const forwardPe = fundamentals.forwardPe;
  return {
    symbol,
    price: quote.last,
    iv: volatility.iv,
    dividendYield: Number.isFinite(q) && q > 0 ? q : 0,
    exerciseStyle: exerciseStyleOf(info.kind),
    atr: technicals.atr,
    // The metrics want the annualised deviation of daily returns: the 21-session realised vol.
    std21: volatility.rv,
    sma200: technicals.sma200,
    w52High: technicals.high52w,
    w52Low: technicals.low52w,
    ...(events.analyst ? { targetPrice: events.analyst.targetPrice } : {}),
    epsTtm: fundamentals.epsTtm,
    ...(forwardPe > 0 ? { forwardEps: quote.previousClose / forwardPe } : {}),
  };
}

export function pricingEnv(market: MarketProvider): PricingEnv {
  return { asOfMs: market.now(), riskFreeRate: market.riskFreeRate() };
}

/** A leg with its quote for the metrics and the market it was read from (one read per leg). */
export interface QuotedLeg {
  readonly quote: LegQuote;
  readonly market: LegMarket;
}

/**
 * Legs quoted for the metrics, each read once. `fills` given: each leg fills at its own price
 * (bid = ask = the fill), with the market's IV; otherwise at the market's bid and ask.
 * Undefined when a leg is not listed.
 */
export function quotedLegs(
  market: MarketProvider,
  legs: readonly Leg[],
  fills?: readonly number[],
): QuotedLeg[] | undefined {
  const quoted: QuotedLeg[] = [];
  for (const [index, leg] of legs.entries()) {
    const m = legMarket(market, leg.contract);
    if (!m) return undefined;
    quoted.push({ quote: withFill(leg, m, fills?.[index]), market: m });
  }
  return quoted;
}

/** The leg quoted at its market, or filled at `fill` (bid = ask = fill) with the market's IV. */
export function withFill(leg: Leg, m: LegMarket, fill?: number): LegQuote {
  return {
    contract: leg.contract,
    quantity: leg.quantity,
    bid: fill ?? m.bid,
    ask: fill ?? m.ask,
    iv: m.iv ?? 0,
  };
}

/** Index of the first leg the market does not list, or −1. */
export function firstUnlisted(market: MarketProvider, legs: readonly Leg[]): number {
  return legs.findIndex((leg) => legMarket(market, leg.contract) === undefined);
}

/**
 * The smiles of the legs' expirations, fitted to the market's current frame exactly as the scan
 * engine and the live hub fit them (`MarketView.smileTable`, sharing their fits), for the trade
 * metrics' smile model (docs/METRICS.md "Probabilities and expected value"); none under the
 * lognormal model.
 */
export function legSmiles(
  market: MarketProvider,
  legs: readonly Leg[],
  underlying: UnderlyingState,
  model: ProbabilityModel,
): SmileTable[] {
  if (model !== 'smile') return [];
  const snapshot = market.snapshot();
  const frame = snapshot.front();
  const view = new MarketView({
    buffers: snapshot.buffers,
    frameIndex: frame.index,
    asOfMs: frame.time,
    riskFreeRate: market.riskFreeRate(),
  });
  const u = view.symbols.indexOf(underlying.symbol);
  const out: SmileTable[] = [];
  if (u < 0) return out;
  const dates = new Set(legs.flatMap((l) => (l.contract.kind === 'option' ? [l.contract.expiration] : [])));
  for (const date of dates) {
    const e = view.expirations.indexOf(date);
    const table = e >= 0 ? view.smileTable(u, e) : null;
    if (table) out.push(table);
  }
  return out;
}
