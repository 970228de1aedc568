/**
 * What every browser test file starts with: one server of the built app and one Chromium,
 * started before the file's first test and stopped after its last, and pages that open signed in.
 *
 *   const e2e = e2eSession(() => startAppServer({ market: TEST_MARKET }));
 *   test('…', async () => {
 *     const { context, page } = await e2e.signedInPage(PHONE, 'alice@example.com');
 *     await page.goto('/trades');
 *   });
 *
 * A file that needs more set up (accounts, trades) adds its own `beforeAll` after this call:
 * hooks run in the order they are declared, so the server is up by then.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type Config, projectRoot } from '#server/config.ts';
import { signInBrowser } from './auth.ts';
import { launchBrowser, openPage } from './browser.ts';
import { fileServer, startTestServer, type TestServer } from './test-server.ts';

/** A test server that serves the built app (`npm test` builds it before the browser tests). */
export const startAppServer = (overrides: Partial<Config> = {}): Promise<TestServer> =>
  startTestServer({ staticDir: `${projectRoot}/dist`, ...overrides });

type Viewport = { width: number; height: number };

export interface E2eSession {
  /** The file's server (read it inside tests and hooks: it exists once `beforeAll` ran). */
  readonly server: TestServer;
  readonly browser: Browser;
  /** A page at `viewport` (see `openPage`), not signed in. */
  open(
    viewport: Viewport,
    options?: Pick<BrowserContextOptions, 'serviceWorkers'>,
  ): Promise<{ context: BrowserContext; page: Page }>;
  /** A page at `viewport` whose tabs start signed in as `email`, with the token it stored. */
  signedInPage(
    viewport: Viewport,
    email: string,
  ): Promise<{ context: BrowserContext; page: Page; token: string }>;
}

export function e2eSession(start: () => Promise<TestServer> = () => startAppServer()): E2eSession {
  // Declared first, so the browser closes before the server stops (after-hooks run in reverse).
  const file = fileServer(start);
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const session: E2eSession = {
    get server() {
      return file.server;
    },
    get browser() {
      if (!browser) throw new Error('the browser starts in beforeAll: use it inside a test or hook');
      return browser;
    },
    open: (viewport, options) => openPage(session.browser, session.server.url, viewport, options),
    async signedInPage(viewport, email) {
      const opened = await session.open(viewport);
      const token = await signInBrowser(opened.context, session.server, email);
      return { ...opened, token };
    },
  };
  return session;
}
