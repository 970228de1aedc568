/**
 * A stored position as the trade log shows it (spec 3 §3 "Position"), and a stored order as the
 * editor loads it. Open positions are marked to the market now: each leg at its mid (stock at
 * the last price, an expired option at intrinsic value), and P/L = the opening cash plus what
 * closing at those marks would move. Closed positions show their realized P/L: the sum of their
 * orders' cash.
 */
import type { OrderAnswer, OrderStrategy, Position, PositionLeg, TradeDatapoints } from '#api/trades.ts';
import { tradeMetrics } from '#domain/metrics/trade-metrics.ts';
import { type OrderLeg, spreadShares } from '#domain/orders/order-leg.ts';
import { closingLegs, maxProfitGained, realizedPlCents } from '#domain/orders/position-pl.ts';
import { annualizedRoi, investedCents, roi } from '#domain/orders/roi.ts';
import { strategyPriceCents } from '#domain/orders/strategy-price.ts';
import type { ProbabilityModel } from '#domain/pricing/terminal-distribution.ts';
import type { StrategyKey } from '#domain/strategies/strategy-key.ts';
import type { MarketProvider } from '../market/provider.ts';
import { markPrice } from './market-legs.ts';
import { datapoints, isUnlisted, tradeInputOf } from './trade-calculation.ts';
import { legsOf, type OrderRow, type PositionRow } from './trade-store.ts';

/** Net entry of one spread unit in cents: −Σ fill × quantity × multiplier over the unit. */
export function entryCents(legs: readonly OrderLeg[]): number {
  return strategyPriceCents(legs) * spreadShares(legs);
}

function openingOrder(orders: readonly OrderRow[]): OrderRow {
  const opening = orders.find((o) => o.kind === 'open');
  if (!opening) throw new Error('A position without its opening order.');
  return opening;
}

/** The current marks of the legs; null when any leg has none. */
function marksOf(market: MarketProvider, legs: readonly OrderLeg[], nowMs: number): number[] | null {
  const marks = legs.map((leg) => markPrice(market, leg.contract, nowMs));
  return marks.every((m): m is number => m !== null) ? marks : null;
}

/** Datapoints of the legs marked now (bid/ask level 0); the stored ones when the market lacks a leg. */
function markedDatapoints(
  market: MarketProvider,
  strategy: StrategyKey,
  legs: readonly OrderLeg[],
  fallback: TradeDatapoints,
  model: ProbabilityModel,
): TradeDatapoints {
  try {
    return datapoints(tradeMetrics(tradeInputOf(market, strategy, legs, model)));
  } catch (err) {
    // An expired leg no longer listed: keep the figures from the open until the settlement.
    if (isUnlisted(err)) return fallback;
    throw err;
  }
}

export function positionAnswer(
  position: PositionRow,
  orders: readonly OrderRow[],
  market: MarketProvider,
  nowMs: number,
  model: ProbabilityModel,
): Position {
  const opening = openingOrder(orders);
  const closing = orders.find((o) => o.kind !== 'open') ?? null;
  const legs = legsOf(opening);
  const open = position.closed_at === null;
  const marks = open ? marksOf(market, legs, nowMs) : null;
  const closePrices = closing ? legsOf(closing).map((leg) => leg.limitPrice) : null;
  const plCents = open
    ? marks === null
      ? null
      : realizedPlCents(opening.account_effect_cents, closingLegs(legs, marks), position.size)
    : orders.reduce((sum, o) => sum + o.account_effect_cents, 0);
  const invested = investedCents({
    openingEffectCents: opening.account_effect_cents,
    initialMarginCents: position.initial_margin_cents,
  });
  const openMs = position.opened_at.getTime();
  const endMs = position.closed_at?.getTime() ?? nowMs;
  const roiValue = plCents === null ? null : roi(plCents, invested);
  const madeTrade = position.made_trade as TradeDatapoints;
  const strategy = position.strategy as OrderStrategy;
  const positionLegs: PositionLeg[] = legs.map((leg, index) => ({
    contract: leg.contract,
    quantity: leg.quantity,
    fillPrice: leg.limitPrice,
    markPrice: (open ? marks?.[index] : closePrices?.[index]) ?? null,
  }));
  return {
    positionId: position.id,
    accountId: position.account_id,
    openingOrderId: opening.id,
    lastOrderId: (closing ?? opening).id,
    strategy,
    symbol: position.symbol,
    size: position.size,
    legs: positionLegs,
    strategyPriceCents: entryCents(legs),
    accountEffectCents: opening.account_effect_cents,
    plCents,
    initialMarginCents: invested,
    roi: roiValue,
    roiAnnualized: annualizedRoi(roiValue, openMs, endMs),
    maxProfitGained: plCents === null ? null : maxProfitGained(plCents, position.max_profit_cents),
    openDate: position.opened_at.toISOString(),
    closeDate: position.closed_at?.toISOString() ?? null,
    closedBy: position.closed_by,
    comments: { open: opening.comment, close: closing ? closing.comment : null },
    archived: position.archived,
    madeTrade,
    data: open ? markedDatapoints(market, strategy, legs, madeTrade, model) : madeTrade,
  };
}

export function orderAnswer(
  order: OrderRow,
  position: PositionRow,
  orders: readonly OrderRow[],
  market: MarketProvider,
  nowMs: number,
): OrderAnswer {
  const legs = legsOf(order);
  return {
    orderId: order.id,
    positionId: position.id,
    openingOrderId: openingOrder(orders).id,
    accountId: position.account_id,
    strategy: position.strategy as OrderStrategy,
    symbol: position.symbol,
    kind: order.kind,
    order: { legs, size: order.size, comment: order.comment },
    closeDate: position.closed_at?.toISOString() ?? null,
    proceeds: orders.map((o) => ({ orderId: o.id, amountCents: o.account_effect_cents })),
    markPrices: legs.map((leg) => markPrice(market, leg.contract, nowMs)),
    createdAt: order.created_at.toISOString(),
  };
}
