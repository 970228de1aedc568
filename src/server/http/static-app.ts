/**
 * Serves the built PWA: hashed assets cached for a year, the service worker, manifest and
 * index.html always revalidated, and every client route answered with index.html so deep
 * links work. Server prefixes (/api, /hubs, /oidc, /store, /dev) never fall back to the app.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_BASE, HUB_BASE, OIDC_BASE } from '#api/paths.ts';
import { DomainError } from '#domain/errors.ts';

/**
 * The server's own paths: `/store/` is the payment store's pages (docs/BILLING.md); `/dev/` the
 * dev inbox, which must stay absent (404) where it is not registered.
 */
const SERVER_PREFIXES = ['/api/', HUB_BASE, OIDC_BASE, '/store/', '/dev/'];
const ALWAYS_REVALIDATE = /(?:^|\/)(?:index\.html|sw\.js|manifest\.webmanifest|registerSW\.js)$/;

export async function serveApp(app: FastifyInstance, staticDir: string | null): Promise<void> {
  const hasApp = staticDir !== null && existsSync(join(staticDir, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      setHeaders: (reply: FastifyReply, path: string) => {
        reply.header(
          'cache-control',
          ALWAYS_REVALIDATE.test(path)
            ? 'no-cache'
            : path.includes('/assets/')
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=3600',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isServerPath = SERVER_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p));
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    const looksLikeFile = /\.[a-z0-9]+$/i.test(path);
    if (hasApp && wantsPage && !isServerPath && !looksLikeFile) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const where = path.startsWith(API_BASE) ? 'API route' : 'Resource';
    throw new DomainError('NOT_FOUND', { message: `${where} ${request.method} ${path} not found.` });
  });
}
