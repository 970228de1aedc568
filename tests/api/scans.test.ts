import { describe, expect, test } from 'vitest';
import type { SubscriptionAnswer } from '#api/account.ts';
import { DEFAULT_SCAN_TITLE, ListRole, type Scan, type ScanTag } from '#api/screener-model.ts';
import { defaultColumns } from '#domain/columns/default-columns.ts';
import { PLAN_LIMIT_MESSAGES } from '#domain/errors.ts';
import { STRATEGIES } from '#domain/strategies/catalogue.ts';
import { type SignedInClient, setPlan, signedIn } from '../support/auth.ts';
import {
  call,
  failure,
  GALLERY_TAG_NAMES,
  getScan,
  listOf,
  lists,
  saveScan,
  saveUniverse,
} from '../support/screener.ts';
import { fileServer } from '../support/test-server.ts';
import { json, startTradeServer } from '../support/trades.ts';

const api = fileServer(startTradeServer);

const sampleOf = async (client: SignedInClient, key?: (s: Scan) => boolean): Promise<Scan> => {
  const predefined = listOf(await lists(client), ListRole.Predefined);
  const card = predefined.items.find((c) => !key || key(c as Scan)) ?? predefined.items[0]!;
  return getScan(client, card.id);
};

describe('saving scans', () => {
  test('need a token', async () => {
    expect((await api.server.request('/api/v1/scans', { method: 'POST' })).status).toBe(401);
    expect((await api.server.request('/api/v1/scans/1')).status).toBe(401);
  });

  test('an empty save is the default new scan: covered call, its defaults, Untitled Scan, in Saved', async () => {
    const alice = await signedIn(api.server, 'alice-default@example.com');
    const scan = await saveScan(alice);
    const cc = STRATEGIES.covered_call;
    expect(scan).toMatchObject({
      title: DEFAULT_SCAN_TITLE,
      description: '',
      strategy: 'covered_call',
      isSample: false,
      isFavorite: false,
      legs: null,
      ratio: null,
      filters: cc.defaultFilters,
      sorting: cc.defaultSorting,
      calculationSettings: cc.calculationSettings,
      columns: defaultColumns(Object.keys(cc.defaultFilters)),
      narrowedToSymbol: null,
      page: 0,
      tags: [],
      watch: { status: false, maxCount: 20, usedCount: 0 },
      warnings: [],
    });
    expect(Date.parse(scan.createDate)).toBeGreaterThan(Date.now() - 60_000);
    const saved = listOf(await lists(alice), ListRole.Saved);
    expect(scan.listId).toBe(saved.listId);
    expect(saved.items.map((c) => c.id)).toEqual([scan.id]);
    const { warnings: _w, ...stored } = scan;
    await expect(getScan(alice, scan.id)).resolves.toEqual(stored);
  });

  test('a new strategy starts from its defaults; given fields are kept, normalised', async () => {
    const alice = await signedIn(api.server, 'alice-fields@example.com');
    const scan = await saveScan(alice, {
      strategy: 'iron_condor',
      title: '  Condors  ',
      description: 'Monthly income',
      filters: {
        total_vol: { type: 'range', min: 1000.4, max: null },
        include_symbols: { type: 'any_of', values: 'spy, qqq spy' },
      },
      sorting: [['prob_profit', 'desc']],
      calculationSettings: { bid_ask_level: 0 },
      columns: ['underlying', 'strike'],
      narrowedToSymbol: 'SPY',
      page: 3,
      cacheId: 'abcdefgh12',
    });
    expect(scan).toMatchObject({
      title: 'Condors',
      description: 'Monthly income',
      strategy: 'iron_condor',
      filters: {
        total_vol: { type: 'range', min: 1000, max: null },
        include_symbols: { type: 'any_of', values: ['SPY', 'QQQ'] },
      },
      sorting: [['prob_profit', 'desc']],
      calculationSettings: { bid_ask_level: 0 },
      columns: ['underlying', 'strike'],
      narrowedToSymbol: 'SPY',
      page: 0,
    });
    const ratio = await saveScan(alice, { strategy: 'put_ratio_spread', ratio: { long: 2, short: 3 } });
    expect(ratio.ratio).toEqual({ long: 2, short: 3 });
    expect(ratio.filters).toEqual(STRATEGIES.put_ratio_spread.defaultFilters);
  });

  test('unknown filters, columns and sort keys are skipped with a warning', async () => {
    const alice = await signedIn(api.server, 'alice-warnings@example.com');
    const scan = await saveScan(alice, {
      strategy: 'long_call',
      filters: {
        retired_filter: { type: 'range', min: 1, max: 2 },
        total_vol: null,
        delta: { type: 'range', min: 0.3, max: null },
      },
      columns: ['underlying', 'no_such_column'],
      sorting: [
        ['no_such_key', 'asc'],
        ['delta', 'desc'],
      ],
    });
    expect(scan.filters).toEqual({ delta: { type: 'range', min: 0.3, max: null } });
    expect(scan.columns).toEqual(['underlying']);
    expect(scan.sorting).toEqual([['delta', 'desc']]);
    expect(scan.warnings).toEqual([
      'Unknown filter retired_filter skipped.',
      'Unknown sort column no_such_key skipped.',
      'Unknown column no_such_column skipped.',
    ]);
  });

  test('malformed values are refused naming the field', async () => {
    const alice = await signedIn(api.server, 'alice-malformed@example.com');
    const cases: [unknown, string][] = [
      [{ filters: { total_vol: { type: 'range', min: 'many', max: null } } }, 'body.filters.total_vol'],
      [{ filters: { total_vol: { type: 'boolean', value: true } } }, 'body.filters.total_vol'],
      [
        { filters: { leg_delta_9: { type: 'leg_delta', mode: 'range', min: 0.1, max: 0.2 } } },
        'body.filters.leg_delta_9',
      ],
      [{ calculationSettings: { bid_ask_level: 0.3 } }, 'body.calculationSettings.bid_ask_level'],
      [{ strategy: 'long_banana' }, 'body.strategy'],
      [{ sorting: [['delta', 'up']] }, 'body.sorting.0.1'],
      [
        {
          sorting: [
            ['delta', 'asc'],
            ['gamma', 'asc'],
            ['vega', 'asc'],
          ],
        },
        'body.sorting',
      ],
      [{ title: 'x'.repeat(251) }, 'body.title'],
      [{ description: 'x'.repeat(501) }, 'body.description'],
      [{ colour: 'red' }, 'body.colour'],
    ];
    for (const [body, field] of cases) {
      const error = await failure(await call(alice, 'POST', '/scans', body), 400);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.details ?? {})).toContain(field);
    }
    // The limits themselves are fine.
    const longest = await saveScan(alice, { title: 'x'.repeat(250), description: 'y'.repeat(500) });
    expect(longest.title).toHaveLength(250);
  });

  test('custom legs and ratio counts must form the strategy (422 INVALID_STRATEGY_LEGS)', async () => {
    const alice = await signedIn(api.server, 'alice-legs@example.com');
    const custom = await saveScan(alice, {
      strategy: 'custom',
      legs: [
        { kind: 'stock', quantity: 100 },
        { kind: 'option', right: 'CALL', quantity: -1 },
      ],
    });
    expect(custom.legs).toEqual([
      { kind: 'stock', quantity: 100 },
      { kind: 'option', right: 'CALL', quantity: -1 },
    ]);
    const twoStocks = await failure(
      await call(alice, 'POST', '/scans', {
        strategy: 'custom',
        legs: [
          { kind: 'stock', quantity: 100 },
          { kind: 'stock', quantity: -100 },
          { kind: 'option', right: 'CALL', quantity: 1 },
        ],
      }),
      422,
    );
    expect(twoStocks).toMatchObject({
      code: 'INVALID_STRATEGY_LEGS',
      details: { legs: 'Only one stock leg is allowed.' },
    });
    const ratio = await failure(
      await call(alice, 'POST', '/scans', { strategy: 'call_ratio_spread', ratio: { long: 3, short: 2 } }),
      422,
    );
    expect(ratio.details?.legs).toBe(
      'The number of the Long options must be less than the number of the Short options.',
    );
  });

  test('update: the definition is replaced, what is not given is kept; a new strategy resets to its defaults', async () => {
    const alice = await signedIn(api.server, 'alice-update@example.com');
    const scan = await saveScan(alice, { strategy: 'naked_put', title: 'Puts', description: 'd' });
    const res = await call(alice, 'PUT', `/scans/${scan.id}`, {
      filters: { total_vol: { type: 'range', min: 100, max: null } },
    });
    expect(res.status).toBe(200);
    const updated = await json<Scan & { warnings: string[] }>(res);
    expect(updated).toMatchObject({
      id: scan.id,
      title: 'Puts',
      description: 'd',
      strategy: 'naked_put',
      filters: { total_vol: { type: 'range', min: 100, max: null } },
      sorting: scan.sorting,
      columns: scan.columns,
      createDate: scan.createDate,
      warnings: [],
    });
    expect(Date.parse(updated.updateDate)).toBeGreaterThanOrEqual(Date.parse(scan.updateDate));
    const switched = await json<Scan>(
      await call(alice, 'PUT', `/scans/${scan.id}`, { strategy: 'bull_put_spread', title: '' }),
    );
    expect(switched).toMatchObject({
      title: DEFAULT_SCAN_TITLE,
      strategy: 'bull_put_spread',
      filters: STRATEGIES.bull_put_spread.defaultFilters,
      sorting: STRATEGIES.bull_put_spread.defaultSorting,
      calculationSettings: STRATEGIES.bull_put_spread.calculationSettings,
    });
    expect(await getScan(alice, scan.id)).toMatchObject({ strategy: 'bull_put_spread' });
  });

  test('title, description, tags: edited one at a time; a blank title is Untitled Scan', async () => {
    const alice = await signedIn(api.server, 'alice-patch@example.com');
    const scan = await saveScan(alice, { title: 'First' });
    const patch = (body: unknown) => call(alice, 'PATCH', `/scans/${scan.id}`, body);
    expect(await json<Scan>(await patch({ title: '  Renamed ' }))).toMatchObject({
      title: 'Renamed',
      description: '',
    });
    expect(await json<Scan>(await patch({ description: 'Why I run it' }))).toMatchObject({
      title: 'Renamed',
      description: 'Why I run it',
    });
    expect((await json<Scan>(await patch({ title: '   ' }))).title).toBe(DEFAULT_SCAN_TITLE);
    const tags = await json<ScanTag[]>(await call(alice, 'GET', '/scans/tags'));
    expect(tags.map((t) => t.name)).toEqual(GALLERY_TAG_NAMES);
    const [income, , bearish] = tags;
    const tagged = await json<Scan>(await patch({ tagIds: [bearish!.id, income!.id, income!.id] }));
    expect(tagged.tags).toEqual([income, bearish]);
    expect((await json<Scan>(await patch({ tagIds: [] }))).tags).toEqual([]);
    const unknown = await failure(await patch({ tagIds: [999_999] }), 400);
    expect(unknown.details?.['body.tagIds']).toBe('Unknown tags: 999999');
    expect((await failure(await patch({}), 400)).code).toBe('VALIDATION_FAILED');
    expect((await failure(await patch({ title: 'x'.repeat(251) }), 400)).details).toHaveProperty(
      'body.title',
    );
    expect((await failure(await patch({ description: 'x'.repeat(501) }), 400)).details).toHaveProperty(
      'body.description',
    );
  });

  test('delete: gone for good, with its favourite mark', async () => {
    const alice = await signedIn(api.server, 'alice-delete@example.com');
    const scan = await saveScan(alice);
    expect((await call(alice, 'PUT', `/scans/${scan.id}/favorite`)).status).toBe(204);
    expect((await call(alice, 'DELETE', `/scans/${scan.id}`)).status).toBe(204);
    expect((await call(alice, 'GET', `/scans/${scan.id}`)).status).toBe(404);
    expect((await call(alice, 'DELETE', `/scans/${scan.id}`)).status).toBe(404);
    const all = await lists(alice);
    expect(listOf(all, ListRole.Saved).items).toEqual([]);
    expect(listOf(all, ListRole.Favorites).items).toEqual([]);
  });

  test('favourite: marks and unmarks, idempotent, own scans and samples alike', async () => {
    const alice = await signedIn(api.server, 'alice-favorite@example.com');
    const scan = await saveScan(alice);
    const sample = await sampleOf(alice);
    for (const id of [scan.id, sample.id]) {
      for (let i = 0; i < 2; i++)
        expect((await call(alice, 'PUT', `/scans/${id}/favorite`)).status).toBe(204);
      expect((await getScan(alice, id)).isFavorite).toBe(true);
    }
    const favorites = listOf(await lists(alice), ListRole.Favorites);
    expect(favorites.items.map((c) => c.id).sort()).toEqual([scan.id, sample.id].sort());
    // Favourites are per user.
    const bob = await signedIn(api.server, 'bob-favorite@example.com');
    expect((await getScan(bob, sample.id)).isFavorite).toBe(false);
    for (let i = 0; i < 2; i++)
      expect((await call(alice, 'DELETE', `/scans/${scan.id}/favorite`)).status).toBe(204);
    expect((await getScan(alice, scan.id)).isFavorite).toBe(false);
    expect(listOf(await lists(alice), ListRole.Favorites).items.map((c) => c.id)).toEqual([sample.id]);
  });

  test('samples are read-only except copying and favouriting', async () => {
    const alice = await signedIn(api.server, 'alice-samples@example.com');
    const sample = await sampleOf(alice, (s) => s.tags.length > 1);
    expect(sample.isSample).toBe(true);
    for (const [method, path, body] of [
      ['PUT', `/scans/${sample.id}`, { title: 'Mine' }],
      ['PATCH', `/scans/${sample.id}`, { title: 'Mine' }],
      ['DELETE', `/scans/${sample.id}`, undefined],
    ] as const) {
      const error = await failure(await call(alice, method, path, body), 422);
      expect(error).toEqual({
        code: 'READ_ONLY',
        message: 'Sample scans cannot be changed; duplicate the scan to edit it.',
      });
    }
    // Duplicate as it is: a saved scan in Saved with the sample's definition, title and tags.
    const copy = await saveScan(alice, { copyOf: sample.id });
    const {
      id: _a,
      isSample: _b,
      listId: _c,
      createDate: _d,
      updateDate: _e,
      isFavorite: _f,
      ...definition
    } = sample;
    expect(copy).toMatchObject({ ...definition, isSample: false, warnings: [] });
    expect(copy.id).not.toBe(sample.id);
    expect(listOf(await lists(alice), ListRole.Saved).items.map((c) => c.id)).toEqual([copy.id]);
    // SAVE AS NEW with changes: the body wins, the source fills in the rest.
    const changed = await saveScan(alice, { copyOf: copy.id, title: 'My copy', filters: {} });
    expect(changed).toMatchObject({
      title: 'My copy',
      filters: {},
      strategy: sample.strategy,
      tags: sample.tags,
    });
    expect((await failure(await call(alice, 'POST', '/scans', { copyOf: 999_999 }), 404)).code).toBe(
      'NOT_FOUND',
    );
  });

  test("another user's scans are not found", async () => {
    const alice = await signedIn(api.server, 'alice-isolation@example.com');
    const bob = await signedIn(api.server, 'bob-isolation@example.com');
    const scan = await saveScan(alice, { title: 'Private' });
    for (const [method, path, body] of [
      ['GET', `/scans/${scan.id}`, undefined],
      ['PUT', `/scans/${scan.id}`, {}],
      ['PATCH', `/scans/${scan.id}`, { title: 'Mine now' }],
      ['DELETE', `/scans/${scan.id}`, undefined],
      ['PUT', `/scans/${scan.id}/favorite`, undefined],
      ['DELETE', `/scans/${scan.id}/favorite`, undefined],
      ['POST', '/scans', { copyOf: scan.id }],
    ] as const) {
      expect((await failure(await call(bob, method, path, body), 404)).code).toBe('NOT_FOUND');
    }
    for (const path of ['/scans/0', '/scans/abc', '/scans/1.5', '/scans/99999999999999999999']) {
      expect((await call(bob, 'GET', path)).status).toBe(404);
    }
    const bobs = await lists(bob);
    expect(bobs.flatMap((l) => l.items).some((c) => c.id === scan.id)).toBe(false);
    expect((await getScan(alice, scan.id)).title).toBe('Private');
  });

  test('a scan may name only a universe the user can see', async () => {
    const alice = await signedIn(api.server, 'alice-universe-filter@example.com');
    const bob = await signedIn(api.server, 'bob-universe-filter@example.com');
    const mine = await saveUniverse(alice, 'Mine', 'SPY KO');
    const filter = (id: number) => ({ filters: { universe: { type: 'any_of', values: [id] } } });
    expect((await saveScan(alice, filter(mine.universe_id))).filters.universe).toEqual({
      type: 'any_of',
      values: [mine.universe_id],
    });
    const error = await failure(await call(bob, 'POST', '/scans', filter(mine.universe_id)), 400);
    expect(error.details).toEqual({ 'body.filters.universe': 'Unknown universe.' });
    const scan = await saveScan(bob);
    expect(
      (await failure(await call(bob, 'PUT', `/scans/${scan.id}`, filter(mine.universe_id)), 400)).code,
    ).toBe('VALIDATION_FAILED');
  });

  test('the subscription counts saved scans', async () => {
    const alice = await signedIn(api.server, 'alice-count@example.com');
    const count = async () =>
      (await json<SubscriptionAnswer>(await alice.request('/api/v1/account/subscription'))).scanCount;
    expect(await count()).toBe(0);
    const scan = await saveScan(alice);
    await saveScan(alice, { copyOf: (await sampleOf(alice)).id });
    expect(await count()).toBe(2);
    await call(alice, 'DELETE', `/scans/${scan.id}`);
    expect(await count()).toBe(1);
  });
});

