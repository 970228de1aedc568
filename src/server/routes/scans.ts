/**
 * Saved scans (spec 2 §3.3, §4.2, §5, §6; docs/API.md "Screener"): save a new scan or a copy,
 * load, update, edit title, description, list and tags, delete, favourite; the gallery's tags.
 * Watching is in `watching.ts`.
 * Samples are read-only except for copying and favouriting (422 READ_ONLY); another user's scan
 * is 404. Writes run in one transaction that locks the user's row, so two saves cannot both pass
 * the plan's saved-scan cap.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { DEFAULT_SCAN_TITLE, type Scan } from '#api/screener.ts';
import { notFound } from '#domain/errors.ts';
import { requireUser } from '../auth/authenticate.ts';
import type { Database } from '../db/schema.ts';
import { route } from '../http/contract-routes.ts';
import { pathId } from '../http/path-id.ts';
import { type NormalizedScan, normalizeScan } from '../screener/scan-definition.ts';
import { assertCanSaveScan } from '../screener/scan-limits.ts';
import { moveTarget, roleListIds } from '../screener/scan-lists.ts';
import {
  allTags,
  copyTags,
  insertScan,
  normalizedOf,
  ownScan,
  savedScanCount,
  scanOf,
  setTags,
  visibleScan,
} from '../screener/scan-store.ts';
import { assertUniverseVisible } from '../screener/universe-store.ts';
import { lockUser } from '../trades/trade-store.ts';
import type { SignedInUser } from '../users/users.ts';

/** A blank title is the default one (spec 2 §3.3). */
const titleOf = (given: string | null | undefined, fallback: string): string =>
  given === undefined || given === null ? fallback : given.trim() || DEFAULT_SCAN_TITLE;

export function scanRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }): void {
  const { db } = deps;

  /** Warnings go to the log as well as to the caller. */
  const collector = (request: FastifyRequest) => {
    const warnings: string[] = [];
    const warn = (message: string) => {
      warnings.push(message);
      request.log.warn({ warning: message }, 'scan input skipped');
    };
    return { warnings, warn };
  };

  const load = async (user: SignedInUser, id: number): Promise<Scan> => {
    const row = await visibleScan(db, user.id, id);
    if (!row) throw notFound('Scan');
    return scanOf(db, user, row);
  };

  route(app, 'scans.tags', {}, async () => allTags(db));

  route(app, 'scans.save', {}, async (request, reply, call) => {
    const user = requireUser(request);
    const input = call.body();
    const { warnings, warn } = collector(request);
    const id = await db.transaction().execute(async (trx) => {
      await lockUser(trx, user.id);
      const source = input.copyOf == null ? null : await visibleScan(trx, user.id, input.copyOf);
      if (input.copyOf != null && !source) throw notFound('Scan');
      const base: NormalizedScan | null = source ? normalizedOf(source) : null;
      const scan = normalizeScan(input, base, warn);
      await assertUniverseVisible(trx, user.id, scan.filters);
      assertCanSaveScan(
        user,
        { strategy: scan.strategy, legs: scan.definition.legs },
        await savedScanCount(trx, user.id),
      );
      const { saved } = await roleListIds(trx, user.id);
      const row = await insertScan(trx, {
        userId: user.id,
        listId: saved,
        title: titleOf(input.title, source?.title ?? DEFAULT_SCAN_TITLE),
        description: input.description ?? source?.description ?? '',
        scan,
      });
      if (source) await copyTags(trx, source.id, row.id);
      return row.id;
    });
    reply.status(201);
    return { ...(await load(user, id)), warnings };
  });

  route(app, 'scans.get', {}, async (request) => load(requireUser(request), pathId(request, 'Scan')));

  route(app, 'scans.update', {}, async (request, _reply, call) => {
    const user = requireUser(request);
    const id = pathId(request, 'Scan');
    const input = call.body();
    const { warnings, warn } = collector(request);
    await db.transaction().execute(async (trx) => {
      await lockUser(trx, user.id);
      const row = await ownScan(trx, user.id, id);
      const scan = normalizeScan(input, normalizedOf(row), warn);
      await assertUniverseVisible(trx, user.id, scan.filters);
      assertCanSaveScan(user, { strategy: scan.strategy, legs: scan.definition.legs }, null);
      await trx
        .updateTable('scans')
        .set({
          title: titleOf(input.title, row.title),
          description: input.description ?? row.description,
          strategy: scan.strategy,
          definition: JSON.stringify(scan.definition),
          filters: JSON.stringify(scan.filters),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
      // A watched scan that changed starts afresh: its next check records what it shows now,
      // rather than announcing as new the trades the user has just seen.
      await trx.updateTable('scan_watches').set({ seen: null }).where('scan_id', '=', id).execute();
    });
    return { ...(await load(user, id)), warnings };
  });

  route(app, 'scans.patch', {}, async (request, _reply, input) => {
    const user = requireUser(request);
    const id = pathId(request, 'Scan');
    const patch = input.body();
    await db.transaction().execute(async (trx) => {
      await lockUser(trx, user.id);
      const row = await ownScan(trx, user.id, id);
      const listId = patch.listId === undefined ? row.list_id : await moveTarget(trx, user.id, patch.listId);
      await trx
        .updateTable('scans')
        .set({
          title: titleOf(patch.title, row.title),
          description: patch.description ?? row.description,
          list_id: listId,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
      if (patch.tagIds !== undefined) await setTags(trx, id, patch.tagIds);
    });
    return load(user, id);
  });

  route(app, 'scans.delete', {}, async (request, reply) => {
    const user = requireUser(request);
    const id = pathId(request, 'Scan');
    await ownScan(db, user.id, id);
    // Its tags and favourite marks go with it (foreign keys cascade).
    await db.deleteFrom('scans').where('id', '=', id).where('user_id', '=', user.id).execute();
    return reply.status(204).send();
  });

  const favorite = async (request: FastifyRequest, reply: FastifyReply, marked: boolean) => {
    const user = requireUser(request);
    const id = pathId(request, 'Scan');
    if (!(await visibleScan(db, user.id, id))) throw notFound('Scan');
    if (marked) {
      await db
        .insertInto('scan_favorites')
        .values({ user_id: user.id, scan_id: id })
        .onConflict((oc) => oc.columns(['user_id', 'scan_id']).doNothing())
        .execute();
    } else {
      await db
        .deleteFrom('scan_favorites')
        .where('user_id', '=', user.id)
        .where('scan_id', '=', id)
        .execute();
    }
    return reply.status(204).send();
  };
  route(app, 'scans.favorite', {}, (request, reply) => favorite(request, reply, true));
  route(app, 'scans.unfavorite', {}, (request, reply) => favorite(request, reply, false));
}
