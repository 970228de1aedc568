/**
 * A user deletes their account (`DELETE /account`, docs/SECURITY.md). In one transaction:
 * their saved scans, lists, universes, trading accounts, positions and orders go (by the
 * database's cascades from `users`), the user row goes, and so does the embedded issuer's
 * identity with its sessions and grants. Two facts stay, neither naming the person: the
 * (issuer, sub) with the deletion time, so tokens issued before it are refused, and the trial's
 * end under a SHA-256 of the address, so signing up again does not start a new trial.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { emailDigest, userIdentityKey } from './users.ts';

/**
 * Deletes the user `userId` (nothing when already gone). The deletion is stamped with the real
 * time, not the business clock: it is compared with tokens' `iat`, which is real time.
 */
export async function deleteAccount(
  db: Kysely<Database>,
  userId: number,
  opts: { embeddedIssuer: string | null },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'issuer', 'sub', 'email', 'trial_ends_at'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!user) return;
    // Scans reference their list with `restrict`: remove them before the cascade reaches lists.
    await trx.deleteFrom('scans').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('users').where('id', '=', user.id).execute();
    const deletedAt = new Date();
    await trx
      .insertInto('deleted_accounts')
      .values({ ...userIdentityKey(user), deleted_at: deletedAt })
      .onConflict((oc) => oc.columns(['issuer', 'sub']).doUpdateSet({ deleted_at: deletedAt }))
      .execute();
    // The earliest trial end ever recorded for the address wins.
    await trx
      .insertInto('used_trials')
      .values({ email_sha256: emailDigest(user.email), trial_ends_at: user.trial_ends_at })
      .onConflict((oc) =>
        oc
          .column('email_sha256')
          .doUpdateSet({ trial_ends_at: sql`least(used_trials.trial_ends_at, excluded.trial_ends_at)` }),
      )
      .execute();
    if (user.issuer === opts.embeddedIssuer) {
      await trx.deleteFrom('identities').where('id', '=', user.sub).execute();
      // Sessions and grants of the embedded issuer name the account in their payload.
      await trx
        .deleteFrom('oidc_payloads')
        .where(sql<string>`payload->>'accountId'`, '=', user.sub)
        .execute();
    }
  });
}
