import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { healthSchema } from '#api/health.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ staticDir: null });
});
afterAll(() => server.stop());

describe('GET /api/v1/health', () => {
  test('reports version, database kind and uptime', async () => {
    const res = await server.request('/api/v1/health');
    expect(res.status).toBe(200);
    const body = healthSchema.parse(await res.json());
    expect(body.database).toBe('pglite');
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });
});
