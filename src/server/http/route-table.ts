/**
 * Every route the server registers, in order, with its method, full path and config: what the
 * API's bad-input checks walk (tests/api/fuzz-routes.test.ts), so a route added later is
 * checked without being listed anywhere. Recorded by an onRoute hook on the root instance,
 * which its plugins inherit.
 */
import type { FastifyInstance, HTTPMethods } from 'fastify';

export interface RouteEntry {
  readonly method: HTTPMethods;
  /** The full path with its prefix and `:param`s, e.g. `/api/v1/lists/:id`. */
  readonly url: string;
  readonly config: unknown;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Call before any route is registered. */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) table.push({ method, url: route.url, config: route.config });
  });
}

export function routeTable(app: FastifyInstance): readonly RouteEntry[] {
  return tables.get(app) ?? [];
}
