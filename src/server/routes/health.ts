import type { FastifyInstance } from 'fastify';
import type { Health } from '#api/health.ts';
import { RouteAccess } from '../auth/authenticate.ts';
import type { DatabaseKind } from '../db/database.ts';

export function healthRoutes(
  app: FastifyInstance,
  deps: { version: string; databaseKind: DatabaseKind },
): void {
  const started = performance.now();
  app.get(
    '/health',
    { config: { access: RouteAccess.Public } },
    async (): Promise<Health> => ({
      status: 'ok',
      version: deps.version,
      database: deps.databaseKind,
      uptimeSeconds: Math.round((performance.now() - started) / 100) / 10,
    }),
  );
}
