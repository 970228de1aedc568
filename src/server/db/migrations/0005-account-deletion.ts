import { type Kysely, sql } from 'kysely';

/**
 * Account deletion (docs/SECURITY.md):
 * - `deleted_accounts`: the (issuer, sub) of each deleted user and when, so tokens issued before
 *   the deletion are refused instead of silently creating the user again;
 * - `used_trials`: when each address's trial ended or ends, by SHA-256 of the lower-cased
 *   address (the address itself is deleted), so signing up again does not restore a used trial.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deleted_accounts')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('sub', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('deleted_accounts_pk', ['issuer', 'sub'])
    .execute();
  await db.schema
    .createTable('used_trials')
    .addColumn('email_sha256', 'text', (c) => c.primaryKey())
    .addColumn('trial_ends_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('used_trials').execute();
  await db.schema.dropTable('deleted_accounts').execute();
}
