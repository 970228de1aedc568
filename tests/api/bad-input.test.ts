import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { beforeAll, describe, expect, test } from 'vitest';
import { isApiError } from '#api/errors.ts';
import type { SavedList } from '#api/screener.ts';
import type { OrderAnswer, OrderLeg } from '#api/trades.ts';
import { MAX_SIZE } from '#domain/orders/order-validation.ts';
import { type SignedInClient, signedIn } from '../support/auth.ts';
import { fileServer } from '../support/test-server.ts';
import { bullCallSpread, createAccount, json, legsOn, startTradeServer, submit } from '../support/trades.ts';

let alice: SignedInClient;
let bob: SignedInClient;

const api = fileServer(startTradeServer);
beforeAll(async () => {
  alice = await signedIn(api.server, 'alice-bad-input@example.com');
  bob = await signedIn(api.server, 'bob-bad-input@example.com');
});

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  const body: unknown = await res.json();
  expect(isApiError(body)).toBe(true);
  expect(body).toMatchObject({ code });
  return body as { code: string; message: string; details?: Record<string, string> };
}

const report = { message: 'boom', url: 'http://x/screener', appBuild: '1' };

describe('bad input never becomes a 500', () => {
  test('unknown API route → 404 NOT_FOUND', async () => {
    await expectError(await api.server.request('/api/v1/no-such-thing'), 404, 'NOT_FOUND');
    await expectError(await api.server.request('/api/v1/health', { method: 'DELETE' }), 404, 'NOT_FOUND');
  });

  test('malformed JSON → 400 MALFORMED_JSON', async () => {
    const res = await api.server.request('/api/v1/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"message": ',
    });
    await expectError(res, 400, 'MALFORMED_JSON');
  });

  test('wrong content type → 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const res = await api.server.request('/api/v1/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'a,b',
    });
    await expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  test('oversized body → 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await api.server.request('/api/v1/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...report, message: 'x'.repeat(2_000_000) }),
    });
    await expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  test('schema violations → 400 VALIDATION_FAILED naming every failing field', async () => {
    const res = await api.server.request('/api/v1/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: '', url: 7, extra: true }),
    });
    const body = await expectError(res, 400, 'VALIDATION_FAILED');
    expect(Object.keys(body.details ?? {})).toEqual(
      expect.arrayContaining(['body.message', 'body.url', 'body.appBuild']),
    );
  });

  test('a valid client error report is accepted', async () => {
    const res = await api.server.request('/api/v1/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
    });
    expect(res.status).toBe(204);
  });
});

/** Text no database column can store: a NUL character, a lone half of a surrogate pair. */
const NUL = 'a\u0000b';
const LONE_HIGH = 'a\ud800b';
const LONE_LOW = '\udc00';

describe('text with a NUL or a lone surrogate is refused with the field', () => {
  test.each([
    ['a list name with a NUL', 'POST', '/api/v1/lists', { name: NUL }, 'body.name'],
    ['a trading account name with a NUL', 'PATCH', '/api/v1/tradeaccount', { name: NUL }, 'body.name'],
    [
      'a universe name with a lone surrogate (was stored as U+FFFD)',
      'PATCH',
      '/api/v1/universes',
      { name: LONE_HIGH, symbols: 'SPY' },
      'body.name',
    ],
    ['a scan title with a NUL', 'POST', '/api/v1/scans', { title: NUL, description: '' }, 'body.title'],
    [
      'a settings id with a lone surrogate (stored as JSON)',
      'PATCH',
      '/api/v1/account/settings',
      { scannerSorting: { collapsedListIds: ['x', LONE_LOW] } },
      'body.scannerSorting.collapsedListIds.1',
    ],
    [
      'a settings key with a NUL',
      'PATCH',
      '/api/v1/account/settings',
      { scannerSorting: { [NUL]: 1 } },
      'body.scannerSorting.a\u0000b',
    ],
  ])('%s', async (_what, method, path, body, field) => {
    const res = await alice.request(path, { method, body: JSON.stringify(body) });
    const error = await expectError(res, 400, 'VALIDATION_FAILED');
    expect(Object.keys(error.details ?? {})).toEqual([field]);
  });

  test('in the query and the path too', async () => {
    const query = await expectError(
      await alice.request('/api/v1/lists?includeCustomLists=%00'),
      400,
      'VALIDATION_FAILED',
    );
    expect(query.details).toHaveProperty(['query.includeCustomLists']);
    const param = await expectError(
      await alice.request('/api/v1/underlyings/A%00/bars'),
      400,
      'VALIDATION_FAILED',
    );
    expect(param.details).toHaveProperty(['path.symbol']);
  });

  test('nothing was stored', async () => {
    const lists = await json<{ lists: SavedList[] }>(
      await alice.request('/api/v1/lists?includeCustomLists=true'),
    );
    expect(lists.lists.map((l) => l.name)).not.toContain(NUL);
    const universes = await json<{ name: string }[]>(await alice.request('/api/v1/universes'));
    expect(JSON.stringify(universes)).not.toContain('\ufffd');
  });
});

