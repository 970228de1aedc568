/**
 * A real server on a free loopback port with its own fresh data folder (and so its own
 * embedded database, issuer keys and ops socket), or on PostgreSQL when a URL is given.
 * The port is chosen before starting because the embedded issuer's URL includes it.
 * For a bearer token, see `tests/support/auth.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { ServerDeps } from '#server/app.ts';
import { type Config, loadConfig } from '#server/config.ts';
import { type RouteEntry, routeTable } from '#server/http/route-table.ts';
import { startServer } from '#server/main.ts';

export interface TestServer {
  readonly url: string;
  readonly config: Config;
  request(path: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

/** A server of this process: its route table is at hand. */
export interface InProcessTestServer extends TestServer {
  /** Every route the server registered (method, full path, config). */
  routes(): readonly RouteEntry[];
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startTestServer(
  overrides: Partial<Config> = {},
  env: Record<string, string> = {},
  deps: Pick<ServerDeps, 'market' | 'mailer'> = {},
): Promise<InProcessTestServer> {
  const dataDir = overrides.dataDir ?? mkdtempSync(join(tmpdir(), 'app-test-'));
  const port = overrides.port ?? (await freePort());
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', ...env }),
    port,
    host: '127.0.0.1',
    dataDir,
    publicUrl: `http://127.0.0.1:${port}`,
    ...overrides,
  };
  const server = await startServer(config, deps).catch((err: unknown) => {
    if (!overrides.dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  const url = server.url.replace('localhost', '127.0.0.1');
  return {
    url,
    config,
    request: (path, init) => fetch(`${url}${path}`, init),
    routes: () => routeTable(server.app),
    stop: async () => {
      await server.stop();
      if (!overrides.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test file's server: `start` runs before the file's first test and the server stops after
 * its last. Read `.server` inside tests and hooks (it exists once the file's `beforeAll` ran);
 * a file that needs more set up adds its own `beforeAll` after this call, as hooks run in the
 * order they are declared.
 *
 *   const api = fileServer(() => startTestServer({ staticDir: null }));
 *   test('…', async () => expect((await api.server.request('/api/v1/health')).status).toBe(200));
 */
export function fileServer(start: () => Promise<TestServer>): { readonly server: TestServer } {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(async () => {
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('the server starts in beforeAll: use it inside a test or hook');
      return server;
    },
  };
}
