import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isApiError } from '../../src/api/errors.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ staticDir: null });
});
afterAll(() => server.stop());

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  const body: unknown = await res.json();
  expect(isApiError(body)).toBe(true);
  expect(body).toMatchObject({ code });
  return body as { code: string; message: string; details?: Record<string, string> };
}

const report = { message: 'boom', url: 'http://x/screener', appBuild: '1' };

describe('bad input never becomes a 500', () => {
  test('unknown API route → 404 NOT_FOUND', async () => {
    await expectError(await server.request('/api/v1/no-such-thing'), 404, 'NOT_FOUND');
    await expectError(await server.request('/api/v1/health', { method: 'DELETE' }), 404, 'NOT_FOUND');
  });

  test('malformed JSON → 400 MALFORMED_JSON', async () => {
    const res = await server.request('/api/v1/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"message": ',
    });
    await expectError(res, 400, 'MALFORMED_JSON');
  });

  test('wrong content type → 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const res = await server.request('/api/v1/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'a,b',
    });
    await expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  test('oversized body → 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await server.request('/api/v1/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...report, message: 'x'.repeat(2_000_000) }),
    });
    await expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  test('schema violations → 400 VALIDATION_FAILED naming every failing field', async () => {
    const res = await server.request('/api/v1/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: '', url: 7, extra: true }),
    });
    const body = await expectError(res, 400, 'VALIDATION_FAILED');
    expect(Object.keys(body.details ?? {})).toEqual(
      expect.arrayContaining(['body.message', 'body.url', 'body.appBuild']),
    );
  });

  test('a valid client error report is accepted', async () => {
    const res = await server.request('/api/v1/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
    });
    expect(res.status).toBe(204);
  });
});
