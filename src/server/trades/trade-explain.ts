/**
 * "Show the math" of a trade (`POST /trades/trade/explain`): the domain's `explainTrade` on the
 * same trade input the order editor's calculation builds, so every number it explains is the one
 * the calculation (and a scan row, on the same market) shows.
 */
import type { TradeExplanation } from '#domain/metrics/explain.ts';
import { explainTrade } from '#domain/metrics/explain.ts';
import type { OrderLeg } from '#domain/orders/order-leg.ts';
import type { ProbabilityModel } from '#domain/pricing/terminal-distribution.ts';
import type { StrategyKey } from '#domain/strategies/strategy-key.ts';
import type { MarketProvider } from '../market/provider.ts';
import { madeInput, tradeInputOf } from './trade-calculation.ts';

export interface ExplainRequest {
  readonly strategy: StrategyKey;
  readonly legs: readonly OrderLeg[];
  /** 'limit': each leg fills at its limit price; 'market': at the quotes, at `bidAskLevel`. */
  readonly fill: 'limit' | 'market';
  readonly bidAskLevel: number;
  /** The distribution the metrics use (the server's PROBABILITY_MODEL). */
  readonly model: ProbabilityModel;
}

export function explainLegs(market: MarketProvider, request: ExplainRequest): TradeExplanation {
  const { strategy, legs, fill, bidAskLevel, model } = request;
  if (fill === 'limit') return explainTrade(madeInput(market, strategy, legs, model));
  return explainTrade({ ...tradeInputOf(market, strategy, legs, model), bidAskLevel });
}
