/**
 * Trading accounts (spec 3 §3, §5, §7): the virtual accounts the trade log files positions in.
 * `GET /tradeaccount` lists them, `PATCH /tradeaccount` creates one, `PATCH /tradeaccount/{id}`
 * renames one, `DELETE /tradeaccount/{id}` deletes one with its trades.
 */
import { z } from 'zod';
import { idSchema } from './ids.ts';

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

/**
 * The body of both PATCH calls. The name is trimmed; blank after trimming is refused with the
 * spec's wording ('{field} can't be empty'). `account_id`, when sent, must match the path.
 */
export const tradeAccountSaveSchema = z.strictObject({
  account_id: idSchema.nullable().optional(),
  name: z
    .string()
    .trim()
    .min(1, "Name can't be empty")
    .max(TRADE_ACCOUNT_NAME_MAX, `Name can have at most ${TRADE_ACCOUNT_NAME_MAX} characters`),
});
export type TradeAccountSave = z.input<typeof tradeAccountSaveSchema>;
