import type { FastifyInstance } from 'fastify';
import { type DevClockState, devClockRequestSchema } from '#api/dev-clock.ts';
import { DAY_MS } from '#domain/plans/calendar.ts';
import { RouteAccess } from '../auth/authenticate.ts';
import type { Clock } from '../clock.ts';
import { parseInput } from '../http/errors.ts';

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
  app.get('/dev/clock', open, async () => stateOf(deps.clock));
  app.post('/dev/clock', open, async (request) => {
    const { offsetDays } = parseInput(devClockRequestSchema, request.body);
    await deps.clock.setOffsetMs(Math.round(offsetDays * DAY_MS));
    return stateOf(deps.clock);
  });
}
