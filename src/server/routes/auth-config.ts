import type { FastifyInstance } from 'fastify';
import type { AuthConfig } from '#api/auth.ts';
import { RouteAccess } from '../auth/authenticate.ts';
import { route } from '../http/contract-routes.ts';

/** Where the app sends the browser to sign in and out (public: it is needed before signing in). */
export function authConfigRoutes(
  app: FastifyInstance,
  deps: { authConfig: () => Promise<AuthConfig> },
): void {
  route(app, 'auth.config', { config: { access: RouteAccess.Public } }, () => deps.authConfig());
}
