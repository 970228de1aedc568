/**
 * `npm run ops -- …` as an operator runs it (a child process on the same DATA_DIR): through
 * the running server's socket, and directly on the database when no server runs.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projectRoot } from '#server/config.ts';
import { opsSocketPath } from '#server/ops/ops-socket.ts';
import { freePort, startTestServer, type TestServer } from '../support/test-server.ts';

const OPS = join(projectRoot, 'src/server/cli/ops.ts');

function runOps(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; out: string[]; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [OPS, ...args], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'error', ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, out: out.trimEnd().split('\n'), err }));
  });
}

const bearer = (token: string | undefined) => ({ headers: { authorization: `Bearer ${token ?? ''}` } });

describe('with the server running', () => {
  let server: TestServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer({ staticDir: null });
    // Only DATA_DIR matters: the command goes through the server.
    env = { DATA_DIR: server.config.dataDir };
  });
  afterAll(() => server?.stop());

  test('the ops socket is owner-only', () => {
    expect(statSync(opsSocketPath(server.config.dataDir)).mode & 0o777).toBe(0o600);
  });

  test('token EMAIL prints a valid bearer token as its last line', async () => {
    const { code, out } = await runOps(env, 'token', 'Op@Example.com');
    expect(code).toBe(0);
    expect(out[0]).toBe('op@example.com: no plan, trial (0), 14 days left');
    const res = await server.request('/api/v1/account/subscription', bearer(out.at(-1)));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 0, goodUntilDays: 14 });
  });

  test('plan EMAIL PLANID [STATUS] changes the subscription the API answers', async () => {
    const token = (await runOps(env, 'token', 'op@example.com')).out.at(-1);
    const { code, out } = await runOps(env, 'plan', 'op@example.com', '112');
    expect(code).toBe(0);
    expect(out[0]).toMatch(/^op@example\.com: Advanced Yearly \(112\), premium \(2\), 36[45] days left$/);
    expect(await (await server.request('/api/v1/account/subscription', bearer(token))).json()).toMatchObject({
      status: 2,
      planId: 112,
    });
    expect((await runOps(env, 'plan', 'op@example.com', '101', '4')).code).toBe(0);
    expect((await server.request('/api/v1/market/environment', bearer(token))).status).toBe(403);
  });

  test('message TEXT sets the system message; --clear removes it', async () => {
    expect((await runOps(env, 'message', 'Back', 'at', '6')).code).toBe(0);
    expect(await (await server.request('/api/v1/system/message')).json()).toMatchObject({
      message: 'Back at 6',
      trailing: false,
    });
    expect((await runOps(env, 'message', '--clear')).code).toBe(0);
    expect((await server.request('/api/v1/system/message')).status).toBe(204);
  });

  test('clock +15d moves the running server’s clock', async () => {
    const { code, out } = await runOps(env, 'clock', '+15d');
    expect(code).toBe(0);
    expect(out[0]).toMatch(/offset \+15d 0h 0m\)$/);
    expect(
      ((await (await server.request('/api/v1/dev/clock')).json()) as { offsetMs: number }).offsetMs,
    ).toBe(15 * 86_400_000);
    await runOps(env, 'clock', 'reset');
  });

  test('mistakes print what went wrong and exit 1', async () => {
    const bad = await runOps(env, 'plan', 'op@example.com', '7');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('PLANID must be 1, 12, 101 or 112');
    const unknown = await runOps(env, 'frobnicate');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('Usage: npm run ops');
    expect((await runOps(env, 'token', 'not-an-address')).code).toBe(1);
  });

  test('a second server on the same DATA_DIR refuses to start', async () => {
    await expect(startTestServer({ staticDir: null, dataDir: server.config.dataDir })).rejects.toThrow(
      /Another server is running/,
    );
    // The first one is unharmed.
    expect((await server.request('/api/v1/health')).status).toBe(200);
  });
});

describe('without a server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-direct-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('works on the database directly; a server started later honours the result', async () => {
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}` };
    const token = await runOps(env, 'token', 'direct@example.com');
    expect(token.code).toBe(0);
    expect((await runOps(env, 'plan', 'direct@example.com', '12', '3')).code).toBe(0);
    expect((await runOps(env, 'message', 'Hello', '--trailing')).code).toBe(0);

    const server = await startTestServer({ staticDir: null, dataDir, port });
    try {
      const res = await server.request('/api/v1/account/subscription', bearer(token.out.at(-1)));
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: 3, planId: 12 });
      expect(await (await server.request('/api/v1/system/message')).json()).toMatchObject({
        message: 'Hello',
        trailing: true,
      });
    } finally {
      await server.stop();
    }
  });
});
