/**
 * The request schemas of the HTTP contract (`contract.ts`) by call name: what the server
 * validates each call's query and body with. Apart from `contract.ts` because it holds zod's
 * values, which the app's bundle leaves out; the `satisfies` below keeps both in step (each
 * call with a query or body schema in the contract has exactly that schema here, and no other).
 */
import type { z } from 'zod';
import { userSettingsPatchSchema } from './account.ts';
import { addinOptionsQuerySchema, addinQuotesQuerySchema } from './addin.ts';
import { cancelSubscriptionSchema, checkoutSchema, planChangeSchema } from './billing.ts';
import { clientErrorReportSchema } from './client-log.ts';
import type { BodySchemaOf, CallName, QuerySchemaOf } from './contract.ts';
import { devClockRequestSchema } from './dev-clock.ts';
import { contractValuesRequestSchema, ivRvQuerySchema, marketSnapshotQuerySchema } from './market.ts';
import { pushEndpointQuerySchema, pushSubscriptionSchema } from './push.ts';
import { reportSaveSchema } from './reports.ts';
import { scanDefinitionSchema, scanExportFormSchema, scanFiltersQuerySchema } from './scans.ts';
import { scenarioRunScanSchema, scenarioRunStandardSchema } from './scenario.ts';
import {
  listNameSchema,
  listsQuerySchema,
  scanPatchSchema,
  scanSaveSchema,
  scanUpdateSchema,
  universeSaveSchema,
} from './screener.ts';
import { tradeAccountSaveSchema } from './trade-account-schemas.ts';
import {
  orderPayloadSchema,
  orderQuerySchema,
  tradeCalculationSchema,
  tradeExplainSchema,
  tradeExportSchema,
  tradesListQuerySchema,
} from './trades.ts';

type Entry<S> = S extends undefined ? undefined : S;
/** A call's schemas: present exactly when the contract names them. */
export type CallSchemas<N extends CallName> = (QuerySchemaOf<N> extends undefined
  ? { readonly query?: never }
  : { readonly query: Entry<QuerySchemaOf<N>> }) &
  (BodySchemaOf<N> extends undefined ? { readonly body?: never } : { readonly body: Entry<BodySchemaOf<N>> });

type WithSchemas = {
  [N in CallName]: QuerySchemaOf<N> extends undefined ? (BodySchemaOf<N> extends undefined ? never : N) : N;
}[CallName];

const order = { query: orderQuerySchema, body: orderPayloadSchema } as const;
const scanExport = { body: scanExportFormSchema } as const;

export const CONTRACT_SCHEMAS = {
  'clientErrors.report': { body: clientErrorReportSchema },
  'dev.setClock': { body: devClockRequestSchema },
  'account.saveSettings': { body: userSettingsPatchSchema },
  'billing.checkout': { body: checkoutSchema },
  'account.changePlan': { body: planChangeSchema },
  'account.cancelSubscription': { body: cancelSubscriptionSchema },
  'tradeAccounts.save': { body: tradeAccountSaveSchema },
  'tradeAccounts.rename': { body: tradeAccountSaveSchema },
  'trades.list': { query: tradesListQuerySchema },
  'trades.submit': order,
  'trades.close': order,
  'trades.adjust': order,
  'trades.calculate': { body: tradeCalculationSchema },
  'trades.explain': { body: tradeExplainSchema },
  'trades.export': { body: tradeExportSchema },
  'market.contractValues': { body: contractValuesRequestSchema },
  'addIn.contractValues': { body: contractValuesRequestSchema },
  'market.ivRv': { query: ivRvQuerySchema },
  'market.snapshot': { query: marketSnapshotQuerySchema },
  'scans.run': { body: scanDefinitionSchema },
  'scans.filters': { query: scanFiltersQuerySchema },
  'scans.save': { body: scanSaveSchema },
  'scans.update': { body: scanUpdateSchema },
  'scans.patch': { body: scanPatchSchema },
  'push.subscribe': { body: pushSubscriptionSchema },
  'push.unsubscribe': { query: pushEndpointQuerySchema },
  'reports.save': { body: reportSaveSchema },
  'addin.quotes': { query: addinQuotesQuerySchema },
  'addin.options': { query: addinOptionsQuerySchema },
  'scans.exportUnderlyingsPage': scanExport,
  'scans.exportUnderlyingsAll': scanExport,
  'scans.exportOptionsAll': scanExport,
  'lists.list': { query: listsQuerySchema },
  'lists.create': { body: listNameSchema },
  'lists.rename': { body: listNameSchema },
  'universes.save': { body: universeSaveSchema },
  'universes.update': { body: universeSaveSchema },
  'scenario.runStandard': { body: scenarioRunStandardSchema },
  'scenario.runScan': { body: scenarioRunScanSchema },
} as const satisfies { readonly [N in WithSchemas]: CallSchemas<N> };

/** The schemas of a call, untyped: what `#server/http/contract-routes.ts` parses with. */
export function schemasOf(name: CallName): { readonly query?: z.ZodType; readonly body?: z.ZodType } {
  const all: Partial<Record<CallName, { readonly query?: z.ZodType; readonly body?: z.ZodType }>> =
    CONTRACT_SCHEMAS;
  return all[name] ?? {};
}
