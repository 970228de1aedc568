/**
 * Running scans (spec 2 §7): `POST /scans/run` answers a page of a scan (cached per user by
 * `cacheId`), `GET /scans/filters?strategy=…` the filter names a strategy offers. A client that
 * goes away cancels its scan; a scan past the time budget answers 504 TIMEOUT.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ScanDefinition } from '#api/scans.ts';
import { DomainError } from '#domain/errors.ts';
import { FilterValueError } from '#domain/filters/filter-value-error.ts';
import { type ScanRequest, scanRequestOf } from '#engine/scan-page.ts';
import { ScanCancelledError } from '#engine/scan-run.ts';
import { ScanInputError } from '#engine/scan-spec.ts';
import { requireUser } from '../auth/authenticate.ts';
import type { RateLimits } from '../config.ts';
import type { ScanEngine } from '../engine/scan-engine.ts';
import { route } from '../http/contract-routes.ts';
import { heavyCallLimit } from '../http/rate-limits.ts';
import { assertCanRunScan } from '../screener/scan-limits.ts';
import type { Db } from '../screener/scan-store.ts';
import { resolveUniverseFilter } from '../screener/universe-store.ts';
import type { SignedInUser } from '../users/users.ts';

export interface ScanRouteDeps {
  readonly engine: ScanEngine;
  readonly db: Db;
  readonly limits: RateLimits;
}

/**
 * The engine's request for a validated scan definition, as the user may run it: the plan's leg
 * limit holds (else PLAN_LIMIT_REACHED) and a universe filter becomes the universe's symbols.
 */
export async function scanRequestFor(db: Db, user: SignedInUser, def: ScanDefinition): Promise<ScanRequest> {
  assertCanRunScan(user, def);
  return scanRequestOf(def, await resolveUniverseFilter(db, user.id, def.filters));
}

/** Scan results are cached per user: this is the one place that says which key a user has. */
export const userIdOf = (user: { readonly id: number }): string => String(user.id);

/**
 * Scan input errors as 400 answers naming the field: a malformed filter value, an unknown sort
 * key or column, a bad bid/ask level. A cancelled scan (the client left) gets a 400 nobody reads.
 */
export function scanErrorToHttp(err: unknown): unknown {
  if (err instanceof FilterValueError)
    return new DomainError('VALIDATION_FAILED', {
      message: err.message,
      details: { [`filters.${err.filter}`]: err.message },
    });
  if (err instanceof ScanInputError)
    return new DomainError('VALIDATION_FAILED', {
      message: err.message,
      details: { [err.field]: err.message },
    });
  if (err instanceof ScanCancelledError)
    return new DomainError('CANCELLED', { message: 'The scan was cancelled.' });
  return err;
}

/** Aborts when the client closes the connection before the answer is sent. */
export function abortOnClose(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

export const scanRunRoutes: FastifyPluginAsync<ScanRouteDeps> = async (app, { engine, db, limits }) => {
  const limited = { config: { rateLimit: heavyCallLimit(limits.scanRuns, 'scan-run') } };
  route(app, 'scans.run', limited, async (request, reply, input) => {
    const def = input.body();
    const user = requireUser(request);
    const scan = await scanRequestFor(db, user, def);
    try {
      return await engine.run(userIdOf(user), scan, abortOnClose(reply));
    } catch (err) {
      throw scanErrorToHttp(err);
    }
  });

  route(app, 'scans.filters', {}, async (_request, _reply, input) => {
    const { strategy } = input.query();
    return { strategy, filters: engine.filtersFor(strategy) };
  });
};
