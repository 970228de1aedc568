import type { Kysely } from 'kysely';

/**
 * `addin_tokens`: each user's one spreadsheet add-in token (docs/ADDIN.md), kept as the SHA-256
 * of the token only, so the table cannot sign anyone in; a new token replaces the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('addin_tokens')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token_sha256', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('addin_tokens').execute();
}
