/**
 * The operator's system message, kept in `app_meta` so it survives restarts and is shared by
 * the server and the operator command.
 */
import type { Kysely } from 'kysely';
import type { SystemMessage } from '#api/system-message.ts';
import type { Database } from './db/schema.ts';

const KEY = 'system_message';

export async function readSystemMessage(db: Kysely<Database>): Promise<SystemMessage | null> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', KEY).executeTakeFirst();
  const value = row?.value as Partial<SystemMessage> | undefined;
  if (!value || typeof value.message !== 'string' || value.message === '') return null;
  return {
    message: value.message,
    description: typeof value.description === 'string' ? value.description : null,
    trailing: value.trailing === true,
    updatedAt: typeof value.updatedAt === 'string' ? value.updatedAt : new Date(0).toISOString(),
  };
}

/** Sets the message, or clears it with null. */
export async function writeSystemMessage(
  db: Kysely<Database>,
  message: Omit<SystemMessage, 'updatedAt'> | null,
  nowMs: number,
): Promise<SystemMessage | null> {
  if (message === null) {
    await db.deleteFrom('app_meta').where('key', '=', KEY).execute();
    return null;
  }
  const stored: SystemMessage = { ...message, updatedAt: new Date(nowMs).toISOString() };
  const value = JSON.stringify(stored);
  await db
    .insertInto('app_meta')
    .values({ key: KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: new Date() }))
    .execute();
  return stored;
}
