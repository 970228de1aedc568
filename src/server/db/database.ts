/**
 * Opens the database: PGlite (PostgreSQL compiled to WASM) in `DATA_DIR/db` by default,
 * or a real PostgreSQL when `DATABASE_URL` is set. Same SQL, same migrations.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly kind: DatabaseKind;
  close(): Promise<void>;
}

// int8 (OID 20) and numeric (1700) come back as strings from `pg` and as numbers (or BigInt)
// from PGlite; parse both to numbers so the two backends behave alike. Counts and ids stay
// far below 2^53.
const INT8 = 20;
const NUMERIC = 1700;
pg.types.setTypeParser(INT8, (v: string) => Number(v));
pg.types.setTypeParser(NUMERIC, (v: string) => Number(v));

export async function openDatabase(opts: {
  dataDir: string;
  databaseUrl: string | null;
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server drops (a restart, an administrator's termination) is reported
    // here; the pool discards it and the next query connects anew. Without a listener Node treats
    // the event as an uncaught exception and the whole process exits.
    pool.on('error', (err) => console.warn('database connection lost while idle:', err.message));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const dir = join(opts.dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  const lite = await PGlite.create(dir, {
    parsers: { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => Number(v) },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: () => Promise.resolve(lite) }) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      if (!lite.closed) await lite.close();
    },
  };
}

/** Brings the schema to the latest migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${cause}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}
