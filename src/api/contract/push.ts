/**
 * Web Push: the server's public key and the browsers that get a user's alerts.
 * Entries of the HTTP contract (`../contract.ts`).
 */
import type { PushKeyAnswer, pushEndpointQuerySchema, pushSubscriptionSchema } from '../push.ts';
import { type BodyErrors, call } from './define.ts';

export const PUSH_CALLS = {
  'push.key': call<{ answer: PushKeyAnswer }>()('GET', '/push/key'),
  'push.subscribe': call<
    { body: typeof pushSubscriptionSchema; answer: undefined },
    BodyErrors | 'PUSH_ENDPOINT_REFUSED'
  >()('PUT', '/push/subscriptions'),
  'push.unsubscribe': call<
    { query: typeof pushEndpointQuerySchema; answer: undefined },
    'VALIDATION_FAILED'
  >()('DELETE', '/push/subscriptions'),
} as const;
