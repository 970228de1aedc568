/**
 * The same migrations on a real PostgreSQL (Debian's server on a loopback port), then a
 * round trip through the API's database layer and the server's health answer.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrateToLatest, openDatabase } from '#server/db/database.ts';
import { startPostgres, type TestPostgres } from '../support/postgres.ts';
import { startTestServer } from '../support/test-server.ts';

let pg: TestPostgres;
beforeAll(async () => {
  pg = await startPostgres();
});
afterAll(() => pg?.stop());

describe('PostgreSQL backend', () => {
  test('migrations run, are idempotent, and data round-trips', async () => {
    const handle = await openDatabase({ dataDir: '/nonexistent', databaseUrl: pg.url });
    try {
      expect(handle.kind).toBe('postgres');
      const first = await migrateToLatest(handle.db);
      expect(first).toContain('0001-init');
      expect(await migrateToLatest(handle.db)).toEqual([]);
      await handle.db
        .insertInto('app_meta')
        .values({ key: 'probe', value: JSON.stringify({ n: 1 }) })
        .execute();
      const row = await handle.db
        .selectFrom('app_meta')
        .selectAll()
        .where('key', '=', 'probe')
        .executeTakeFirstOrThrow();
      expect(row.value).toEqual({ n: 1 });
      const { rows } = await sql<{ n: number }>`select count(*)::int8 as n from app_meta`.execute(handle.db);
      expect(rows[0]?.n).toBe(1);
    } finally {
      await handle.close();
    }
  });

  test('connections the database drops while idle cost nothing: the next query connects anew', async () => {
    const handle = await openDatabase({ dataDir: '/nonexistent', databaseUrl: pg.url });
    const admin = await openDatabase({ dataDir: '/nonexistent', databaseUrl: pg.url });
    try {
      // Three connections, left idle in the pool.
      await Promise.all([1, 2, 3].map((n) => sql`select pg_sleep(0.05), ${n}::int`.execute(handle.db)));
      const { rows } = await sql<{ ended: number }>`
        select count(*)::int8 as ended from (
          select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()
        ) t`.execute(admin.db);
      expect(rows[0]?.ended).toBeGreaterThanOrEqual(3);
      // The pool hears of each lost connection; an unheard one would end the test process.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const again = await sql<{ n: number }>`select 1::int8 as n`.execute(handle.db);
      expect(again.rows[0]?.n).toBe(1);
    } finally {
      await admin.close();
      await handle.close();
    }
  });

  test('the server runs on it and says so', async () => {
    const server = await startTestServer({ staticDir: null, databaseUrl: pg.url });
    try {
      const body = (await (await server.request('/api/v1/health')).json()) as { database: string };
      expect(body.database).toBe('postgres');
    } finally {
      await server.stop();
    }
  });
});
