/**
 * A real server on an ephemeral loopback port with its own fresh data folder (and so its
 * own embedded database), or on PostgreSQL when a URL is given.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Config, loadConfig } from '../../src/server/config.ts';
import { startServer } from '../../src/server/main.ts';

export interface TestServer {
  readonly url: string;
  readonly config: Config;
  request(path: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

export async function startTestServer(
  overrides: Partial<Config> = {},
  env: Record<string, string> = {},
): Promise<TestServer> {
  const dataDir = overrides.dataDir ?? mkdtempSync(join(tmpdir(), 'app-test-'));
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', ...env }),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    ...overrides,
  };
  const server = await startServer(config);
  const url = server.url.replace('localhost', '127.0.0.1');
  return {
    url,
    config,
    request: (path, init) => fetch(`${url}${path}`, init),
    stop: async () => {
      await server.stop();
      if (!overrides.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
