/** The trading-account calls' body schema (trade-accounts.ts has the shapes the app imports). */
import { z } from 'zod';
import { idSchema } from './ids.ts';
import { TRADE_ACCOUNT_NAME_MAX } from './trade-accounts.ts';

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
