import { type Kysely, sql } from 'kysely';

/**
 * Scan watching (docs/WATCHING.md): `scan_watches`, one row per scan a user watches (their own or
 * a sample), with what its last check saw; `push_subscriptions`, the browsers a user asked to get
 * alerts on (Web Push), one row per push endpoint.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scan_watches')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scan_id', 'bigint', (c) => c.notNull().references('scans.id').onDelete('cascade'))
    // An error code when the watch failed (WATCHING_TOO_EXPENSIVE): the scan is no longer checked.
    .addColumn('error', 'text')
    // The trade ids of the scan's top results at the last check; null before the first.
    .addColumn('seen', 'jsonb')
    .addColumn('checked_at', 'timestamptz')
    .addColumn('alerted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('scan_watches_pk', ['user_id', 'scan_id'])
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('endpoint', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.dropTable('scan_watches').execute();
}
