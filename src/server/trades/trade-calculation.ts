/**
 * The order editor's calculation (`POST /trades/trade`, spec 3 §3 "Trade calculation result"):
 * the same legs three ways, each through the domain's `tradeMetrics` and `plProfile`:
 * - madeTrade: every leg filled at its limit price (bid = ask = the limit), with today's market
 *   (underlying, implied volatilities): what the order makes if it fills at those prices;
 * - markTrade: the legs at the market's quotes now, filled at bid/ask level 0 (the mid);
 * - markMadeTrade: the made trade (or the stored order `asofOrderId`, at its own fills and size)
 *   marked to the market now, with its P/L in cents: closing at the mids less the made cost.
 * The market moves between reads, so each leg is read once and every figure uses that read.
 */
import type { CalculatedLeg, CalculatedTrade, TradeCalculation, TradeDatapoints } from '#api/trades.ts';
import { DomainError } from '#domain/errors.ts';
import { plProfile } from '#domain/metrics/pl-profile.ts';
import { tradeMetrics } from '#domain/metrics/trade-metrics.ts';
import type { TradeInput, TradeMetrics } from '#domain/metrics/types.ts';
import type { OrderLeg } from '#domain/orders/order-leg.ts';
import { closingLegs, realizedPlCents } from '#domain/orders/position-pl.ts';
import { withStockHorizon } from '#domain/orders/stock-trade.ts';
import { accountEffectCents } from '#domain/orders/strategy-price.ts';
import type { ProbabilityModel } from '#domain/pricing/terminal-distribution.ts';
import type { StrategyKey } from '#domain/strategies/strategy-key.ts';
import type { MarketProvider } from '../market/provider.ts';
import {
  legSmiles,
  pricingEnv,
  type QuotedLeg,
  quotedLegs,
  underlyingState,
  underlyingSymbol,
  withFill,
} from './market-legs.ts';
import { checkTraded } from './order-checks.ts';

/** Every datapoint of a trade but the scenarios (none are requested here). */
export function datapoints(metrics: TradeMetrics): TradeDatapoints {
  const { scenarios: _scenarios, ...rest } = metrics;
  return rest;
}

/** A leg the market no longer lists (it expired): NOT_TRADED_CONTRACT from `readLegs`. */
export const isUnlisted = (err: unknown): boolean =>
  err instanceof DomainError && err.code === 'NOT_TRADED_CONTRACT';

/** The legs read from the market once; NOT_TRADED_CONTRACT when one is not listed. */
function readLegs(market: MarketProvider, legs: readonly OrderLeg[]): QuotedLeg[] {
  checkTraded(market, legs);
  const quoted = quotedLegs(market, legs);
  // checkTraded saw every leg listed a moment ago, and listings change only at expiry.
  if (!quoted) throw new Error('A leg was delisted between two reads.');
  return quoted;
}

/**
 * The trade input of the read legs, filled at `fills` when given, else quoted at the market, with
 * the smiles of their expirations under the smile model.
 */
function inputOf(
  market: MarketProvider,
  strategy: StrategyKey,
  legs: readonly OrderLeg[],
  read: readonly QuotedLeg[],
  fills: readonly number[] | undefined,
  model: ProbabilityModel,
): TradeInput {
  const first = legs[0];
  const underlying = first ? underlyingState(market, underlyingSymbol(first.contract)) : undefined;
  if (!underlying) throw new Error('An order without a known underlying.');
  // Shares alone have no expiration: their horizon is STOCK_HORIZON_DAYS out (stock-trade.ts).
  return withStockHorizon({
    strategy,
    legs: legs.map((leg, i) => withFill(leg, read[i]!.market, fills?.[i])),
    underlying,
    env: pricingEnv(market),
    bidAskLevel: 0,
    smiles: legSmiles(market, legs, underlying, model),
  });
}

