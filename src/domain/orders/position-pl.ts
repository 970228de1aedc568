/**
 * Profit and loss of a trade-log position (spec 3 §3, §4). A position's orders each move cash
 * (their account effect, stored as a proceed in cents). Realized P/L is the sum of every
 * order's cash once the position is closed, whether closed by an order or settled at
 * expiration at intrinsic value.
 */
import type { Contract, Leg } from '../contracts/contract.ts';
import { DomainError } from '../errors.ts';
import { fromCents, toCents } from './money.ts';
import type { OrderLeg } from './order-leg.ts';
import { ORDER_MODE_RULES, type OrderMode } from './order-modes.ts';
import { accountEffectCents } from './strategy-price.ts';

export interface Proceed {
  readonly orderId: string;
  /** The order's account effect, cents; + credit, − debit. */
  readonly amountCents: number;
}

/** Cash from earlier orders that the order being edited adds to (spec 3 §4). */
export function priorEffectCents(
  mode: OrderMode,
  proceeds: readonly Proceed[],
  orderId: string | null,
): number {
  switch (ORDER_MODE_RULES[mode].priorEffect) {
    case 'allProceeds':
      return proceeds.reduce((sum, p) => sum + p.amountCents, 0);
    case 'otherProceeds':
      return proceeds.reduce((sum, p) => (p.orderId === orderId ? sum : sum + p.amountCents), 0);
    default:
      return 0;
  }
}

/** Closing an already closed position is refused. */
export function assertOpen(position: { readonly closeDate: string | number | null }): void {
  if (position.closeDate !== null) throw new DomainError('POSITION_CLOSED');
}

/**
 * The closing order's legs: the position's legs with the sign reversed and limit prices from the
 * mark prices (rounded to cents; a missing mark gives 0 for the user to fill in).
 */
export function closingLegs(position: readonly Leg[], markPrices: readonly (number | null)[]): OrderLeg[] {
  return position.map((leg, index) => {
    const mark = markPrices[index];
    return {
      contract: leg.contract,
      quantity: -leg.quantity,
      limitPrice: mark === null || mark === undefined ? 0 : fromCents(toCents(mark)),
    };
  });
}

/** Realized P/L in cents: the earlier cash plus what the closing order moves. */
export function realizedPlCents(prior: number, closing: readonly OrderLeg[], size: number): number {
  return prior + accountEffectCents(closing, size);
}

/**
 * A leg's value per share at expiration from the underlying's price then: an option's intrinsic
 * value (call max(S − K, 0), put max(K − S, 0)), a stock's price itself.
 */
export function settlementValue(contract: Contract, underlyingPrice: number): number {
  if (contract.kind === 'stock') return underlyingPrice;
  const intrinsic =
    contract.right === 'CALL' ? underlyingPrice - contract.strike : contract.strike - underlyingPrice;
  return Math.max(intrinsic, 0);
}

/**
 * The legs that close a position automatically at expiration: every leg reversed at its
 * settlement value, rounded to cents. Exercise and assignment come to the same cash.
 */
export function settlementLegs(position: readonly Leg[], underlyingPriceAtExpiry: number): OrderLeg[] {
  return closingLegs(
    position,
    position.map((leg) => settlementValue(leg.contract, underlyingPriceAtExpiry)),
  );
}

/**
 * % of max profit gained: P/L ÷ the position's max profit, as a fraction (0.5 = 50%).
 * Null where it does not apply: unlimited or non-positive max profit.
 */
export function maxProfitGained(plCents: number, maxProfitCents: number | null): number | null {
  if (maxProfitCents === null || !Number.isFinite(maxProfitCents) || maxProfitCents <= 0) return null;
  return plCents / maxProfitCents;
}

/**
 * A per-share amount of one spread unit (a metric such as max profit) for the whole position,
 * in cents: amount × spreadShares × size.
 */
export function positionAmountCents(perShare: number, unitShares: number, size: number): number {
  return toCents(perShare * unitShares * size);
}
