import { type Kysely, sql } from 'kysely';

/**
 * Sign-in and accounts:
 * - `identities`: e-mail + password accounts of the embedded OpenID issuer (its users, not ours);
 * - `oidc_payloads`: the issuer's sessions, grants and interactions, so they survive restarts;
 * - `users`: the app's users, one per (issuer, sub), with their subscription and settings.
 * PostgreSQL 15 compatible (gen_random_uuid is core since 13).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identities')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // Stored lower-cased; the unique index makes "one account per address" hold under races.
    .addColumn('email', 'text', (c) => c.notNull().unique())
    // scrypt; null for accounts the operator created (they sign in through `ops token` only).
    .addColumn('password_hash', 'text')
    .addColumn('given_name', 'text', (c) => c.notNull())
    .addColumn('family_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('oidc_payloads')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('uid', 'text')
    .addColumn('user_code', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .addPrimaryKeyConstraint('oidc_payloads_pk', ['model', 'id'])
    .execute();
  await db.schema.createIndex('oidc_payloads_grant_id').on('oidc_payloads').column('grant_id').execute();
  await db.schema.createIndex('oidc_payloads_uid').on('oidc_payloads').column('uid').execute();
  await db.schema.createIndex('oidc_payloads_user_code').on('oidc_payloads').column('user_code').execute();
  await db.schema.createIndex('oidc_payloads_expires_at').on('oidc_payloads').column('expires_at').execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    // The public id handed to the payment store; never the sequential one.
    .addColumn('guid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('sub', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Subscription: the stored status moves with time on read (trial → ended, cancelled → ended).
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('plan_id', 'smallint')
    .addColumn('trial_ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('period_end', 'timestamptz')
    .addColumn('cancelled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('processor', 'text')
    // false until GET /account/subscription has answered `signup: true` once.
    .addColumn('signup_reported', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addUniqueConstraint('users_issuer_sub', ['issuer', 'sub'])
    .execute();
  await db.schema.createIndex('users_email').on('users').column('email').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('users').execute();
  await db.schema.dropTable('oidc_payloads').execute();
  await db.schema.dropTable('identities').execute();
}
