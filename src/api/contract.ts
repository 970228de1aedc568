/**
 * The HTTP contract: every call of the API under /api/v1 as one named entry (method, path with
 * its `:params`, the query and body schemas, the answer, the error codes it may answer), kept by
 * feature in `contract/` and joined here. The server registers its routes from it
 * (`#server/http/contract-routes.ts`); the app calls through a feature's map
 * (`apiCaller(SCREENER_CALLS)('scans.run', { body })`), so a renamed path, field or answer is a
 * compile error on both sides.
 *
 * Free of zod at run time: the request schemas appear as types only; their values are bound to
 * the names in `contract-schemas.ts`, which only the server imports. The app imports the
 * features' maps, never this module's values, so each screen's chunk carries only its own calls.
 */
import { ACCOUNT_CALLS } from './contract/account.ts';
import { ADDIN_CALLS } from './contract/addin.ts';
import { BILLING_CALLS } from './contract/billing.ts';
import type {
  EntryAnswer,
  EntryArgs,
  EntryBodySchema,
  EntryErrors,
  EntryQuerySchema,
} from './contract/define.ts';
import { MARKET_CALLS } from './contract/market.ts';
import { PUSH_CALLS } from './contract/push.ts';
import { REPORT_CALLS } from './contract/reports.ts';
import { SCENARIO_CALLS } from './contract/scenario.ts';
import { SCREENER_CALLS } from './contract/screener.ts';
import { SERVICE_CALLS } from './contract/service.ts';
import { SHELL_CALLS } from './contract/shell.ts';
import { TRADE_CALLS } from './contract/trades.ts';

export type { CallEntry, CallMap, HttpMethod } from './contract/define.ts';
export { SCAN_EXPORT_CALLS } from './contract/screener.ts';
export {
  ACCOUNT_CALLS,
  ADDIN_CALLS,
  BILLING_CALLS,
  MARKET_CALLS,
  PUSH_CALLS,
  REPORT_CALLS,
  SCENARIO_CALLS,
  SCREENER_CALLS,
  SERVICE_CALLS,
  SHELL_CALLS,
  TRADE_CALLS,
};

/** Every call: what the server registers, and the names' types. */
export const HTTP_CONTRACT = {
  ...SHELL_CALLS,
  ...SERVICE_CALLS,
  ...ACCOUNT_CALLS,
  ...BILLING_CALLS,
  ...TRADE_CALLS,
  ...MARKET_CALLS,
  ...SCREENER_CALLS,
  ...PUSH_CALLS,
  ...REPORT_CALLS,
  ...ADDIN_CALLS,
  ...SCENARIO_CALLS,
} as const;

export type HttpContract = typeof HTTP_CONTRACT;
export type CallName = keyof HttpContract;
export type QuerySchemaOf<N extends CallName> = EntryQuerySchema<HttpContract[N]>;
export type BodySchemaOf<N extends CallName> = EntryBodySchema<HttpContract[N]>;
export type Answer<N extends CallName> = EntryAnswer<HttpContract[N]>;
export type ErrorsOf<N extends CallName> = EntryErrors<HttpContract[N]>;
export type CallArgs<N extends CallName> = EntryArgs<HttpContract[N]>;
