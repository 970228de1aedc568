/**
 * Market data for the order editor and the analyzer, and the spreadsheet add-in's twins.
 * Entries of the HTTP contract (`../contract.ts`).
 */
import type {
  Bar,
  ContractValuesRow,
  contractValuesRequestSchema,
  ExpirationRow,
  IvRvRow,
  ivRvQuerySchema,
  marketSnapshotQuerySchema,
  OptionChainRow,
  UnderlyingFacts,
  UnderlyingRow,
} from '../market.ts';
import { type BodyErrors, call } from './define.ts';

export const MARKET_CALLS = {
  // Each market call and its add-in twin (for plans with the add-in) answer alike.
  'market.underlyings': call<{ answer: UnderlyingRow[] }>()('GET', '/underlyings'),
  'addIn.underlyings': call<{ answer: UnderlyingRow[] }, 'PLAN_LIMIT_REACHED'>()('GET', '/addon/underlyings'),
  'market.optionChain': call<{ answer: OptionChainRow[] }, 'VALIDATION_FAILED' | 'NOT_FOUND'>()(
    'GET',
    '/trades/:id/optionchain',
  ),
  'addIn.optionChain': call<
    { answer: OptionChainRow[] },
    'VALIDATION_FAILED' | 'NOT_FOUND' | 'PLAN_LIMIT_REACHED'
  >()('GET', '/addon/:id/optionchain'),
  'market.contractValues': call<
    { body: typeof contractValuesRequestSchema; answer: ContractValuesRow[] },
    BodyErrors
  >()('POST', '/contract'),
  'addIn.contractValues': call<
    { body: typeof contractValuesRequestSchema; answer: ContractValuesRow[] },
    BodyErrors | 'PLAN_LIMIT_REACHED'
  >()('POST', '/addon/contract'),
  'market.bars': call<{ answer: Bar[] | null }, 'VALIDATION_FAILED'>()('GET', '/underlyings/:symbol/bars'),
  'market.facts': call<{ answer: UnderlyingFacts }, 'VALIDATION_FAILED' | 'NOT_FOUND'>()(
    'GET',
    '/underlyings/:symbol/facts',
  ),
  'market.ivRv': call<
    { query: typeof ivRvQuerySchema; answer: IvRvRow[] },
    'VALIDATION_FAILED' | 'NOT_FOUND'
  >()('GET', '/underlyings/:symbol/iv-rv'),
  // Binary: the device snapshot (`#engine/device-snapshot.ts`), read as an ArrayBuffer.
  'market.snapshot': call<
    { query: typeof marketSnapshotQuerySchema; answer: ArrayBuffer },
    'VALIDATION_FAILED'
  >()('GET', '/market/snapshot'),
  'market.expirations': call<{ answer: ExpirationRow[] }, 'VALIDATION_FAILED' | 'NOT_FOUND'>()(
    'GET',
    '/underlyings/:symbol/expirations',
  ),
} as const;
