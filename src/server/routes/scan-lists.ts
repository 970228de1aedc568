/**
 * Scan lists (spec 2 §2.1, §3.4, §5; docs/API.md "Screener"): the lists with their scans, and
 * the user's own lists: create, rename, delete (their scans go back to Saved). Names are trimmed,
 * not blank (400 LIST_EMPTY_NAME) and unique per user ignoring case (409 LIST_DUPLICATE_NAME);
 * the fixed lists cannot be renamed or deleted (422 READ_ONLY); another user's list is 404.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { type ListsAnswer, listNameSchema, listsQuerySchema, type SavedList } from '#api/screener.ts';
import { requireUser } from '../auth/authenticate.ts';
import type { Database } from '../db/schema.ts';
import { parseInput } from '../http/errors.ts';
import { pathId } from '../http/path-id.ts';
import { createList, deleteList, listsFor, renameList } from '../screener/scan-lists.ts';
import { lockUser } from '../trades/trade-store.ts';

export function scanListRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }): void {
  const { db } = deps;

  app.get('/lists', async (request): Promise<ListsAnswer> => {
    const user = requireUser(request);
    const { includeCustomLists } = parseInput(listsQuerySchema, request.query, 'query');
    const includeCustom = includeCustomLists === 'true' || includeCustomLists === '1';
    return { lists: await listsFor(db, user, includeCustom) };
  });

  app.post('/lists', async (request, reply): Promise<SavedList> => {
    const user = requireUser(request);
    const { name } = parseInput(listNameSchema, request.body);
    const list = await db.transaction().execute(async (trx) => {
      // Serializes the user's list changes: two creates of one name cannot both pass the check.
      await lockUser(trx, user.id);
      return createList(trx, user.id, name);
    });
    reply.status(201);
    return list;
  });

  app.patch('/lists/:id', async (request): Promise<SavedList> => {
    const user = requireUser(request);
    const id = pathId(request, 'List');
    const { name } = parseInput(listNameSchema, request.body);
    return db.transaction().execute(async (trx) => {
      await lockUser(trx, user.id);
      return renameList(trx, user.id, id, name);
    });
  });

  app.delete('/lists/:id', async (request, reply) => {
    const user = requireUser(request);
    const id = pathId(request, 'List');
    await db.transaction().execute(async (trx) => {
      await lockUser(trx, user.id);
      await deleteList(trx, user.id, id);
    });
    return reply.status(204).send();
  });
}
