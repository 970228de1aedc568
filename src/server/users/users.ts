/**
 * The app's users, one per (issuer, sub). A user appears on their first API call with a
 * valid token and starts a 14-day trial; the e-mail and names follow the token's claims.
 */
import { createHash } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { SubscriptionStatus } from '#domain/plans/subscription-status.ts';
import type { VerifiedIdentity } from '../auth/token-verifier.ts';
import type { Database, UsersTable } from '../db/schema.ts';
import { type Subscription, subscriptionAt, trialEndFor } from './subscription.ts';

export type UserRow = Selectable<UsersTable>;

/** The signed-in user every authenticated route gets as `request.user`. */
export interface SignedInUser {
  /** Database id: scope every per-user query with it. */
  readonly id: number;
  /** Public id (payment store, support). */
  readonly guid: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly name: string;
  /** At the server clock's "now" of this request. */
  readonly subscription: Subscription;
}

export function signedInUser(row: UserRow, nowMs: number): SignedInUser {
  return {
    id: row.id,
    guid: row.guid,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    name: row.name,
    subscription: subscriptionAt(row, nowMs),
  };
}

/** Who a user is at their provider: the key of `users` and of `deleted_accounts`. */
export const userIdentityKey = (user: { readonly issuer: string; readonly sub: string }) => ({
  issuer: user.issuer,
  sub: user.sub,
});

/** The key of `used_trials`: the address itself is not kept once its account is deleted. */
export const emailDigest = (email: string): string =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** A token of a deleted account, issued before the deletion. */
export class DeletedAccountError extends Error {
  override readonly name = 'DeletedAccountError';
}

/**
 * The user behind a verified token, created on first sight (trial from `nowMs`, or what is left
 * of the address's earlier trial: account-deletion.ts). A token issued before its account was
 * deleted creates nothing: DeletedAccountError. Concurrent first calls are safe: the insert
 * yields to the unique (issuer, sub) key.
 */
export async function userForIdentity(
  db: Kysely<Database>,
  identity: VerifiedIdentity,
  nowMs: number,
): Promise<UserRow> {
  const found = await db
    .selectFrom('users')
    .selectAll()
    .where('issuer', '=', identity.issuer)
    .where('sub', '=', identity.sub)
    .executeTakeFirst();
  const profile = {
    email: identity.email,
    first_name: identity.givenName,
    last_name: identity.familyName,
    name: identity.name,
  };
  if (found) {
    const changed = (Object.keys(profile) as (keyof typeof profile)[]).some((k) => found[k] !== profile[k]);
    if (!changed) return found;
    return db
      .updateTable('users')
      .set(profile)
      .where('id', '=', found.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  const deleted = await db
    .selectFrom('deleted_accounts')
    .select('deleted_at')
    .where('issuer', '=', identity.issuer)
    .where('sub', '=', identity.sub)
    .executeTakeFirst();
  if (deleted && identity.issuedAtMs <= deleted.deleted_at.getTime())
    throw new DeletedAccountError('the token was issued before the account was deleted');
  const usedTrial = await db
    .selectFrom('used_trials')
    .select('trial_ends_at')
    .where('email_sha256', '=', emailDigest(identity.email))
    .executeTakeFirst();
  const trialEnd = Math.min(
    trialEndFor(nowMs),
    usedTrial?.trial_ends_at.getTime() ?? Number.POSITIVE_INFINITY,
  );
  await db
    .insertInto('users')
    .values({
      issuer: identity.issuer,
      sub: identity.sub,
      ...profile,
      status: SubscriptionStatus.Trial,
      trial_ends_at: new Date(trialEnd),
    })
    .onConflict((oc) => oc.columns(['issuer', 'sub']).doNothing())
    .execute();
  return db
    .selectFrom('users')
    .selectAll()
    .where('issuer', '=', identity.issuer)
    .where('sub', '=', identity.sub)
    .executeTakeFirstOrThrow();
}

export function userByEmail(
  db: Kysely<Database>,
  issuer: string,
  email: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('issuer', '=', issuer)
    .where('email', '=', email)
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * Answers true exactly once per user: the first time the app loads the subscription after
 * sign-up (it records the sign-up page view then).
 */
export async function takeSignupFlag(db: Kysely<Database>, userId: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ signup_reported: true })
    .where('id', '=', userId)
    .where('signup_reported', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
