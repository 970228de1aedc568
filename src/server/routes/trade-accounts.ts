/**
 * Trading accounts (spec 3 §5, §7, §8): list, create, rename, delete. Names are trimmed,
 * 1–256 characters, unique per user ignoring case (409 TRADE_ACCOUNT_DUPLICATE_NAME); creating
 * one beyond the plan's account limit is 422 PLAN_LIMIT_REACHED. Another user's account is 404.
 * Deleting an account deletes its trades.
 */
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { SavedTradeAccount } from '#api/trade-accounts.ts';
import { DomainError, notFound } from '#domain/errors.ts';
import { effectiveLimits, hasRoom } from '#domain/plans/plan-limits.ts';
import { requireUser } from '../auth/authenticate.ts';
import type { Database } from '../db/schema.ts';
import { route } from '../http/contract-routes.ts';
import { pathId } from '../http/path-id.ts';
import { type Db, lockUser } from '../trades/trade-store.ts';

const answer = (row: { id: number; name: string }): SavedTradeAccount => ({
  account_id: row.id,
  name: row.name,
});

async function assertUniqueName(
  db: Db,
  userId: number,
  name: string,
  exceptId: number | null,
): Promise<void> {
  let query = db
    .selectFrom('trade_accounts')
    .select('id')
    .where('user_id', '=', userId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw new DomainError('TRADE_ACCOUNT_DUPLICATE_NAME');
}

export function tradeAccountRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }): void {
  const { db } = deps;

  const rename = async (userId: number, id: number, name: string): Promise<SavedTradeAccount> => {
    const row = await db.transaction().execute(async (trx) => {
      await lockUser(trx, userId);
      await assertUniqueName(trx, userId, name, id);
      return trx
        .updateTable('trade_accounts')
        .set({ name })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning(['id', 'name'])
        .executeTakeFirst();
    });
    if (!row) throw notFound('Trading account');
    return answer(row);
  };

  route(app, 'tradeAccounts.list', {}, async (request) => {
    const user = requireUser(request);
    const rows = await db
      .selectFrom('trade_accounts')
      .select(['id', 'name'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    return rows.map(answer);
  });

  route(app, 'tradeAccounts.save', {}, async (request, _reply, input) => {
    const user = requireUser(request);
    const { account_id: given, name } = input.body();
    // The spec's single save call: an account id in the body renames that account.
    if (given != null) return rename(user.id, given, name);
    const limit = effectiveLimits(user.subscription).maxTradingAccounts;
    const row = await db.transaction().execute(async (trx) => {
      // Serializes this user's account changes, so two creates cannot both pass the limit.
      await lockUser(trx, user.id);
      const { count } = await trx
        .selectFrom('trade_accounts')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      if (!hasRoom(Number(count), limit)) throw new DomainError('PLAN_LIMIT_REACHED');
      await assertUniqueName(trx, user.id, name, null);
      return trx
        .insertInto('trade_accounts')
        .values({ user_id: user.id, name })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow();
    });
    return answer(row);
  });

  route(app, 'tradeAccounts.rename', {}, async (request, _reply, input) => {
    const user = requireUser(request);
    const id = pathId(request, 'Trading account');
    const { account_id: given, name } = input.body();
    if (given != null && given !== id) {
      throw new DomainError('VALIDATION_FAILED', {
        details: { 'body.account_id': 'Does not match the path.' },
      });
    }
    return rename(user.id, id, name);
  });

  route(app, 'tradeAccounts.delete', {}, async (request, reply) => {
    const user = requireUser(request);
    const id = pathId(request, 'Trading account');
    // Its positions and orders go with it (foreign keys cascade), in one statement.
    const result = await db
      .deleteFrom('trade_accounts')
      .where('id', '=', id)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (result.numDeletedRows === 0n) throw notFound('Trading account');
    return reply.status(204).send();
  });
}
