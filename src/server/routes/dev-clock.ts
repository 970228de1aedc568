import type { FastifyInstance } from 'fastify';
import type { DevClockState } from '#api/dev-clock.ts';
import { DAY_MS } from '#domain/plans/calendar.ts';
import { RouteAccess } from '../auth/authenticate.ts';
import type { Clock } from '../clock.ts';
import { route } from '../http/contract-routes.ts';

const stateOf = (clock: Clock): DevClockState => ({
  now: new Date(clock.now()).toISOString(),
  offsetMs: clock.offsetMs(),
});

/**
 * Moves the business clock (trials, billing periods). Registered only outside production, so
 * in production the path does not exist (404).
 */
export function devClockRoutes(app: FastifyInstance, deps: { clock: Clock }): void {
  const open = { config: { access: RouteAccess.Public } };
  route(app, 'dev.clock', open, async () => stateOf(deps.clock));
  route(app, 'dev.setClock', open, async (_request, _reply, input) => {
    const { offsetDays } = input.body();
    await deps.clock.setOffsetMs(Math.round(offsetDays * DAY_MS));
    return stateOf(deps.clock);
  });
}