/** The trade input of `legs` quoted by the market now, or filled at `fills` when given. */
export function tradeInputOf(
  market: MarketProvider,
  strategy: StrategyKey,
  legs: readonly OrderLeg[],
  model: ProbabilityModel,
  fills?: readonly number[],
): TradeInput {
  return inputOf(market, strategy, legs, readLegs(market, legs), fills, model);
}

/** The made trade's input: each leg filled at its limit price. */
export const madeInput = (
  market: MarketProvider,
  strategy: StrategyKey,
  legs: readonly OrderLeg[],
  model: ProbabilityModel,
): TradeInput =>
  tradeInputOf(
    market,
    strategy,
    legs,
    model,
    legs.map((leg) => leg.limitPrice),
  );

/** The made trade's metrics. */
export function madeMetrics(
  market: MarketProvider,
  strategy: StrategyKey,
  legs: readonly OrderLeg[],
  model: ProbabilityModel,
): TradeMetrics {
  return tradeMetrics(madeInput(market, strategy, legs, model));
}

function calculatedTrade(
  market: MarketProvider,
  input: TradeInput,
  read: readonly QuotedLeg[],
  size: number,
  prices: readonly number[],
): CalculatedTrade {
  const legs: CalculatedLeg[] = read.map(({ quote, market: m }, index) => ({
    contract: quote.contract,
    quantity: quote.quantity,
    price: prices[index] ?? 0,
    bid: m.bid,
    ask: m.ask,
    mid: m.mid,
    iv: m.iv,
    delta: m.delta,
    open_interest: m.openInterest,
  }));
  const detail = market.detail(input.underlying.symbol);
  const finite = (x: number | undefined) => (x !== undefined && Number.isFinite(x) ? x : null);
  return {
    ...datapoints(tradeMetrics(input)),
    size,
    legs,
    pl_profile: plProfile(input, { datesMs: [input.env.asOfMs] }),
    stock_last: input.underlying.price,
    stock_iv: input.underlying.iv,
    market_cap: finite(detail?.fundamentals.marketCap),
    p_e: finite(detail?.fundamentals.pe),
    beta: finite(detail?.fundamentals.beta),
    rsi: finite(detail?.technicals.rsi14),
    macd: finite(detail?.technicals.macd),
  };
}

export function calculateTrade(
  market: MarketProvider,
  request: { readonly strategy: StrategyKey; readonly legs: readonly OrderLeg[]; readonly size: number },
  asOf: { readonly legs: readonly OrderLeg[]; readonly size: number } | null,
  model: ProbabilityModel,
): TradeCalculation {
  const { strategy, legs, size } = request;
  const read = readLegs(market, legs);
  const limits = legs.map((leg) => leg.limitPrice);
  // Level 0 fills at (bid + ask) / 2: an option's quoted mid; for stock the middle of its quote.
  const mids = read.map((r) =>
    r.quote.contract.kind === 'option' ? r.market.mid : (r.quote.bid + r.quote.ask) / 2,
  );

  const made = asOf ?? { legs, size };
  const madeRead = asOf ? readLegs(market, asOf.legs) : read;
  const madeFills = made.legs.map((leg) => leg.limitPrice);
  const plCents = realizedPlCents(
    accountEffectCents(made.legs, made.size),
    closingLegs(
      made.legs,
      madeRead.map((r) => r.market.mid),
    ),
    made.size,
  );
  return {
    madeTrade: calculatedTrade(
      market,
      inputOf(market, strategy, legs, read, limits, model),
      read,
      size,
      limits,
    ),
    markTrade: calculatedTrade(
      market,
      inputOf(market, strategy, legs, read, undefined, model),
      read,
      size,
      mids,
    ),
    markMadeTrade: {
      ...calculatedTrade(
        market,
        inputOf(market, strategy, made.legs, madeRead, madeFills, model),
        madeRead,
        made.size,
        madeFills,
      ),
      plCents,
    },
  };
}
