/**
 * Scan lists (spec 2 §2.1, §3.4, §5; docs/API.md "Screener"): the lists with their scans, and
 * the user's own lists: create, rename, delete (their scans go back to Saved). Names are trimmed,
 * not blank (400 LIST_EMPTY_NAME) and unique per user ignoring case (409 LIST_DUPLICATE_NAME);
 * the fixed lists cannot be renamed or deleted (422 READ_ONLY); another user's list is 404.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { requireUser } from '../auth/authenticate.ts';
import type { Database } from '../db/schema.ts';
import { route } from '../http/contract-routes.ts';
import { pathId } from '../http/path-id.ts';
import { createList, deleteList, listsFor, renameList } from '../screener/scan-lists.ts';
import { lockUser } from '../trades/trade-store.ts';

export function scanListRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }): void {
  const { db } = deps;

  route(app, 'lists.list', {}, async (request, _reply, input) => {
    const user = requireUser(request);
    const { includeCustomLists } = input.query();
    const includeCustom = includeCustomLists === 'true' || includeCustomLists === '1';
    return { lists: await listsFor(db, user, includeCustom) };
  });

  route(app, 'lists.create', {}, async (request, reply, input) => {
    const user = requireUser(request);
    const { name } = input.body();
    const list = await db.transaction().execute(async (trx) => {
      // Serializes the user's list changes: two creates of one name cannot both pass the check.
      await lockUser(trx, user.id);
      return createList(trx, user.id, name);
    });
    reply.status(201);
    return list;
  });

  route(app, 'lists.rename', {}, async (request, _reply, input) => {
    const user = requireUser(request);
    const id = pathId(request, 'List');
    const { name } = input.body();
    return db.transaction().execute(async (trx) => {
      await lockUser(trx, user.id);
      return renameList(trx, user.id, id, name);
    });
  });

  route(app, 'lists.delete', {}, async (request, reply) => {
    const user = requireUser(request);
    const id = pathId(request, 'List');
    await db.transaction().execute(async (trx) => {
      await lockUser(trx, user.id);
      await deleteList(trx, user.id, id);
    });
    return reply.status(204).send();
  });
}
