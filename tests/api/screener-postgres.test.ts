/**
 * The screener on a real PostgreSQL 15, where requests run on a pool of connections at the same
 * time: two seeds at once (two servers starting on one database) leave one gallery; concurrent
 * first calls make one Saved list; concurrent saves stop at the plan's cap; concurrent list
 * creations of one name make one list; the universe-in-use query works on real jsonb.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ListRole } from '#api/screener-model.ts';
import { migrateToLatest, openDatabase } from '#server/db/database.ts';
import { GALLERY } from '#server/screener/gallery.ts';
import { seedScreener } from '#server/screener/seed.ts';
import { setPlan, signedIn } from '../support/auth.ts';
import { startPostgres, type TestPostgres } from '../support/postgres.ts';
import { call, failure, listOf, lists, saveScan, saveUniverse } from '../support/screener.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { TEST_MARKET } from '../support/trades.ts';

let pg: TestPostgres;
let server: TestServer;
beforeAll(async () => {
  pg = await startPostgres();
  // Two seeds racing on a fresh database, before any server.
  const handles = await Promise.all(
    [0, 1].map(() => openDatabase({ dataDir: '/nonexistent', databaseUrl: pg.url })),
  );
  try {
    await migrateToLatest(handles[0]!.db);
    await Promise.all(handles.map((h) => seedScreener(h.db)));
  } finally {
    await Promise.all(handles.map((h) => h.close()));
  }
  server = await startTestServer({ staticDir: null, databaseUrl: pg.url, market: TEST_MARKET });
});
afterAll(async () => {
  await server?.stop();
  await pg?.stop();
});

describe('screener on PostgreSQL', () => {
  test('one gallery after concurrent seeds', async () => {
    const alice = await signedIn(server, 'alice-pg-gallery@example.com');
    const predefined = listOf(await lists(alice), ListRole.Predefined);
    expect(predefined.items.map((c) => c.title)).toEqual(GALLERY.map((g) => g.title));
  });

  test('concurrent first calls make one Saved list; concurrent saves stop at the cap', async () => {
    const email = 'alice-pg-race@example.com';
    const alice = await signedIn(server, email);
    await setPlan(server, email, 1);
    const all = await Promise.all([lists(alice), lists(alice), lists(alice)]);
    expect(new Set(all.map((l) => listOf(l, ListRole.Saved).listId)).size).toBe(1);
    for (let i = 0; i < 95; i++) await saveScan(alice, { title: `S${i}` });
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(alice, 'POST', '/scans', {})));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 422)).toHaveLength(5);
    expect(listOf(await lists(alice), ListRole.Saved).items).toHaveLength(100);
  });

  test('concurrent creations of one list name make one list', async () => {
    const alice = await signedIn(server, 'alice-pg-lists@example.com');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(alice, 'POST', '/lists', { name: 'Same' })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  test('a universe used by a scan cannot be deleted', async () => {
    const alice = await signedIn(server, 'alice-pg-universe@example.com');
    const u = await saveUniverse(alice, 'PG', 'SPY');
    await saveScan(alice, {
      title: 'Uses PG',
      filters: { universe: { type: 'any_of', values: [u.universe_id] } },
    });
    const error = await failure(await call(alice, 'DELETE', `/universes/${u.universe_id}`), 409);
    expect(error.message).toBe('Unable to delete the universe because it is being used in scan(s): Uses PG');
  });
});
