/**
 * Order legs and the spread unit. A leg's quantity is signed (+ buys, − sells): option legs
 * count contracts, stock legs count shares. The spread unit is the greatest common divisor of
 * the legs' share counts, so legs +2/−2 calls trade two 1:1 spreads, and 100 shares with one
 * short call is one covered-call unit.
 */
import { type Leg, multiplierOf } from '../contracts/contract.ts';

export interface OrderLeg extends Leg {
  /** Limit (or fill) price in dollars per share. */
  readonly limitPrice: number;
}

/** Shares a leg moves, unsigned: contracts × 100 for options, the quantity itself for stock. Quantities are whole. */
export function legShares(leg: Leg): number {
  if (!Number.isInteger(leg.quantity) || leg.quantity === 0) {
    throw new RangeError(`A leg needs a whole, non-zero quantity: ${leg.quantity}`);
  }
  return Math.abs(leg.quantity) * multiplierOf(leg.contract);
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Shares in one spread unit: the greatest common divisor of the legs' shares. */
export function spreadShares(legs: readonly Leg[]): number {
  if (legs.length === 0) throw new RangeError('An order needs at least one leg.');
  return legs.map(legShares).reduce(gcd);
}

/** The one underlying symbol all legs trade, or undefined when they differ. */
export function underlyingOf(legs: readonly Leg[]): string | undefined {
  const symbols = new Set(
    legs.map(({ contract }) => (contract.kind === 'option' ? contract.underlying : contract.symbol)),
  );
  return symbols.size === 1 ? [...symbols][0] : undefined;
}
