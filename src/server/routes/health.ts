import type { FastifyInstance } from 'fastify';
import { RouteAccess } from '../auth/authenticate.ts';
import type { DatabaseKind } from '../db/database.ts';
import { route } from '../http/contract-routes.ts';

export function healthRoutes(
  app: FastifyInstance,
  deps: { version: string; databaseKind: DatabaseKind },
): void {
  const started = performance.now();
  route(app, 'health', { config: { access: RouteAccess.Public } }, async () => ({
    status: 'ok',
    version: deps.version,
    database: deps.databaseKind,
    uptimeSeconds: Math.round((performance.now() - started) / 100) / 10,
  }));
}