describe('ids are canonical positive whole numbers', () => {
  test('0x10, " 1", 00001, +1, 1e0 and ids past the integer range name no list (404)', async () => {
    // Enough lists that 1 and 16 are ids of this user's lists.
    const created: SavedList[] = [];
    for (let i = 0; i < 3; i++) {
      created.push(
        await json<SavedList>(
          await alice.request('/api/v1/lists', {
            method: 'POST',
            body: JSON.stringify({ name: `Ids ${i}` }),
          }),
        ),
      );
    }
    const target = created[0]!.listId;
    const hex = `0x${target.toString(16)}`;
    for (const raw of [
      hex,
      ` ${target}`,
      `%20${target}`,
      `000${target}`,
      `+${target}`,
      `${target}e0`,
      `${target}.0`,
      '9007199254740993',
      '0',
      '-1',
    ]) {
      const res = await alice.request(`/api/v1/lists/${raw}`, { method: 'DELETE' });
      await expectError(res, 404, 'NOT_FOUND');
    }
    const lists = await json<{ lists: SavedList[] }>(
      await alice.request('/api/v1/lists?includeCustomLists=true'),
    );
    expect(lists.lists.map((l) => l.listId)).toContain(target);
  });

  test('a query id must be canonical too (400 naming it)', async () => {
    const account = await createAccount(alice, 'Canonical ids');
    for (const raw of [
      `0x${account.account_id.toString(16)}`,
      `%20${account.account_id}`,
      `0${account.account_id}`,
    ]) {
      const res = await alice.request(`/api/v1/trades/open?accountId=${raw}`);
      const error = await expectError(res, 400, 'VALIDATION_FAILED');
      expect(error.details).toHaveProperty(['query.accountId']);
    }
    const ok = await alice.request(`/api/v1/trades/open?accountId=${account.account_id}`);
    expect(ok.status).toBe(200);
  });

  test('a body id past the integer range is refused, not a database error', async () => {
    const res = await alice.request('/api/v1/universes', {
      method: 'PATCH',
      body: JSON.stringify({ universe_id: 1e20, name: 'Big', symbols: 'SPY' }),
    });
    await expectError(res, 400, 'VALIDATION_FAILED');
  });
});

describe('order sizes have one bound', () => {
  let accountId: number;
  let legs: OrderLeg[];
  beforeAll(async () => {
    accountId = (await createAccount(alice, 'Sizes')).account_id;
    legs = await legsOn(alice, 'SPY', bullCallSpread);
  });

  test.each([2 ** 31, MAX_SIZE + 1, 1e300])('a submit of size %d is 400 naming the size', async (size) => {
    const error = await expectError(
      await submit(alice, accountId, 'bull_call_spread', { legs, size }),
      400,
      'VALIDATION_FAILED',
    );
    expect(Object.keys(error.details ?? {})).toEqual(['size']);
  });

  test(`a submit of size ${MAX_SIZE} is taken`, async () => {
    const res = await submit(alice, accountId, 'bull_call_spread', { legs, size: MAX_SIZE });
    expect(res.status).toBe(200);
  });

  test.each(['thinkorswim', 'tradier'])('the %s export refuses size 1e300', async (format) => {
    const res = await alice.request(`/api/v1/trades/trade/export/${format}`, {
      method: 'POST',
      body: JSON.stringify({ strategy: 'bull_call_spread', legs, size: 1e300 }),
    });
    const error = await expectError(res, 422, 'EXPORT_NOT_AVAILABLE');
    expect(Object.keys(error.details ?? {})).toEqual(['size']);
  });

  test('the calculation refuses a size past the bound', async () => {
    const res = await alice.request('/api/v1/trades/trade', {
      method: 'POST',
      body: JSON.stringify({ strategy: 'bull_call_spread', legs, size: MAX_SIZE + 1 }),
    });
    await expectError(res, 400, 'VALIDATION_FAILED');
  });
});

