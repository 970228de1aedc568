/**
 * The server's checks of an order (spec 3 §5, §8), in the order the answers are chosen:
 * the domain's structural checks (NO_SYMBOL, NO_STRATEGY, NO_LEGS), a leg without a price
 * (BAD_LEG_PRICE), the field rules (VALIDATION_FAILED; PLAN_LIMIT_REACHED for the plan's custom
 * leg cap; INVALID_STRATEGY_LEGS for a custom structure), the strategy's definition
 * (LEGS_MISMATCH with the broken rule), then the market (NOT_TRADED_CONTRACT, INDEX_NO_STOCK).
 */
import type { Leg } from '#domain/contracts/contract.ts';
import { DomainError } from '#domain/errors.ts';
import { UnderlyingKind } from '#domain/filters/sectors.ts';
import type { OrderLeg } from '#domain/orders/order-leg.ts';
import { orderError, validateOrder } from '#domain/orders/order-validation.ts';
import type { StrategyKey } from '#domain/strategies/strategy-key.ts';
import { validateLegs } from '#domain/strategies/validate-legs.ts';
import type { MarketProvider } from '../market/provider.ts';
import { firstUnlisted, underlyingSymbol } from './market-legs.ts';

/** Throws the first failing rule of the order's values (no market needed). */
export function checkOrderValues(
  strategy: StrategyKey,
  legs: readonly OrderLeg[],
  size: number,
  limits: { readonly maxCustomStrategyLegs: number },
): void {
  const first = legs[0];
  const issues = validateOrder(
    {
      symbol: first ? underlyingSymbol(first.contract) : null,
      strategy,
      legs: legs.map((leg) => ({
        kind: leg.contract.kind,
        contract: leg.contract,
        quantity: leg.quantity,
        limitPrice: leg.limitPrice,
      })),
      size,
    },
    limits,
  );
  const structural = issues.find(
    (i) => i.code === 'NO_SYMBOL' || i.code === 'NO_STRATEGY' || i.code === 'NO_LEGS',
  );
  if (structural) throw orderError([structural]);
  const unpriced = legs.findIndex((leg) => leg.limitPrice === 0);
  if (unpriced >= 0) {
    throw new DomainError('BAD_LEG_PRICE', { details: { [`legs.${unpriced}.limitPrice`]: 'No price.' } });
  }
  const failure = orderError(issues);
  if (failure) throw failure;
}

/** LEGS_MISMATCH with the first rule of the strategy the legs break. */
export function checkStrategyLegs(strategy: StrategyKey, legs: readonly Leg[]): void {
  const result = validateLegs(strategy, legs);
  if (!result.ok) throw new DomainError('LEGS_MISMATCH', { details: { legs: result.reason } });
}

/**
 * INDEX_NO_STOCK when a stock leg is on an index (SPX, NDX, VIX …: an underlying the market's
 * reference data marks as an index): there are no shares of it to buy or sell.
 */
export function checkNoIndexStock(market: MarketProvider, legs: readonly Leg[]): void {
  const index = legs.findIndex(
    (leg) =>
      leg.contract.kind === 'stock' && market.underlying(leg.contract.symbol)?.kind === UnderlyingKind.Index,
  );
  if (index >= 0) {
    throw new DomainError('INDEX_NO_STOCK', { details: { [`legs.${index}`]: 'An index has no shares.' } });
  }
}

/** NOT_TRADED_CONTRACT when the market lists a leg's contract no more (or never did). */
export function checkTraded(market: MarketProvider, legs: readonly Leg[]): void {
  const index = firstUnlisted(market, legs);
  if (index >= 0) {
    throw new DomainError('NOT_TRADED_CONTRACT', { details: { [`legs.${index}`]: 'Not traded.' } });
  }
}
