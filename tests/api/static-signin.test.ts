/**
 * The signed-out first load on the server's side, over real HTTP: document loads of /signin and
 * /signup get the light sign-in page, every other client route the app's page, and the
 * Content-Security-Policy allows the app page's inline gate by its hash, nothing else inline.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type InProcessTestServer, startTestServer } from '#tests/support/test-server.ts';

const GATE = "if (!localStorage.getItem('access_token')) location.replace('/signin');";
const APP_PAGE = `<!doctype html><title>app</title><script>${GATE}</script><div id="root"></div>`;
const SIGN_IN_PAGE =
  '<!doctype html><title>sign in</title><script type="module" src="/assets/signin-x.js"></script>';

describe('with a build that has the light sign-in page', () => {
  let appDir: string;
  let server: InProcessTestServer;

  beforeAll(async () => {
    appDir = mkdtempSync(join(tmpdir(), 'built-app-'));
    writeFileSync(join(appDir, 'index.html'), APP_PAGE);
    writeFileSync(join(appDir, 'signin.html'), SIGN_IN_PAGE);
    server = await startTestServer({ staticDir: appDir });
  });
  afterAll(async () => {
    await server.stop();
    rmSync(appDir, { recursive: true, force: true });
  });

  test.each(['/signin', '/signin?redirect=%2Ftrades', '/signup', '/signin/'])(
    '%s is the sign-in page',
    async (path) => {
      const res = await server.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(SIGN_IN_PAGE);
    },
  );

  test.each(['/', '/screener', '/auth', '/signin/more', '/signing'])('%s is the app', async (path) => {
    const res = await server.request(path);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(APP_PAGE);
  });

  test("the CSP allows the app page's inline script by its hash, and no inline script at large", async () => {
    const hash = createHash('sha256').update(GATE).digest('base64');
    for (const path of ['/', '/signin', '/api/v1/health']) {
      const csp = (await server.request(path)).headers.get('content-security-policy') ?? '';
      const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1];
      expect(scriptSrc, path).toBe(`'self' 'sha256-${hash}'`);
    }
  });
});

test('without a built app the CSP allows no inline script', async () => {
  const server = await startTestServer({ staticDir: null });
  try {
    const csp = (await server.request('/api/v1/health')).headers.get('content-security-policy') ?? '';
    expect(/script-src ([^;]+)/.exec(csp)?.[1]).toBe("'self'");
  } finally {
    await server.stop();
  }
});
