/**
 * The HTTP contract map and the server's routes are the same set: every route the server
 * registers under /api/v1 is a call of the map (so nothing reaches the app untyped), and every
 * call of the map is a route the server registers (so the app calls nothing that answers 404).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HTTP_CONTRACT } from '#api/contract.ts';
import { API_BASE } from '#api/paths.ts';
import { type InProcessTestServer, startTestServer } from '../support/test-server.ts';
import { TEST_MARKET } from '../support/trades.ts';

/** A route as `METHOD /path` with its parameters unnamed: `/trades/:view` is `/trades/:id`. */
const routeKey = (method: string, path: string) => `${method} ${path.replace(/:\w+/g, ':')}`;

let server: InProcessTestServer;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null, market: TEST_MARKET, devTools: true });
});
afterAll(() => server?.stop());

/** The server's API routes (HEAD twins of GET routes aside: Fastify adds them itself). */
const serverRoutes = () =>
  new Set(
    server
      .routes()
      .filter((r) => r.url.startsWith(`${API_BASE}/`) && r.method !== 'HEAD')
      .map((r) => routeKey(r.method, r.url.slice(API_BASE.length))),
  );

const contractRoutes = () =>
  new Map(Object.entries(HTTP_CONTRACT).map(([name, entry]) => [routeKey(entry.method, entry.path), name]));

describe('HTTP contract map', () => {
  test('every route the server registers under /api/v1 is a call of the map', () => {
    const calls = contractRoutes();
    const missing = [...serverRoutes()].filter((key) => !calls.has(key));
    expect(missing).toEqual([]);
  });

  test('every call of the map is a route the server registers', () => {
    const routes = serverRoutes();
    const missing = Object.entries(HTTP_CONTRACT)
      .filter(([, entry]) => !routes.has(routeKey(entry.method, entry.path)))
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });
});
