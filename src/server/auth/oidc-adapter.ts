/**
 * oidc-provider's storage in the app's database (Kysely), so sessions, grants and pending
 * sign-ins survive a restart. One table, one row per (model, id); the secondary keys the
 * provider looks things up by (grant id, session uid, user code) are columns with indexes.
 * Expiry uses the real time (never the movable business clock).
 */
import type { Kysely } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/schema.ts';

/** Expired rows are swept after this many writes (and when the adapter is created). */
const SWEEP_EVERY = 200;

export function createOidcAdapterFactory(db: Kysely<Database>): {
  factory: (model: string) => Adapter;
  sweep(): Promise<void>;
} {
  let writes = 0;
  const sweep = async () => {
    await db.deleteFrom('oidc_payloads').where('expires_at', '<', new Date()).execute();
  };

  const factory = (model: string): Adapter => {
    const find = async (column: 'id' | 'uid' | 'user_code', value: string) => {
      const row = await db
        .selectFrom('oidc_payloads')
        .select(['payload', 'consumed_at', 'expires_at'])
        .where('model', '=', model)
        .where(column, '=', value)
        .executeTakeFirst();
      if (!row || (row.expires_at && row.expires_at.getTime() <= Date.now())) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumed_at
        ? { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) }
        : payload;
    };

    return {
      async upsert(id, payload, expiresIn) {
        const values = {
          payload: JSON.stringify(payload),
          grant_id: payload.grantId ?? null,
          uid: payload.uid ?? null,
          user_code: payload.userCode ?? null,
          expires_at: typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null,
        };
        await db
          .insertInto('oidc_payloads')
          .values({ model, id, ...values })
          .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(values))
          .execute();
        if (++writes % SWEEP_EVERY === 0) await sweep();
      },
      find: (id) => find('id', id),
      findByUid: (uid) => find('uid', uid),
      findByUserCode: (userCode) => find('user_code', userCode),
      async consume(id) {
        await db
          .updateTable('oidc_payloads')
          .set({ consumed_at: new Date() })
          .where('model', '=', model)
          .where('id', '=', id)
          .execute();
      },
      async destroy(id) {
        await db.deleteFrom('oidc_payloads').where('model', '=', model).where('id', '=', id).execute();
      },
      async revokeByGrantId(grantId) {
        // A grant's tokens of every kind go with it.
        await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
      },
    };
  };
  return { factory, sweep };
}
