/**
 * The gallery of sample scans: well-formed, seeded idempotently into the Predefined list, and
 * every sample finds trades on the default simulated market (the test configuration's: universe
 * S, seed 1, always open) through `POST /scans/run`, exactly as the scan page runs a loaded scan.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ScanRunAnswer } from '#api/scans.ts';
import { ListRole, SCAN_DESCRIPTION_MAX, SCAN_TITLE_MAX, type Scan } from '#api/screener-model.ts';
import { SCREENER_STRATEGY_KEYS } from '#domain/strategies/strategy-key.ts';
import { migrateToLatest, openDatabase } from '#server/db/database.ts';
import { DEFAULT_SIMULATOR_CONFIG } from '#server/market/sim-config.ts';
import { GALLERY, GALLERY_TAGS } from '#server/screener/gallery.ts';
import { sampleScan, seedScreener } from '#server/screener/seed.ts';
import { signedIn } from '../support/auth.ts';
import { call, getScan, listOf, lists } from '../support/screener.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { json } from '../support/trades.ts';

describe('the gallery', () => {
  test('at least 30 samples over most strategies, each tagged, with unique keys and titles', () => {
    expect(GALLERY.length).toBeGreaterThanOrEqual(30);
    expect(new Set(GALLERY.map((g) => g.key)).size).toBe(GALLERY.length);
    expect(new Set(GALLERY.map((g) => g.title)).size).toBe(GALLERY.length);
    const strategies = new Set(GALLERY.map((g) => g.strategy));
    expect(SCREENER_STRATEGY_KEYS.filter((k) => !strategies.has(k))).toEqual([]);
    const tagKeys = new Set(GALLERY_TAGS.map((t) => t.key));
    for (const g of GALLERY) {
      expect(g.tags.length, g.key).toBeGreaterThan(0);
      for (const t of g.tags) expect(tagKeys.has(t), `${g.key}: ${t}`).toBe(true);
      expect(g.title.length).toBeLessThanOrEqual(SCAN_TITLE_MAX);
      expect(g.description.length).toBeLessThanOrEqual(SCAN_DESCRIPTION_MAX);
    }
    // Every tag is used, so every checkbox can narrow the list.
    expect(GALLERY_TAGS.filter((t) => !GALLERY.some((g) => g.tags.includes(t.key)))).toEqual([]);
  });

  test('every sample is a valid scan: no unknown filter, column or sort key', () => {
    for (const g of GALLERY) expect(() => sampleScan(g), g.key).not.toThrow();
  });

  test('seeding is idempotent, updates samples in place and removes retired ones', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gallery-seed-'));
    const handle = await openDatabase({ dataDir, databaseUrl: null });
    try {
      const { db } = handle;
      await migrateToLatest(db);
      await seedScreener(db);
      const snapshot = () =>
        db.selectFrom('scans').select(['id', 'sample_key', 'title']).orderBy('id').execute();
      const first = await snapshot();
      expect(first.map((r) => r.sample_key)).toEqual(GALLERY.map((g) => g.key));
      await seedScreener(db);
      expect(await snapshot()).toEqual(first);

      // A changed title and a retired sample, as after a release: the next seed repairs both.
      const listId = (await db.selectFrom('scans').select('list_id').executeTakeFirstOrThrow()).list_id;
      await db
        .updateTable('scans')
        .set({ title: 'Stale' })
        .where('sample_key', '=', GALLERY[0]!.key)
        .execute();
      await db
        .insertInto('scans')
        .values({
          user_id: null,
          sample_key: 'retired',
          list_id: listId,
          title: 'Retired',
          strategy: 'long_call',
          definition: '{}',
          filters: '{}',
        })
        .execute();
      await db.deleteFrom('app_meta').where('key', '=', 'screener_seed').execute();
      await seedScreener(db);
      expect(await snapshot()).toEqual(first);
      const tags = await db.selectFrom('scan_tags').select('name').orderBy('position').execute();
      expect(tags.map((t) => t.name)).toEqual(GALLERY_TAGS.map((t) => t.name));
    } finally {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('every sample finds trades on the default simulated market', () => {
  let server: TestServer;
  let samples: Scan[];

  beforeAll(async () => {
    // The default market, at a fixed instant ten and a half hours into a session: a session
    // starts at New York midnight with no volume yet, and in its first half hour the samples'
    // option-volume filter (≥ 5,000 a day) leaves the earnings samples nothing to find, whatever
    // their design. A generous budget on a shared machine.
    server = await startTestServer(
      {
        staticDir: null,
        market: { ...DEFAULT_SIMULATOR_CONFIG, asOfMs: Date.parse('2026-03-04T15:30:00Z') },
      },
      { SCAN_TIME_BUDGET_MS: '120000' },
    );
    const alice = await signedIn(server, 'gallery@example.com');
    const predefined = listOf(await lists(alice), ListRole.Predefined);
    samples = [];
    for (const card of predefined.items) samples.push(await getScan(alice, card.id));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  test('the Predefined list holds the gallery in order, with its tags', () => {
    expect(samples.map((s) => s.title)).toEqual(GALLERY.map((g) => g.title));
    const tagName = new Map(GALLERY_TAGS.map((t) => [t.key, t.name]));
    samples.forEach((s, i) => {
      expect(s.tags.map((t) => t.name)).toEqual(
        GALLERY_TAGS.filter((t) => GALLERY[i]!.tags.includes(t.key)).map((t) => tagName.get(t.key)),
      );
    });
  });

  test.each(GALLERY.map((g) => [g.key, g.title] as const))(
    '%s',
    async (_key, title) => {
      const alice = await signedIn(server, 'gallery@example.com');
      const scan = samples.find((s) => s.title === title)!;
      const res = await call(alice, 'POST', '/scans/run', {
        strategy: scan.strategy,
        legs: scan.legs,
        ratio: scan.ratio,
        filters: scan.filters,
        sorting: scan.sorting,
        calculationSettings: scan.calculationSettings,
        columns: scan.columns,
        narrowedToSymbol: scan.narrowedToSymbol,
        page: scan.page,
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const page = await json<ScanRunAnswer>(res);
      expect(page.totalCount).toBeGreaterThan(0);
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.every((row) => row.strategy === scan.strategy)).toBe(true);
    },
    120_000,
  );
});
