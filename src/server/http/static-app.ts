/**
 * Serves the built PWA: hashed assets cached for a year, the service worker, manifest and
 * index.html always revalidated, and every client route answered with index.html so deep
 * links work. Server prefixes (/api, /hubs, /oidc, /store, /dev) never fall back to the app.
 * Each file goes out as the build's brotli or gzip copy when the browser accepts one
 * (src/server/build/precompress.ts), with `Vary: Accept-Encoding`.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_BASE, HUB_BASE, OIDC_BASE } from '#api/paths.ts';
import { DomainError } from '#domain/errors.ts';
import { withCspDirective } from '../auth/embedded-issuer.ts';

/**
 * The server's own paths: `/store/` is the payment store's pages (docs/BILLING.md); `/dev/` the
 * dev inbox, which must stay absent (404) where it is not registered; `/addin/` the Excel add-in's
 * files (docs/ADDIN.md).
 */
const SERVER_PREFIXES = ['/api/', HUB_BASE, OIDC_BASE, '/store/', '/dev/', '/addin/'];
const ALWAYS_REVALIDATE =
  /(?:^|\/)(?:index\.html|signin\.html|excel-addin\.html|sw\.js|manifest\.webmanifest)$/;
/**
 * Document loads of the sign-in addresses get the light sign-in page (signin.html: no app, a few
 * KB of script); the app's own /signin route serves navigations inside the app.
 */
const SIGN_IN_PAGE = /^\/(?:signin|signup)\/?$/;
/** A script element without `src`: its text is what a CSP hash covers. */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The CSP sources (`'sha256-…'`) of index.html's inline scripts (the signed-out gate), so the
 * Content-Security-Policy allows them and nothing else inline. None without a built app.
 */
export function inlineScriptHashes(staticDir: string | null): string[] {
  const page = staticDir === null ? null : join(staticDir, 'index.html');
  if (!page || !existsSync(page)) return [];
  return [...readFileSync(page, 'utf8').matchAll(INLINE_SCRIPT)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
}

/** The Excel add-in's page (docs/ADDIN.md), which Office shows in its own frame. */
const EXCEL_ADDIN_PAGE = /(?:^|\/)excel-addin\.html(?:\.br|\.gz)?$/;
/**
 * Where Excel on the web frames an add-in's page: Microsoft's Office addresses. The app's own
 * pages may be framed by the app only (helmet's `frame-ancestors 'self'`, `X-Frame-Options`).
 */
const OFFICE_FRAME_ANCESTORS =
  "'self' https://*.officeapps.live.com https://*.office.com https://*.office365.com https://*.microsoft365.com https://*.cloud.microsoft";
/** Office's script (office.js), which the add-in's page loads from Microsoft's address. */
const OFFICE_SCRIPT_ORIGIN = 'https://appsforoffice.microsoft.com';

/** The Content-Security-Policy of the add-in's page: the app's, with Office's script and frames. */
function excelAddinPolicy(appPolicy: string): string {
  return withCspDirective(
    withCspDirective(appPolicy, 'script-src', `'self' ${OFFICE_SCRIPT_ORIGIN}`),
    'frame-ancestors',
    OFFICE_FRAME_ANCESTORS,
  );
}

/** The build's compressed copies of a file: their caching is the file's. */
const COMPRESSED_COPY = /\.(?:br|gz)$/;

/** How long browsers and proxies may keep a file of the build (`path`: the file sent, or its copy). */
export function cacheControlFor(path: string): string {
  const file = path.replace(COMPRESSED_COPY, '');
  if (ALWAYS_REVALIDATE.test(file)) return 'no-cache';
  // Vite names every file under assets/ by its content's hash: a change is a new name.
  if (file.includes('/assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

export async function serveApp(app: FastifyInstance, staticDir: string | null): Promise<void> {
  const hasApp = staticDir !== null && existsSync(join(staticDir, 'index.html'));
  const hasSignInPage = staticDir !== null && existsSync(join(staticDir, 'signin.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply: FastifyReply, path: string) => {
        reply.header('cache-control', cacheControlFor(path));
        if (EXCEL_ADDIN_PAGE.test(path)) {
          const policy = reply.getHeader('content-security-policy');
          if (typeof policy === 'string') reply.header('content-security-policy', excelAddinPolicy(policy));
          reply.removeHeader('x-frame-options');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isServerPath = SERVER_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p));
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    const looksLikeFile = /\.[a-z0-9]+$/i.test(path);
    if (hasApp && wantsPage && !isServerPath && !looksLikeFile) {
      const page = hasSignInPage && SIGN_IN_PAGE.test(path) ? 'signin.html' : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page);
    }
    const where = path.startsWith(API_BASE) ? 'API route' : 'Resource';
    throw new DomainError('NOT_FOUND', { message: `${where} ${request.method} ${path} not found.` });
  });
}
