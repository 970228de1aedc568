/**
 * The trade log on a real PostgreSQL, where requests run on a pool of connections at the same
 * time (PGlite runs one statement at a time): the user-row lock of every write keeps concurrent
 * submits with one client order id to one position, concurrent closes to one close, concurrent
 * account creations under the plan limit, and concurrent settlements to one.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OrderAnswer, Position } from '#api/trades.ts';
import { setPlan, signedIn } from '../support/auth.ts';
import { startPostgres, type TestPostgres } from '../support/postgres.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import {
  bullCallSpread,
  createAccount,
  json,
  lastPrice,
  optionChain,
  submit,
  TEST_MARKET,
} from '../support/trades.ts';

let pg: TestPostgres;
let server: TestServer;
beforeAll(async () => {
  pg = await startPostgres();
  server = await startTestServer({ staticDir: null, databaseUrl: pg.url, market: TEST_MARKET });
});
afterAll(async () => {
  await server?.stop();
  await pg?.stop();
});

describe('trade log on PostgreSQL', () => {
  test('concurrent writes: one position per client id, one close, the plan limit holds', async () => {
    const alice = await signedIn(server, 'alice-pg@example.com');
    const accountId = (await createAccount(alice, 'PG')).account_id;
    const chain = await optionChain(alice, 'SPY');
    const legs = bullCallSpread(chain, await lastPrice(alice, 'SPY'));

    const clientOrderId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        submit(alice, accountId, 'bull_call_spread', { legs, size: 2, clientOrderId }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const ids = new Set(await Promise.all(answers.map(async (r) => (await json<OrderAnswer>(r)).orderId)));
    expect(ids.size).toBe(1);
    const [orderId] = [...ids];

    const closing = legs.map((l) => ({ ...l, quantity: -l.quantity }));
    const closes = await Promise.all(
      Array.from({ length: 4 }, () =>
        alice.request(`/api/v1/trades/${orderId}`, {
          method: 'PUT',
          body: JSON.stringify({ legs: closing, size: 2 }),
        }),
      ),
    );
    expect(closes.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const [closed] = await json<Position[]>(
      await alice.request(`/api/v1/trades/closed?accountId=${accountId}`),
    );
    expect(closed!.openingOrderId).toBe(orderId);

    const beginner = await signedIn(server, 'beginner-pg@example.com');
    await setPlan(server, beginner.email, 1);
    const creates = await Promise.all(
      ['A', 'B', 'C', 'D', 'E'].map((name) =>
        beginner.request('/api/v1/tradeaccount', { method: 'PATCH', body: JSON.stringify({ name }) }),
      ),
    );
    expect(creates.map((r) => r.status).sort()).toEqual([200, 200, 422, 422, 422]);
    const duplicates = await Promise.all(
      ['Same', 'same', 'SAME'].map((name) =>
        alice.request('/api/v1/tradeaccount', { method: 'PATCH', body: JSON.stringify({ name }) }),
      ),
    );
    expect(duplicates.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });
});
