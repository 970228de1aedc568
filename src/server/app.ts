/**
 * The server as a function of its dependencies: tests build it with a fresh database,
 * `main.ts` with the configured one. Everything under /api/v1 is JSON.
 */
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_BASE } from '../api/paths.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { installErrorHandling } from './http/errors.ts';
import { serveApp } from './http/static-app.ts';
import { clientLogRoutes } from './routes/client-log.ts';
import { healthRoutes } from './routes/health.ts';

export interface ServerDeps {
  readonly config: Config;
  readonly database: DatabaseHandle;
}

export async function buildServer(deps: ServerDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Tokens travel in the query string on WebSocket upgrades; keep them out of the logs.
      serializers: {
        req: (req) => ({ method: req.method, url: req.url.replace(/access_token=[^&]+/, 'access_token=…') }),
      },
    },
    bodyLimit: 1_048_576,
    trustProxy: true,
  });
  installErrorHandling(app);
  await app.register(helmet, {
    // The app shell is same-origin; the service worker and manifest need nothing extra.
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'"],
        'connect-src': ["'self'", 'ws:', 'wss:'],
        'img-src': ["'self'", 'data:', 'blob:'],
        'frame-src': ["'self'"],
        // Off: it would break plain-http use on a LAN address (e.g. a phone trying the app);
        // production runs behind TLS anyway.
        'upgrade-insecure-requests': null,
      },
    },
  });
  await app.register(
    async (api) => {
      healthRoutes(api, { version: config.version, databaseKind: database.kind });
      clientLogRoutes(api);
    },
    { prefix: API_BASE },
  );
  await serveApp(app, config.staticDir);
  return app;
}
