/**
 * Writes sent with an Idempotency-Key (docs/API.md, "Idempotent writes"): a repeat of a
 * successful write is answered as the first time and not run again, per user, for 24 hours.
 */
import { describe, expect, test } from 'vitest';
import type { SavedTradeAccount } from '#api/trade-accounts.ts';
import { type SignedInClient, signedIn } from '../support/auth.ts';
import { fileServer } from '../support/test-server.ts';
import { json, startTradeServer } from '../support/trades.ts';

const api = fileServer(startTradeServer);

const createWithKey = (client: SignedInClient, name: string, key: string) =>
  client.request('/api/v1/tradeaccount', {
    method: 'PATCH',
    body: JSON.stringify({ name }),
    headers: { 'idempotency-key': key },
  });
const list = async (client: SignedInClient) =>
  json<SavedTradeAccount[]>(await client.request('/api/v1/tradeaccount'));

describe('Idempotency-Key', () => {
  test('a repeated account creation is answered as the first, and makes one account', async () => {
    const alice = await signedIn(api.server, 'alice-idem@example.com');
    const key = crypto.randomUUID();
    const first = await createWithKey(alice, 'Main', key);
    expect(first.status).toBe(200);
    const created = await json<SavedTradeAccount>(first);
    const again = await createWithKey(alice, 'Main', key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    await expect(json(again)).resolves.toEqual(created);
    await expect(list(alice)).resolves.toEqual([created]);
    // Without the key the same request is a new one: the name is taken.
    const plain = await alice.request('/api/v1/tradeaccount', {
      method: 'PATCH',
      body: JSON.stringify({ name: 'Main' }),
    });
    expect(plain.status).toBe(409);
  });

  test('a repeated delete answers 204 again instead of 404', async () => {
    const bob = await signedIn(api.server, 'bob-idem@example.com');
    const account = await json<SavedTradeAccount>(await createWithKey(bob, 'Spare', crypto.randomUUID()));
    const key = crypto.randomUUID();
    const remove = () =>
      bob.request(`/api/v1/tradeaccount/${account.account_id}`, {
        method: 'DELETE',
        headers: { 'idempotency-key': key },
      });
    expect((await remove()).status).toBe(204);
    const again = await remove();
    expect(again.status).toBe(204);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  test("keys are per user: another user's same key runs their own request", async () => {
    const carol = await signedIn(api.server, 'carol-idem@example.com');
    const dave = await signedIn(api.server, 'dave-idem@example.com');
    const key = crypto.randomUUID();
    await createWithKey(carol, 'Carol', key);
    const daves = await createWithKey(dave, 'Dave', key);
    expect(daves.headers.get('idempotent-replayed')).toBeNull();
    await expect(json(daves)).resolves.toMatchObject({ name: 'Dave' });
  });

  test('a failure is not stored: the repeat runs again', async () => {
    const erin = await signedIn(api.server, 'erin-idem@example.com');
    await createWithKey(erin, 'Taken', crypto.randomUUID());
    const key = crypto.randomUUID();
    expect((await createWithKey(erin, 'Taken', key)).status).toBe(409);
    const accounts = await list(erin);
    const renamed = await erin.request(`/api/v1/tradeaccount/${accounts[0]?.account_id}`, {
      method: 'PATCH',
      body: JSON.stringify({ name: 'Other' }),
    });
    expect(renamed.status).toBe(200);
    const again = await createWithKey(erin, 'Taken', key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
  });

  test('the same key on another call is 409; a malformed key is 400', async () => {
    const fred = await signedIn(api.server, 'fred-idem@example.com');
    const key = crypto.randomUUID();
    await createWithKey(fred, 'One', key);
    const other = await fred.request('/api/v1/tradeaccount/1', {
      method: 'DELETE',
      headers: { 'idempotency-key': key },
    });
    expect(other.status).toBe(409);
    await expect(json(other)).resolves.toMatchObject({ code: 'CONFLICT' });
    const bad = await createWithKey(fred, 'Two', 'short');
    expect(bad.status).toBe(400);
    await expect(json(bad)).resolves.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
