/**
 * Calls for operators and tests, not the app: health, the market environment and the
 * development clock. Entries of the HTTP contract (`../contract.ts`).
 */
import type { DevClockState, devClockRequestSchema } from '../dev-clock.ts';
import type { Health } from '../health.ts';
import type { MarketEnvironment } from '../market-environment.ts';
import { type BodyErrors, call } from './define.ts';

export const SERVICE_CALLS = {
  health: call<{ answer: Health }>()('GET', '/health'),
  'market.environment': call<{ answer: MarketEnvironment }>()('GET', '/market/environment'),
  'dev.clock': call<{ answer: DevClockState }>()('GET', '/dev/clock'),
  'dev.setClock': call<{ body: typeof devClockRequestSchema; answer: DevClockState }, BodyErrors>()(
    'POST',
    '/dev/clock',
  ),
} as const;