describe('plan limits', () => {
  const fourLegs = {
    strategy: 'custom',
    legs: [
      { kind: 'option', right: 'PUT', quantity: 1 },
      { kind: 'option', right: 'PUT', quantity: -1, strike: 'greater' },
      { kind: 'option', right: 'CALL', quantity: -1, strike: 'greater' },
      { kind: 'option', right: 'CALL', quantity: 1, strike: 'greater' },
    ],
  };

  test("custom legs over the plan's maximum cannot be saved (Beginner 2, Advanced 5)", async () => {
    const email = 'beginner-legs@example.com';
    const alice = await signedIn(api.server, email);
    await setPlan(api.server, email, 1);
    const error = await failure(await call(alice, 'POST', '/scans', fourLegs), 422);
    expect(error).toEqual({ code: 'PLAN_LIMIT_REACHED', message: PLAN_LIMIT_MESSAGES.scanSave });
    const two = await saveScan(alice, { ...fourLegs, legs: fourLegs.legs.slice(0, 2) });
    expect((await failure(await call(alice, 'PUT', `/scans/${two.id}`, fourLegs), 422)).code).toBe(
      'PLAN_LIMIT_REACHED',
    );
    // A sample with more legs than the plan allows cannot be duplicated either.
    const lizard = listOf(await lists(alice), ListRole.Predefined).items.find(
      (c) => c.strategy === 'custom',
    )!;
    expect((await failure(await call(alice, 'POST', '/scans', { copyOf: lizard.id }), 422)).code).toBe(
      'PLAN_LIMIT_REACHED',
    );
    await setPlan(api.server, email, 101);
    expect((await saveScan(alice, fourLegs)).legs).toHaveLength(4);
  });

  test('a Beginner keeps at most 100 saved scans; deleting one makes room', async () => {
    const email = 'beginner-count@example.com';
    const alice = await signedIn(api.server, email);
    await setPlan(api.server, email, 12);
    let last = 0;
    for (let i = 0; i < 100; i++) last = (await saveScan(alice, { title: `Scan ${i}` })).id;
    const error = await failure(await call(alice, 'POST', '/scans', {}), 422);
    expect(error).toEqual({ code: 'PLAN_LIMIT_REACHED', message: PLAN_LIMIT_MESSAGES.scanSave });
    // Updating is not saving another one.
    expect((await call(alice, 'PUT', `/scans/${last}`, { title: 'Still fine' })).status).toBe(200);
    expect((await call(alice, 'DELETE', `/scans/${last}`)).status).toBe(204);
    await saveScan(alice);
    expect(listOf(await lists(alice), ListRole.Saved).items).toHaveLength(100);
  });

  test('an ended subscription cannot reach scans at all (403)', async () => {
    const email = 'ended-scans@example.com';
    const alice = await signedIn(api.server, email);
    await setPlan(api.server, email, 101, 4);
    expect((await failure(await call(alice, 'POST', '/scans', {}), 403)).code).toBe('SUBSCRIPTION_ENDED');
    expect((await call(alice, 'GET', '/lists')).status).toBe(403);
    expect((await call(alice, 'GET', '/universes')).status).toBe(403);
  });
});
