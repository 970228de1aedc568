import type { FastifyInstance } from 'fastify';
import { RouteAccess } from '../auth/authenticate.ts';
import { route } from '../http/contract-routes.ts';

/** Errors the app caught in users' browsers land in the server log, not in the void. */
export function clientLogRoutes(app: FastifyInstance): void {
  // Public: the sign-in pages fail too, before there is a token.
  route(
    app,
    'clientErrors.report',
    { config: { access: RouteAccess.Public } },
    async (request, reply, input) => {
      const report = input.body();
      request.log.warn({ clientError: report }, 'client error');
      return reply.status(204).send();
    },
  );
}
