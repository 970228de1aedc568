/**
 * Contracts: the instruments a leg can hold. Shared by every layer.
 * Option ids look like `AAPL250117C150` (underlying, expiration yyMMdd, C or P, strike);
 * parsing and formatting live in `contract-id.ts`.
 */

export const Right = { Call: 'CALL', Put: 'PUT' } as const;
export type Right = (typeof Right)[keyof typeof Right];

export interface StockContract {
  readonly kind: 'stock';
  /** Capital letters and dots, e.g. `BRK.B`. */
  readonly symbol: string;
}

export interface OptionContract {
  readonly kind: 'option';
  readonly underlying: string;
  readonly right: Right;
  /** Calendar date of expiration, `YYYY-MM-DD`; the contract expires at 16:00 America/New_York that day. */
  readonly expiration: string;
  /** Strike in dollars per share. */
  readonly strike: number;
}

export type Contract = StockContract | OptionContract;

/** Shares per contract: 100 for equity options, 1 for stock. */
export const OPTION_MULTIPLIER = 100;
export const STOCK_MULTIPLIER = 1;
export const multiplierOf = (c: Contract): number =>
  c.kind === 'option' ? OPTION_MULTIPLIER : STOCK_MULTIPLIER;

/** A leg of a trade: a contract and a signed quantity (positive buys, negative sells). */
export interface Leg {
  readonly contract: Contract;
  readonly quantity: number;
}
