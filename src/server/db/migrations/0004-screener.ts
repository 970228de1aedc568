import { type Kysely, sql } from 'kysely';

/**
 * The screener's stored things (docs/SCREENER.md):
 * - `scan_lists`: the fixed lists (Saved and Favorites per user, one shared Predefined list;
 *   `role` 1, 3, 2) and the users' custom lists (no role), names unique per user ignoring case;
 * - `scans`: the users' saved scans and the gallery's samples (`user_id` null, `sample_key` set),
 *   each in one list (`list_id`); the definition as JSON, its filters in their own column so the
 *   scans using a universe can be found;
 * - `scan_tags` and `scan_tag_links`: the gallery's tags;
 * - `scan_favorites`: the scans a user marked, samples included;
 * - `universes`: users' symbol lists and the predefined ones (`user_id` null, `key` set).
 * PostgreSQL 15 compatible (`nulls not distinct` is 15+).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scan_lists')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('role', 'smallint', (c) => c.check(sql`role in (1, 2, 3)`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Predefined is shared; Saved and Favorites belong to a user.
    .addCheckConstraint('scan_lists_owner', sql`(role = 2) = (user_id is null)`)
    .execute();
  // One list per role and user (one shared Predefined list): concurrent first calls cannot
  // create two Saved lists.
  await sql`create unique index scan_lists_one_role on scan_lists (user_id, role) nulls not distinct
    where role is not null`.execute(db);
  await sql`create unique index scan_lists_user_name on scan_lists (user_id, lower(name))
    where user_id is not null`.execute(db);

  await db.schema
    .createTable('scans')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('sample_key', 'text', (c) => c.unique())
    // A custom list is deleted only after its scans moved back to Saved.
    .addColumn('list_id', 'bigint', (c) => c.notNull().references('scan_lists.id').onDelete('restrict'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('strategy', 'text', (c) => c.notNull())
    // { legs, ratio, sorting, calculationSettings, columns, narrowedToSymbol }
    .addColumn('definition', 'jsonb', (c) => c.notNull())
    // filter key → value (the filter catalogue's tagged objects)
    .addColumn('filters', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('scans_owner', sql`(user_id is null) = (sample_key is not null)`)
    .execute();
  await db.schema.createIndex('scans_user').on('scans').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('scans_list').on('scans').column('list_id').execute();

  await db.schema
    .createTable('scan_tags')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer')
    .execute();

  await db.schema
    .createTable('scan_tag_links')
    .addColumn('scan_id', 'bigint', (c) => c.notNull().references('scans.id').onDelete('cascade'))
    .addColumn('tag_id', 'bigint', (c) => c.notNull().references('scan_tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('scan_tag_links_pk', ['scan_id', 'tag_id'])
    .execute();

  await db.schema
    .createTable('scan_favorites')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scan_id', 'bigint', (c) => c.notNull().references('scans.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('scan_favorites_pk', ['user_id', 'scan_id'])
    .execute();

  await db.schema
    .createTable('universes')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.unique())
    .addColumn('name', 'text', (c) => c.notNull())
    // ["AAPL", "MSFT", …]: upper-case, no repeats, in the order given
    .addColumn('symbols', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('universes_owner', sql`(user_id is null) = (key is not null)`)
    .execute();
  await sql`create unique index universes_user_name on universes (user_id, lower(name))
    where user_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('universes').execute();
  await db.schema.dropTable('scan_favorites').execute();
  await db.schema.dropTable('scan_tag_links').execute();
  await db.schema.dropTable('scan_tags').execute();
  await db.schema.dropTable('scans').execute();
  await db.schema.dropTable('scan_lists').execute();
}
