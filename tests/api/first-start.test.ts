import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { startTestServer } from '../support/test-server.ts';

const parent = mkdtempSync(join(tmpdir(), 'first-start-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe('first start on a fresh clone', () => {
  test('a data folder that does not exist yet is created, owner-only, and the server answers', async () => {
    const dataDir = join(parent, 'not', 'there', 'yet');
    const server = await startTestServer({ dataDir, staticDir: null });
    try {
      expect((await server.request('/api/v1/health')).status).toBe(200);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(statSync(join(dataDir, 'ops.sock')).isSocket()).toBe(true);
    } finally {
      await server.stop();
    }
  });
});
