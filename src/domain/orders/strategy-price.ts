/**
 * Net price and cash effect of an order (spec 3 §3).
 *
 * strategyPrice = −Σ(limitPrice × quantity × multiplier) ÷ spreadShares: the net price per
 * share of one spread unit. Positive is a credit received, negative a debit paid. The spec's
 * per-unit dollar figure is strategyPrice × spreadShares.
 * accountEffect = strategyPrice × spreadShares × size: the cash the order moves in the account.
 * Both are exact integer cents: every leg's quantity × multiplier is a multiple of spreadShares.
 */
import { multiplierOf } from '../contracts/contract.ts';
import { fromCents, toCents } from './money.ts';
import { type OrderLeg, spreadShares } from './order-leg.ts';

/** Net price per share of one spread unit, in cents; + credit, − debit. */
export function strategyPriceCents(legs: readonly OrderLeg[]): number {
  const unit = spreadShares(legs);
  const sum = legs.reduce(
    (total, leg) => total + toCents(leg.limitPrice) * ((leg.quantity * multiplierOf(leg.contract)) / unit),
    0,
  );
  return sum === 0 ? 0 : -sum;
}

/** Net price per share of one spread unit, in dollars; + credit, − debit. */
export function strategyPrice(legs: readonly OrderLeg[]): number {
  return fromCents(strategyPriceCents(legs));
}

/** Cash the order moves, in cents, for `size` spread units; + credit, − debit. */
export function accountEffectCents(legs: readonly OrderLeg[], size: number): number {
  const effect = strategyPriceCents(legs) * spreadShares(legs) * size;
  return effect === 0 ? 0 : effect;
}

export const DebitCredit = { Debit: 'debit', Credit: 'credit', Even: 'even' } as const;
export type DebitCredit = (typeof DebitCredit)[keyof typeof DebitCredit];

export function debitCredit(amountCents: number): DebitCredit {
  if (amountCents < 0) return DebitCredit.Debit;
  return amountCents > 0 ? DebitCredit.Credit : DebitCredit.Even;
}
