import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '#server/db/database.ts';
import { DOW_30 } from '#server/screener/predefined-universes.ts';
import { seedScreener } from '#server/screener/seed.ts';
import { resolveUniverseFilter } from '#server/screener/universe-store.ts';
import { signedIn } from '../support/auth.ts';
import { call, failure, saveScan, saveUniverse, universes } from '../support/screener.ts';
import { fileServer } from '../support/test-server.ts';
import { json, startTradeServer } from '../support/trades.ts';

const api = fileServer(startTradeServer);

const PREDEFINED = ['S&P 500', 'Nasdaq-100', 'Dow 30', 'Optionable ETFs'];

describe('universes', () => {
  test('need a token', async () => {
    expect((await api.server.request('/api/v1/universes')).status).toBe(401);
  });

  test('every user has the predefined universes, read-only, after their own', async () => {
    const alice = await signedIn(api.server, 'alice-predefined@example.com');
    const all = await universes(alice);
    expect(all.map((u) => u.name)).toEqual(PREDEFINED);
    for (const u of all) expect(u).toMatchObject({ group: 'Predefined', editable: false });
    const byName = new Map(all.map((u) => [u.name, u.symbols.split(', ')]));
    expect(byName.get('Dow 30')).toEqual([...DOW_30]);
    expect(byName.get('S&P 500')!.length).toBeGreaterThan(400);
    expect(byName.get('S&P 500')).toContain('AAPL');
    expect(byName.get('Nasdaq-100')!.length).toBeGreaterThan(80);
    expect(byName.get('Optionable ETFs')).toContain('SPY');
    const mine = await saveUniverse(alice, 'Mine', 'KO');
    expect((await universes(alice)).map((u) => u.name)).toEqual(['Mine', ...PREDEFINED]);
    for (const u of all) {
      const edit = await failure(
        await call(alice, 'PATCH', `/universes/${u.universe_id}`, { name: 'X', symbols: 'SPY' }),
        422,
      );
      expect(edit).toEqual({ code: 'READ_ONLY', message: 'Predefined universes cannot be changed.' });
      const viaBody = await call(alice, 'PATCH', '/universes', {
        universe_id: u.universe_id,
        name: 'X',
        symbols: 'SPY',
      });
      expect((await failure(viaBody, 422)).code).toBe('READ_ONLY');
      expect((await failure(await call(alice, 'DELETE', `/universes/${u.universe_id}`), 422)).code).toBe(
        'READ_ONLY',
      );
    }
    expect(mine.editable).toBe(true);
  });

  test('create and edit: symbols split, upper-cased and de-duplicated; name trimmed', async () => {
    const alice = await signedIn(api.server, 'alice-universes@example.com');
    const created = await saveUniverse(alice, '  Tech  ', 'aapl, qqq;spy  AAPL');
    expect(created).toEqual({
      universe_id: expect.any(Number),
      name: 'Tech',
      group: 'My Universes',
      editable: true,
      symbols: 'AAPL, QQQ, SPY',
    });
    const res = await call(alice, 'PATCH', `/universes/${created.universe_id}`, {
      name: 'Big tech',
      symbols: ['ko', 'SPY'],
    });
    expect(res.status).toBe(200);
    await expect(json(res)).resolves.toEqual({ ...created, name: 'Big tech', symbols: 'KO, SPY' });
    // The spec's single save call: an id in the body updates that universe.
    const viaBody = await call(alice, 'PATCH', '/universes', {
      universe_id: created.universe_id,
      name: 'BIG TECH',
      symbols: 'KO',
    });
    await expect(json(viaBody)).resolves.toMatchObject({
      universe_id: created.universe_id,
      name: 'BIG TECH',
      symbols: 'KO',
    });
    expect((await universes(alice)).filter((u) => u.editable)).toHaveLength(1);
    const mismatch = await failure(
      await call(alice, 'PATCH', `/universes/${created.universe_id}`, {
        universe_id: created.universe_id + 1,
        name: 'A',
        symbols: 'KO',
      }),
      400,
    );
    expect(mismatch.details).toEqual({ 'body.universe_id': 'Does not match the path.' });
  });

  test('name and symbols are required; symbols must be listed; names unique ignoring case', async () => {
    const alice = await signedIn(api.server, 'alice-universe-rules@example.com');
    await saveUniverse(alice, 'Income', 'KO');
    const cases: [unknown, string, string][] = [
      [{ name: '  ', symbols: 'KO' }, 'body.name', 'Name is required.'],
      [{ name: 'A', symbols: ' ,; ' }, 'body.symbols', 'Symbols are required.'],
      [{ name: 'A', symbols: [] }, 'body.symbols', 'Symbols are required.'],
      [{ name: 'A', symbols: 'KO, NOPE, ZZZZ' }, 'body.symbols', 'Unknown symbols: NOPE, ZZZZ'],
      [{ name: 'x'.repeat(101), symbols: 'KO' }, 'body.name', 'Name can have at most 100 characters.'],
      [
        { name: 'A', symbols: Array.from({ length: 2001 }, (_, i) => `S${i}`).join(',') },
        'body.symbols',
        'A universe can hold at most 2000 symbols.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const error = await failure(await call(alice, 'PATCH', '/universes', body), 400);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details?.[field]).toBe(message);
    }
    expect(
      (await failure(await call(alice, 'PATCH', '/universes', { name: 'A' }), 400)).details,
    ).toHaveProperty('body.symbols');
    for (const name of ['income', ' INCOME ', 's&p 500']) {
      expect(await failure(await call(alice, 'PATCH', '/universes', { name, symbols: 'SPY' }), 409)).toEqual({
        code: 'UNIVERSE_DUPLICATE_NAME',
        message: "Universes' names have to be unique. Please choose a different name.",
      });
    }
    const other = await saveUniverse(alice, 'Other', 'SPY');
    expect(
      (
        await failure(
          await call(alice, 'PATCH', `/universes/${other.universe_id}`, { name: 'INCOME', symbols: 'SPY' }),
          409,
        )
      ).code,
    ).toBe('UNIVERSE_DUPLICATE_NAME');
    // Another user may use the name.
    const bob = await signedIn(api.server, 'bob-universe-rules@example.com');
    expect((await saveUniverse(bob, 'Income', 'KO')).name).toBe('Income');
  });

  test('delete: refused while scans use it, naming them; then gone', async () => {
    const alice = await signedIn(api.server, 'alice-universe-delete@example.com');
    const u = await saveUniverse(alice, 'Used', 'SPY KO');
    const filters = { universe: { type: 'any_of', values: [u.universe_id] } };
    const first = await saveScan(alice, { title: 'Weekly puts', filters });
    const second = await saveScan(alice, { title: 'Condors', strategy: 'iron_condor', filters });
    await saveScan(alice, { title: 'Unrelated' });
    const error = await failure(await call(alice, 'DELETE', `/universes/${u.universe_id}`), 409);
    expect(error).toEqual({
      code: 'UNIVERSE_USED_IN_SCANS',
      message: 'Unable to delete the universe because it is being used in scan(s): Weekly puts, Condors',
    });
    await call(alice, 'DELETE', `/scans/${first.id}`);
    await call(alice, 'PUT', `/scans/${second.id}`, { filters: {} });
    expect((await call(alice, 'DELETE', `/universes/${u.universe_id}`)).status).toBe(204);
    expect((await universes(alice)).some((x) => x.universe_id === u.universe_id)).toBe(false);
    expect((await call(alice, 'DELETE', `/universes/${u.universe_id}`)).status).toBe(404);
  });

  test("another user's universes are not found", async () => {
    const alice = await signedIn(api.server, 'alice-universe-isolation@example.com');
    const bob = await signedIn(api.server, 'bob-universe-isolation@example.com');
    const u = await saveUniverse(alice, 'Secret', 'AAPL');
    expect((await universes(bob)).map((x) => x.name)).toEqual(PREDEFINED);
    const edit = { name: 'Mine', symbols: 'KO' };
    expect((await failure(await call(bob, 'PATCH', `/universes/${u.universe_id}`, edit), 404)).code).toBe(
      'NOT_FOUND',
    );
    expect(
      (await failure(await call(bob, 'PATCH', '/universes', { ...edit, universe_id: u.universe_id }), 404))
        .code,
    ).toBe('NOT_FOUND');
    expect((await failure(await call(bob, 'DELETE', `/universes/${u.universe_id}`), 404)).code).toBe(
      'NOT_FOUND',
    );
    for (const path of ['/universes/0', '/universes/abc'])
      expect((await call(bob, 'DELETE', path)).status).toBe(404);
    expect((await universes(alice)).find((x) => x.universe_id === u.universe_id)?.name).toBe('Secret');
  });
});

describe('resolving the universe filter before a scan runs', () => {
  let dataDir: string;
  let handle: DatabaseHandle;
  let userId: number;
  let own: number;
  let other: number;
  let dow: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'universe-filter-'));
    handle = await openDatabase({ dataDir, databaseUrl: null });
    await migrateToLatest(handle.db);
    await seedScreener(handle.db);
    const user = (email: string) =>
      handle.db
        .insertInto('users')
        .values({
          issuer: 'test',
          sub: email,
          email,
          trial_ends_at: new Date(),
          plan_id: null,
          period_end: null,
          processor: null,
          settings: '{}',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    userId = (await user('a@example.com')).id;
    const otherUser = (await user('b@example.com')).id;
    const universe = async (owner: number, symbols: string[]) =>
      (
        await handle.db
          .insertInto('universes')
          .values({ user_id: owner, name: `U${symbols.join('')}`, symbols: JSON.stringify(symbols) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    own = await universe(userId, ['SPY', 'KO', 'AAPL']);
    other = await universe(otherUser, ['QQQ']);
    dow = (
      await handle.db
        .selectFrom('universes')
        .select('id')
        .where('key', '=', 'dow30')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await handle?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const universe = (id: number) => ({ type: 'any_of', values: [id] });

  test('the universe becomes the symbols to include', async () => {
    const total = { type: 'range', min: 1, max: null };
    await expect(
      resolveUniverseFilter(handle.db, userId, { universe: universe(own), total_vol: total }),
    ).resolves.toEqual({
      include_symbols: { type: 'any_of', values: ['SPY', 'KO', 'AAPL'] },
      total_vol: total,
    });
    const resolved = await resolveUniverseFilter(handle.db, userId, { universe: universe(dow) });
    expect(resolved.include_symbols).toEqual({ type: 'any_of', values: [...DOW_30] });
  });

  test('with symbols to include as well, a ticker must be in both', async () => {
    const include = { type: 'any_of', values: ['KO', 'MSFT', 'SPY'] };
    await expect(
      resolveUniverseFilter(handle.db, userId, { universe: universe(own), include_symbols: include }),
    ).resolves.toEqual({ include_symbols: { type: 'any_of', values: ['SPY', 'KO'] } });
    const none = await resolveUniverseFilter(handle.db, userId, {
      universe: universe(own),
      include_symbols: { type: 'any_of', values: ['MSFT'] },
      exclude_symbols: { type: 'none_of', values: ['TSLA'] },
    });
    expect(none).toEqual({
      include_symbols: { type: 'any_of', values: ['SPY', 'KO', 'AAPL'] },
      exclude_symbols: { type: 'none_of', values: ['TSLA', 'SPY', 'KO', 'AAPL'] },
    });
  });

  test('without a universe the filters are unchanged; an unknown or foreign one is VALIDATION_FAILED (400)', async () => {
    const filters = { include_symbols: { type: 'any_of', values: ['KO'] }, universe: null };
    await expect(resolveUniverseFilter(handle.db, userId, filters)).resolves.toEqual({
      include_symbols: { type: 'any_of', values: ['KO'] },
    });
    await expect(
      resolveUniverseFilter(handle.db, userId, { universe: { type: 'any_of', values: [] } }),
    ).resolves.toEqual({});
    for (const id of [other, 999_999]) {
      await expect(
        resolveUniverseFilter(handle.db, userId, { universe: universe(id) }),
      ).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { 'filters.universe': 'Unknown universe.' },
      });
    }
  });
});
