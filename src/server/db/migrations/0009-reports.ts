import { type Kysely, sql } from 'kysely';

/**
 * E-mailed reports (docs/REPORTS.md): `report_subscriptions`, the frequencies each user gets each
 * report at; `report_runs`, each scheduled send that went out (a frequency and its period), so a
 * restart or a second check never sends a period twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('report_subscriptions')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('report', 'text', (c) => c.notNull())
    .addColumn('frequencies', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_subscriptions_pk', ['user_id', 'report'])
    .execute();
  await db.schema
    .createTable('report_runs')
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('report_runs_pk', ['frequency', 'period'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('report_runs').execute();
  await db.schema.dropTable('report_subscriptions').execute();
}
