import { describe, expect, test } from 'vitest';
import type { SavedTradeAccount } from '#api/trade-accounts.ts';
import { type SignedInClient, setPlan, signedIn } from '../support/auth.ts';
import { fileServer } from '../support/test-server.ts';
import { createAccount, json, startTradeServer } from '../support/trades.ts';

const api = fileServer(startTradeServer);

const save = (client: SignedInClient, body: unknown, id?: number | string) =>
  client.request(`/api/v1/tradeaccount${id === undefined ? '' : `/${id}`}`, {
    method: 'PATCH',
    body: JSON.stringify(body),
  });
const list = async (client: SignedInClient) =>
  json<SavedTradeAccount[]>(await client.request('/api/v1/tradeaccount'));

describe('trading accounts', () => {
  test('need a token', async () => {
    const res = await api.server.request('/api/v1/tradeaccount');
    expect(res.status).toBe(401);
    expect((await json<{ code: string }>(res)).code).toBe('UNAUTHORIZED');
  });

  test('create with a trimmed name, list in creation order, rename, delete', async () => {
    const alice = await signedIn(api.server, 'alice-accounts@example.com');
    await expect(list(alice)).resolves.toEqual([]);
    const main = await createAccount(alice, '  Main  ');
    expect(main).toEqual({ account_id: expect.any(Number), name: 'Main' });
    const ira = await createAccount(alice, 'IRA');
    await expect(list(alice)).resolves.toEqual([main, ira]);

    const renamed = await save(alice, { name: ' Roth IRA ' }, ira.account_id);
    expect(renamed.status).toBe(200);
    await expect(json(renamed)).resolves.toEqual({ account_id: ira.account_id, name: 'Roth IRA' });
    // The spec's single save call: an account id in the body renames that account.
    const viaBody = await save(alice, { account_id: main.account_id, name: 'Main account' });
    await expect(json(viaBody)).resolves.toEqual({ account_id: main.account_id, name: 'Main account' });
    // Keeping its own name (in another case) is no duplicate.
    expect((await save(alice, { name: 'MAIN ACCOUNT' }, main.account_id)).status).toBe(200);

    const deleted = await alice.request(`/api/v1/tradeaccount/${ira.account_id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    await expect(list(alice)).resolves.toEqual([{ account_id: main.account_id, name: 'MAIN ACCOUNT' }]);
    const again = await alice.request(`/api/v1/tradeaccount/${ira.account_id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
  });

  test('names: required, not blank, at most 256 characters', async () => {
    const alice = await signedIn(api.server, 'alice-names@example.com');
    for (const body of [{ name: '   ' }, { name: '' }]) {
      const res = await save(alice, body);
      expect(res.status).toBe(400);
      await expect(json(res)).resolves.toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { 'body.name': "Name can't be empty" },
      });
    }
    const missing = await save(alice, {});
    expect(missing.status).toBe(400);
    await expect(json(missing)).resolves.toMatchObject({ details: { 'body.name': expect.any(String) } });
    const long = await save(alice, { name: 'x'.repeat(257) });
    expect(long.status).toBe(400);
    await expect(json(long)).resolves.toMatchObject({
      details: { 'body.name': 'Name can have at most 256 characters' },
    });
    expect((await save(alice, { name: 'y'.repeat(256) })).status).toBe(200);
    // 256 characters after trimming.
    expect((await save(alice, { name: ` ${'z'.repeat(256)} ` })).status).toBe(200);
    const unknown = await save(alice, { name: 'A', colour: 'red' });
    await expect(json(unknown)).resolves.toMatchObject({ details: { 'body.colour': 'Unknown field.' } });
  });

  test('names are unique per user, ignoring case (409 with the spec message)', async () => {
    const alice = await signedIn(api.server, 'alice-unique@example.com');
    const bob = await signedIn(api.server, 'bob-unique@example.com');
    await createAccount(alice, 'Swing');
    const ira = await createAccount(alice, 'IRA');
    for (const res of [
      await save(alice, { name: ' swing ' }),
      await save(alice, { name: 'SWING' }, ira.account_id),
    ]) {
      expect(res.status).toBe(409);
      await expect(json(res)).resolves.toEqual({
        code: 'TRADE_ACCOUNT_DUPLICATE_NAME',
        message: "Trading Accounts' names have to be unique. Please choose a different name.",
      });
    }
    // Another user's names do not count.
    await expect(createAccount(bob, 'Swing')).resolves.toMatchObject({ name: 'Swing' });
  });

  test("another user's account is not found", async () => {
    const alice = await signedIn(api.server, 'alice-isolation@example.com');
    const bob = await signedIn(api.server, 'bob-isolation@example.com');
    const mine = await createAccount(alice, 'Mine');
    const rename = await save(bob, { name: 'Taken' }, mine.account_id);
    expect(rename.status).toBe(404);
    expect((await json<{ code: string }>(rename)).code).toBe('NOT_FOUND');
    expect((await save(bob, { account_id: mine.account_id, name: 'Taken' })).status).toBe(404);
    const del = await bob.request(`/api/v1/tradeaccount/${mine.account_id}`, { method: 'DELETE' });
    expect(del.status).toBe(404);
    await expect(list(bob)).resolves.toEqual([]);
    await expect(list(alice)).resolves.toEqual([mine]);
    for (const id of ['abc', '0', '-1', '1.5']) {
      expect((await bob.request(`/api/v1/tradeaccount/${id}`, { method: 'DELETE' })).status).toBe(404);
    }
  });

  test('an account id in the body must match the path', async () => {
    const alice = await signedIn(api.server, 'alice-mismatch@example.com');
    const a = await createAccount(alice, 'A');
    const res = await save(alice, { account_id: a.account_id + 1000, name: 'B' }, a.account_id);
    expect(res.status).toBe(400);
    await expect(json(res)).resolves.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  test('Beginner plans hold two accounts (422 PLAN_LIMIT_REACHED); Advanced and the trial are unlimited', async () => {
    const beginner = await signedIn(api.server, 'beginner-accounts@example.com');
    await setPlan(api.server, beginner.email, 1);
    await createAccount(beginner, 'One');
    const two = await createAccount(beginner, 'Two');
    const third = await save(beginner, { name: 'Three' });
    expect(third.status).toBe(422);
    await expect(json(third)).resolves.toEqual({
      code: 'PLAN_LIMIT_REACHED',
      message: 'Unable to proceed due to current subscription plan limitations.',
    });
    // Renaming stays possible at the limit; deleting one makes room again.
    expect((await save(beginner, { name: 'Second' }, two.account_id)).status).toBe(200);
    await beginner.request(`/api/v1/tradeaccount/${two.account_id}`, { method: 'DELETE' });
    expect((await save(beginner, { name: 'Three' })).status).toBe(200);

    // Concurrent creates cannot both pass the limit.
    const racer = await signedIn(api.server, 'beginner-race@example.com');
    await setPlan(api.server, racer.email, 12);
    const results = await Promise.all(['A', 'B', 'C', 'D'].map((name) => save(racer, { name })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 422, 422]);

    const advanced = await signedIn(api.server, 'advanced-accounts@example.com');
    await setPlan(api.server, advanced.email, 101);
    const trial = await signedIn(api.server, 'trial-accounts@example.com');
    for (const client of [advanced, trial]) {
      for (const name of ['1', '2', '3', '4']) await createAccount(client, name);
      await expect(list(client)).resolves.toHaveLength(4);
    }
  });

  test('an ended subscription is refused (403)', async () => {
    const ended = await signedIn(api.server, 'ended-accounts@example.com');
    await setPlan(api.server, ended.email, 101, 4);
    const res = await ended.request('/api/v1/tradeaccount');
    expect(res.status).toBe(403);
    expect((await json<{ code: string }>(res)).code).toBe('SUBSCRIPTION_ENDED');
  });
});
