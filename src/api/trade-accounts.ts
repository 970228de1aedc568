/**
 * Trading accounts (spec 3 §3, §5, §7): the virtual accounts the trade log files positions in.
 * `GET /tradeaccount` lists them, `PATCH /tradeaccount` creates one, `PATCH /tradeaccount/{id}`
 * renames one, `DELETE /tradeaccount/{id}` deletes one with its trades. The body's schema is in
 * trade-account-schemas.ts, so the app's screens that import this module carry no zod.
 */

/** Longest name (spec 3 §9). */
export const TRADE_ACCOUNT_NAME_MAX = 256;

export interface TradeAccount {
  /** Null only for an account the app has not saved yet. */
  account_id: number | null;
  name: string;
}

/** A saved account, as the server answers it. */
export interface SavedTradeAccount extends TradeAccount {
  account_id: number;
}
