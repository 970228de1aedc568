import { describe, expect, test } from 'vitest';
import { LIST_NAME_MAX, ListRole, type SavedList, type Scan } from '#api/screener-model.ts';
import { type SignedInClient, signedIn } from '../support/auth.ts';
import { call, failure, GALLERY_TAG_NAMES, getScan, listOf, lists, saveScan } from '../support/screener.ts';
import { fileServer } from '../support/test-server.ts';
import { json, startTradeServer } from '../support/trades.ts';

const api = fileServer(startTradeServer);

const createList = async (client: SignedInClient, name: string): Promise<SavedList> => {
  const res = await call(client, 'POST', '/lists', { name });
  if (res.status !== 201) throw new Error(`list ${name}: ${res.status} ${await res.text()}`);
  return json<SavedList>(res);
};
const move = (client: SignedInClient, scanId: number, listId: number) =>
  call(client, 'PATCH', `/scans/${scanId}`, { listId });

describe('scan lists', () => {
  test('need a token', async () => {
    expect((await api.server.request('/api/v1/lists')).status).toBe(401);
    expect((await api.server.request('/api/v1/lists', { method: 'POST' })).status).toBe(401);
  });

  test('a new user has Saved, Favorites and Predefined; the gallery is tagged', async () => {
    const alice = await signedIn(api.server, 'alice-new-lists@example.com');
    const all = await lists(alice, false);
    expect(all.map((l) => [l.name, l.role])).toEqual([
      ['Saved Scans', ListRole.Saved],
      ['Favorites', ListRole.Favorites],
      ['Predefined Scans', ListRole.Predefined],
    ]);
    expect(listOf(all, ListRole.Saved).items).toEqual([]);
    expect(listOf(all, ListRole.Favorites).items).toEqual([]);
    const predefined = listOf(all, ListRole.Predefined);
    expect(predefined.items.length).toBeGreaterThanOrEqual(30);
    for (const card of predefined.items) {
      expect(card).toMatchObject({ isSample: true, isFavorite: false, listId: predefined.listId });
      expect(card.tags.length).toBeGreaterThan(0);
    }
    // The list's tags are its scans' tags, each once, in checkbox order.
    expect(predefined.tags.map((t) => t.name)).toEqual(GALLERY_TAG_NAMES);
    const strategies = new Set(predefined.items.map((c) => c.strategy));
    expect(strategies.size).toBeGreaterThanOrEqual(25);
    // Everyone sees the same Predefined list; every user has their own Saved list.
    const bob = await signedIn(api.server, 'bob-new-lists@example.com');
    const bobs = await lists(bob, false);
    expect(listOf(bobs, ListRole.Predefined).listId).toBe(predefined.listId);
    expect(listOf(bobs, ListRole.Saved).listId).not.toBe(listOf(all, ListRole.Saved).listId);
  });

  test('the first calls of a new user race safely', async () => {
    const alice = await signedIn(api.server, 'alice-race@example.com');
    const answers = await Promise.all([lists(alice), lists(alice), saveScan(alice), lists(alice)]);
    const savedIds = answers
      .filter((a): a is Awaited<ReturnType<typeof lists>> => Array.isArray(a))
      .map((all) => listOf(all, ListRole.Saved).listId);
    expect(new Set(savedIds).size).toBe(1);
  });

  test('custom lists: create, rename, listed only with includeCustomLists, in creation order', async () => {
    const alice = await signedIn(api.server, 'alice-custom@example.com');
    const weekly = await createList(alice, '  Weekly  ');
    expect(weekly).toEqual({ listId: expect.any(Number), name: 'Weekly', role: null });
    const earnings = await createList(alice, 'Earnings plays');
    expect((await lists(alice)).map((l) => l.name)).toEqual([
      'Saved Scans',
      'Favorites',
      'Weekly',
      'Earnings plays',
      'Predefined Scans',
    ]);
    expect((await lists(alice, false)).map((l) => l.name)).toEqual([
      'Saved Scans',
      'Favorites',
      'Predefined Scans',
    ]);
    const renamed = await call(alice, 'PATCH', `/lists/${weekly.listId}`, { name: 'Weeklies' });
    expect(renamed.status).toBe(200);
    await expect(json(renamed)).resolves.toEqual({ listId: weekly.listId, name: 'Weeklies', role: null });
    // Keeping its own name, in another case, is no duplicate.
    expect((await call(alice, 'PATCH', `/lists/${earnings.listId}`, { name: 'EARNINGS PLAYS' })).status).toBe(
      200,
    );
    expect(listOf(await lists(alice), 'EARNINGS PLAYS').items).toEqual([]);
  });

  test("names: not empty, unique ignoring case (the fixed lists' too), at most 100 characters", async () => {
    const alice = await signedIn(api.server, 'alice-list-names@example.com');
    const list = await createList(alice, 'Mine');
    for (const name of ['', '   ']) {
      expect(await failure(await call(alice, 'POST', '/lists', { name }), 400)).toEqual({
        code: 'LIST_EMPTY_NAME',
        message: 'List name cannot be empty.',
      });
      expect((await failure(await call(alice, 'PATCH', `/lists/${list.listId}`, { name }), 400)).code).toBe(
        'LIST_EMPTY_NAME',
      );
    }
    for (const name of ['mine', ' MINE ', 'Saved Scans', 'favorites', 'Predefined scans']) {
      expect(await failure(await call(alice, 'POST', '/lists', { name }), 409)).toEqual({
        code: 'LIST_DUPLICATE_NAME',
        message: 'List name must be unique. Please choose a different name.',
      });
    }
    const other = await createList(alice, 'Other');
    expect(
      (await failure(await call(alice, 'PATCH', `/lists/${other.listId}`, { name: 'MINE' }), 409)).code,
    ).toBe('LIST_DUPLICATE_NAME');
    const long = await failure(
      await call(alice, 'POST', '/lists', { name: 'x'.repeat(LIST_NAME_MAX + 1) }),
      400,
    );
    expect(long.details).toHaveProperty('body.name');
    expect((await createList(alice, 'x'.repeat(LIST_NAME_MAX))).name).toHaveLength(LIST_NAME_MAX);
    for (const body of [{}, { name: 5 }, { name: 'a', extra: 1 }]) {
      expect((await failure(await call(alice, 'POST', '/lists', body), 400)).code).toBe('VALIDATION_FAILED');
    }
    // Another user may use the same names.
    const bob = await signedIn(api.server, 'bob-list-names@example.com');
    expect((await createList(bob, 'Mine')).name).toBe('Mine');
  });

  test('move a scan to a custom list and back; only Saved and own lists are homes', async () => {
    const alice = await signedIn(api.server, 'alice-move@example.com');
    const list = await createList(alice, 'Weekly');
    const scan = await saveScan(alice, { title: 'Mover' });
    const all = await lists(alice);
    const saved = listOf(all, ListRole.Saved);
    const moved = await move(alice, scan.id, list.listId);
    expect(moved.status).toBe(200);
    expect((await json<Scan>(moved)).listId).toBe(list.listId);
    let now = await lists(alice);
    expect(listOf(now, 'Weekly').items.map((c) => c.id)).toEqual([scan.id]);
    expect(listOf(now, ListRole.Saved).items).toEqual([]);
    // Without the custom lists, the scan shows nowhere but in its list.
    expect((await lists(alice, false)).flatMap((l) => l.items).map((c) => c.id)).not.toContain(scan.id);
    expect((await move(alice, scan.id, saved.listId)).status).toBe(200);
    now = await lists(alice);
    expect(listOf(now, ListRole.Saved).items.map((c) => c.id)).toEqual([scan.id]);
    expect(listOf(now, 'Weekly').items).toEqual([]);
    for (const target of [listOf(all, ListRole.Favorites).listId, listOf(all, ListRole.Predefined).listId]) {
      const error = await failure(await move(alice, scan.id, target), 400);
      expect(error.details).toEqual({
        'body.listId': 'A scan can move only to Saved Scans or one of your lists.',
      });
    }
    const bob = await signedIn(api.server, 'bob-move@example.com');
    const bobs = await createList(bob, 'Bob list');
    expect((await failure(await move(alice, scan.id, bobs.listId), 404)).code).toBe('NOT_FOUND');
    expect((await failure(await move(bob, scan.id, bobs.listId), 404)).code).toBe('NOT_FOUND');
    expect((await failure(await move(alice, scan.id, 999_999), 404)).code).toBe('NOT_FOUND');
    expect((await getScan(alice, scan.id)).listId).toBe(saved.listId);
  });

  test('deleting a custom list moves its scans back to Saved, favourites kept', async () => {
    const alice = await signedIn(api.server, 'alice-delete-list@example.com');
    const list = await createList(alice, 'Doomed');
    const a = await saveScan(alice, { title: 'A' });
    const b = await saveScan(alice, { title: 'B' });
    await move(alice, a.id, list.listId);
    await move(alice, b.id, list.listId);
    await call(alice, 'PUT', `/scans/${a.id}/favorite`);
    expect((await call(alice, 'DELETE', `/lists/${list.listId}`)).status).toBe(204);
    const all = await lists(alice);
    expect(all.map((l) => l.name)).not.toContain('Doomed');
    expect(listOf(all, ListRole.Saved).items.map((c) => c.title)).toEqual(['B', 'A']);
    expect(listOf(all, ListRole.Favorites).items.map((c) => c.title)).toEqual(['A']);
    expect((await call(alice, 'DELETE', `/lists/${list.listId}`)).status).toBe(404);
    // The name is free again.
    expect((await createList(alice, 'Doomed')).name).toBe('Doomed');
  });

  test("the fixed lists cannot be renamed or deleted; other users' lists are not found", async () => {
    const alice = await signedIn(api.server, 'alice-fixed@example.com');
    const bob = await signedIn(api.server, 'bob-fixed@example.com');
    const bobs = await createList(bob, 'Private');
    for (const list of await lists(alice)) {
      const rename = await failure(await call(alice, 'PATCH', `/lists/${list.listId}`, { name: 'X' }), 422);
      expect(rename).toEqual({
        code: 'READ_ONLY',
        message: 'Only your own lists can be renamed or deleted.',
      });
      expect((await failure(await call(alice, 'DELETE', `/lists/${list.listId}`), 422)).code).toBe(
        'READ_ONLY',
      );
    }
    const bobsSaved = listOf(await lists(bob), ListRole.Saved);
    for (const id of [bobs.listId, bobsSaved.listId]) {
      expect((await failure(await call(alice, 'PATCH', `/lists/${id}`, { name: 'Mine' }), 404)).code).toBe(
        'NOT_FOUND',
      );
      expect((await failure(await call(alice, 'DELETE', `/lists/${id}`), 404)).code).toBe('NOT_FOUND');
    }
    for (const path of ['/lists/0', '/lists/x']) expect((await call(alice, 'DELETE', path)).status).toBe(404);
    expect(listOf(await lists(bob), 'Private').listId).toBe(bobs.listId);
    expect((await failure(await call(alice, 'GET', '/lists?includeCustomLists=maybe'), 400)).code).toBe(
      'VALIDATION_FAILED',
    );
  });
});