describe('closing with a used client order id', () => {
  test('an unknown or another user\u2019s order id is 404, whatever the client order id', async () => {
    const legs = await legsOn(alice, 'SPY', bullCallSpread);
    const aliceAccount = (await createAccount(alice, 'Replays')).account_id;
    const bobAccount = (await createAccount(bob, 'Replays')).account_id;
    const aliceId = randomUUID();
    const bobId = randomUUID();
    const aliceOrder = await json<OrderAnswer>(
      await submit(alice, aliceAccount, 'bull_call_spread', { legs, size: 1, clientOrderId: aliceId }),
    );
    const bobOrder = await json<OrderAnswer>(
      await submit(bob, bobAccount, 'bull_call_spread', { legs, size: 1, clientOrderId: bobId }),
    );
    const closing = legs.map((leg) => ({ ...leg, quantity: -leg.quantity }));
    const close = (client: SignedInClient, id: number, clientOrderId: string) =>
      client.request(`/api/v1/trades/${id}`, {
        method: 'PUT',
        body: JSON.stringify({ legs: closing, size: 1, comment: '', clientOrderId }),
      });
    await expectError(await close(alice, 987_654_321, aliceId), 404, 'NOT_FOUND');
    await expectError(await close(bob, aliceOrder.orderId, bobId), 404, 'NOT_FOUND');
    // The order of the path is the caller's: a replay of its own close still answers that close.
    const closeId = randomUUID();
    const first = await json<OrderAnswer>(await close(alice, aliceOrder.orderId, closeId));
    const replay = await close(alice, aliceOrder.orderId, closeId);
    expect(replay.status).toBe(200);
    expect((await json<OrderAnswer>(replay)).orderId).toBe(first.orderId);
    // Another of the caller's positions with that id is a conflict, not the other order.
    await expectError(await close(bob, bobOrder.orderId, bobId), 409, 'CONFLICT');
  });
});

describe('router and connection errors are coded', () => {
  test('a path that is not valid percent-encoding → 400 BAD_REQUEST', async () => {
    await expectError(await alice.request('/api/v1/lists/%E0%A4%A'), 400, 'BAD_REQUEST');
  });

  test('a path parameter past its length → 414 URI_TOO_LONG', async () => {
    const res = await alice.request(`/api/v1/lists/${'1'.repeat(200)}`, { method: 'DELETE' });
    await expectError(res, 414, 'URI_TOO_LONG');
  });

  test('bytes that are not HTTP → 400 BAD_REQUEST', async () => {
    const { port } = new URL(api.server.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.any(String),
    });
  });

  test('headers past the limit → 431 HEADERS_TOO_LARGE', async () => {
    const { status, type, body } = await new Promise<{ status: number; type: string; body: string }>(
      (resolve, reject) => {
        const req = httpRequest(
          `${api.server.url}/api/v1/health`,
          { headers: { 'x-big': 'a'.repeat(20_000) } },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => {
              text += chunk.toString();
            });
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body: text }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(status).toBe(431);
    expect(type).toMatch(/application\/json/);
    expect(JSON.parse(body)).toMatchObject({ code: 'HEADERS_TOO_LARGE', message: expect.any(String) });
  });
});

describe('the sign-in and sign-up forms answer bad posts with a 4xx page', () => {
  const post = (path: string, type: string, body: string) =>
    api.server.request(`/oidc/interaction/some-uid/${path}`, {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    });

  test.each([
    ['malformed JSON', 'application/json', '{"email": ', 400],
    ['a wrong content type', 'text/csv', 'a,b', 415],
    ['an oversized body', 'application/x-www-form-urlencoded', `email=${'x'.repeat(2_000_000)}`, 413],
    ['a NUL in a field', 'application/x-www-form-urlencoded', 'given_name=a%00b&email=a%40b.c', 400],
  ])('%s', async (_what, type, body, status) => {
    for (const form of ['signin', 'signup']) {
      const res = await post(form, type, body);
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(await res.text()).toContain('<h1>');
    }
  });
});
