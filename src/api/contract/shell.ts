/**
 * The calls the app's shell makes before any screen loads: the sign-in configuration, the
 * subscription, the system message and client error reports. Apart from the features' maps
 * because the app's entry chunk carries this one. Entries of the HTTP contract (`../contract.ts`).
 */
import type { SubscriptionAnswer } from '../account.ts';
import type { AuthConfig } from '../auth.ts';
import type { clientErrorReportSchema } from '../client-log.ts';
import type { SystemMessage } from '../system-message.ts';
import { type BodyErrors, call } from './define.ts';

export const SHELL_CALLS = {
  'auth.config': call<{ answer: AuthConfig }>()('GET', '/auth/config'),
  'account.subscription': call<{ answer: SubscriptionAnswer }>()('GET', '/account/subscription'),
  'system.message': call<{ answer: SystemMessage | undefined }>()('GET', '/system/message'),
  'clientErrors.report': call<{ body: typeof clientErrorReportSchema; answer: undefined }, BodyErrors>()(
    'POST',
    '/client-errors',
  ),
} as const;
