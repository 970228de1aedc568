/**
 * Watching a scan (spec 2 §4.6, §6; docs/WATCHING.md): `PUT /scans/{id}/watch` starts watching
 * one of the caller's scans or a sample, `DELETE` stops; both answer the scan's watch. The plan
 * caps how many scans a user watches (PLAN_LIMIT_REACHED; Beginner none). Starting runs the scan
 * once: what it shows now is what later alerts compare with (nothing is announced for it), and a
 * scan slower than the watch budget is answered with the status WATCHING_TOO_EXPENSIVE, which the
 * app explains; it is then not checked until the user watches it again. A first run that fails
 * otherwise leaves the scan not watched, and is answered as `POST /scans/run` answers it.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { DomainError, notFound, PLAN_LIMIT_MESSAGES } from '#domain/errors.ts';
import { effectiveLimits, hasRoom } from '#domain/plans/plan-limits.ts';
import { topTradeIds } from '#domain/watching/new-trades.ts';
import { requireUser } from '../auth/authenticate.ts';
import type { RateLimits } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { ScanEngine } from '../engine/scan-engine.ts';
import { route } from '../http/contract-routes.ts';
import { pathId } from '../http/path-id.ts';
import { heavyCallLimit } from '../http/rate-limits.ts';
import { assertCanRunScan } from '../screener/scan-limits.ts';
import { visibleScan } from '../screener/scan-store.ts';
import { lockUser } from '../trades/trade-store.ts';
import { runWatchedScan, watchDefinition } from '../watching/watch-check.ts';
import { scanWatch, watchedCount, watchStatuses } from '../watching/watch-store.ts';
import { scanErrorToHttp } from './scans-run.ts';

export interface WatchRouteDeps {
  readonly db: Kysely<Database>;
  readonly engine: ScanEngine;
  readonly limits: RateLimits;
  readonly budgetMs: number;
}

const planRefusal = () => new DomainError('PLAN_LIMIT_REACHED', { message: PLAN_LIMIT_MESSAGES.watch });

export const watchRoutes: FastifyPluginAsync<WatchRouteDeps> = async (
  app,
  { db, engine, limits, budgetMs },
) => {
  // Starting a watch runs the scan: it counts with the user's scan runs.
  const limited = { config: { rateLimit: heavyCallLimit(limits.scanRuns, 'scan-run') } };

  route(app, 'scans.watch', limited, async (request) => {
    const user = requireUser(request);
    const id = pathId(request, 'Scan');
    const row = await visibleScan(db, user.id, id);
    if (!row) throw notFound('Scan');
    const { maxWatchingScans } = effectiveLimits(user.subscription);
    if (maxWatchingScans === 0) throw planRefusal();
    assertCanRunScan(user, watchDefinition(row));
    await db.transaction().execute(async (trx) => {
      await lockUser(trx, user.id);
      const already = (await watchStatuses(trx, user.id, [id])).has(id);
      if (!already && !hasRoom(await watchedCount(trx, user.id), maxWatchingScans)) throw planRefusal();
      // Watching again after a failure starts afresh.
      await trx
        .insertInto('scan_watches')
        .values({ user_id: user.id, scan_id: id })
        .onConflict((oc) =>
          oc.columns(['user_id', 'scan_id']).doUpdateSet({ error: null, seen: null, alerted_at: null }),
        )
        .execute();
    });
    const run = await runWatchedScan({ db, engine, budgetMs }, user, row).catch(async (err: unknown) => {
      // Not watched after all: a watch whose first run failed would be checked with nothing seen
      // (its first check would announce the whole top) and count toward the cap unseen.
      await db.deleteFrom('scan_watches').where('user_id', '=', user.id).where('scan_id', '=', id).execute();
      throw scanErrorToHttp(err);
    });
    await db
      .updateTable('scan_watches')
      .set(
        run.kind === 'tooExpensive'
          ? { error: 'WATCHING_TOO_EXPENSIVE', checked_at: new Date() }
          : { seen: JSON.stringify(topTradeIds(run.top)), checked_at: new Date() },
      )
      .where('user_id', '=', user.id)
      .where('scan_id', '=', id)
      .execute();
    return scanWatch(
      user,
      run.kind === 'tooExpensive' ? 'WATCHING_TOO_EXPENSIVE' : true,
      await watchedCount(db, user.id),
    );
  });

  route(app, 'scans.unwatch', {}, async (request) => {
    const user = requireUser(request);
    const id = pathId(request, 'Scan');
    if (!(await visibleScan(db, user.id, id))) throw notFound('Scan');
    await db.deleteFrom('scan_watches').where('user_id', '=', user.id).where('scan_id', '=', id).execute();
    return scanWatch(user, undefined, await watchedCount(db, user.id));
  });
};
