/**
 * The spreadsheet add-in: its token, and the figures its cell functions read.
 * Entries of the HTTP contract (`../contract.ts`).
 */
import type {
  AddinOptionsAnswer,
  AddinQuotesAnswer,
  AddinTokenAnswer,
  AddinTokenState,
  addinOptionsQuerySchema,
  addinQuotesQuerySchema,
} from '../addin.ts';
import { call } from './define.ts';

export const ADDIN_CALLS = {
  'addin.tokenState': call<{ answer: AddinTokenState }>()('GET', '/addin/token'),
  'addin.newToken': call<{ answer: AddinTokenAnswer }, 'PLAN_LIMIT_REACHED'>()('POST', '/addin/token'),
  'addin.revokeToken': call<{ answer: undefined }>()('DELETE', '/addin/token'),
  'addin.quotes': call<
    { query: typeof addinQuotesQuerySchema; answer: AddinQuotesAnswer },
    'VALIDATION_FAILED' | 'PLAN_LIMIT_REACHED'
  >()('GET', '/addin/quotes'),
  'addin.options': call<
    { query: typeof addinOptionsQuerySchema; answer: AddinOptionsAnswer },
    'VALIDATION_FAILED' | 'PLAN_LIMIT_REACHED'
  >()('GET', '/addin/options'),
} as const;
