/**
 * The spreadsheet add-in's tokens (docs/ADDIN.md): one per user, `osa_` and 32 random bytes
 * (base64url). Only the token's SHA-256 is stored, so the table signs no one in; a new token
 * replaces the old one, which stops working at once. A token is looked up by its hash (the
 * database compares digests, so no timing leaks the token itself).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AddinTokenAnswer, AddinTokenState } from '#api/addin.ts';
import type { Database } from '../db/schema.ts';
import type { UserRow } from '../users/users.ts';

/** What tells an add-in token from a sign-in token at a glance (and in a leaked-secret scan). */
const ADDIN_TOKEN_PREFIX = 'osa_';

/** `last_used_at` is written at most this often, so a sheet recalculating does not write each time. */
const LAST_USE_RESOLUTION_MS = 60_000;

export const isAddinToken = (token: string): boolean => token.startsWith(ADDIN_TOKEN_PREFIX);

const digestOf = (token: string): string => createHash('sha256').update(token).digest('hex');

const isoOrNull = (date: Date | null): string | null => date?.toISOString() ?? null;

/** Makes the user's token, replacing any earlier one; the answer is the only time it is shown. */
export async function newAddinToken(
  db: Kysely<Database>,
  userId: number,
  nowMs: number,
): Promise<AddinTokenAnswer> {
  const token = `${ADDIN_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const createdAt = new Date(nowMs);
  const row = { token_sha256: digestOf(token), created_at: createdAt, last_used_at: null };
  await db
    .insertInto('addin_tokens')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
  return { token, createdAt: createdAt.toISOString() };
}

export async function addinTokenState(db: Kysely<Database>, userId: number): Promise<AddinTokenState> {
  const row = await db
    .selectFrom('addin_tokens')
    .select(['created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return {
    exists: row !== undefined,
    createdAt: isoOrNull(row?.created_at ?? null),
    lastUsedAt: isoOrNull(row?.last_used_at ?? null),
  };
}

/** Revokes the user's token; nothing to do without one. */
export async function revokeAddinToken(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('addin_tokens').where('user_id', '=', userId).execute();
}

/** The user whose token this is, noting its use; undefined for a token that is not (or no longer) one. */
export async function userForAddinToken(
  db: Kysely<Database>,
  token: string,
  nowMs: number,
): Promise<UserRow | undefined> {
  const digest = digestOf(token);
  const found = await db
    .selectFrom('addin_tokens')
    .innerJoin('users', 'users.id', 'addin_tokens.user_id')
    .selectAll('users')
    .select('addin_tokens.last_used_at as token_last_used_at')
    .where('addin_tokens.token_sha256', '=', digest)
    .executeTakeFirst();
  if (!found) return undefined;
  const { token_last_used_at: lastUsed, ...user } = found;
  const sinceUse = nowMs - (lastUsed?.getTime() ?? Number.NEGATIVE_INFINITY);
  // A clock set back (outside production) must not leave a date in the future.
  if (sinceUse >= LAST_USE_RESOLUTION_MS || sinceUse < 0)
    await db
      .updateTable('addin_tokens')
      .set({ last_used_at: new Date(nowMs) })
      .where('token_sha256', '=', digest)
      .execute();
  return user;
}
