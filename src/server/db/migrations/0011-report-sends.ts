import { type Kysely, sql } from 'kysely';

/**
 * Report sends recorded per recipient (docs/REPORTS.md): `report_sends` holds each (user, report,
 * period) e-mailed, so a send that failed for one recipient is tried again at the next check while
 * the period's window is open, and nobody gets a period twice. It replaces `report_runs`, which
 * recorded a period as sent before its e-mails went out, so a failure lost the rest of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('report_sends')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('report', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('report_sends_pk', ['user_id', 'report', 'period'])
    .execute();
  await db.schema.dropTable('report_runs').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('report_runs')
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('report_runs_pk', ['frequency', 'period'])
    .execute();
  await db.schema.dropTable('report_sends').execute();
}
