import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SystemMessage } from '#api/system-message.ts';
import { RouteAccess } from '../auth/authenticate.ts';
import type { Database } from '../db/schema.ts';
import { route } from '../http/contract-routes.ts';
import { readSystemMessage } from '../system-message.ts';

/** The operator's message for every user, signed in or not: 200 with it, 204 when there is none. */
export function systemMessageRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }): void {
  route(app, 'system.message', { config: { access: RouteAccess.Public } }, async (_request, reply) => {
    const message: SystemMessage | null = await readSystemMessage(deps.db);
    // Polled every 30 s by every open app: let nothing in between keep an old answer.
    reply.header('cache-control', 'no-store');
    return message ? message : reply.status(204).send();
  });
}
