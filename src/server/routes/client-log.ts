import type { FastifyInstance } from 'fastify';
import { clientErrorReportSchema } from '#api/client-log.ts';
import { RouteAccess } from '../auth/authenticate.ts';
import { parseInput } from '../http/errors.ts';

/** Errors the app caught in users' browsers land in the server log, not in the void. */
export function clientLogRoutes(app: FastifyInstance): void {
  // Public: the sign-in pages fail too, before there is a token.
  app.post('/client-errors', { config: { access: RouteAccess.Public } }, async (request, reply) => {
    const report = parseInput(clientErrorReportSchema, request.body);
    request.log.warn({ clientError: report }, 'client error');
    return reply.status(204).send();
  });
}
