/**
 * A defect is never hidden: an unexpected error (a bug, a broken market feed) is logged and
 * answered 500 INTERNAL with the request id it was logged under, and no catch-all turns it into
 * a plausible answer. Only the expected case is caught where it is (a leg the market no longer
 * lists keeps its opening figures).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApiError } from '#api/errors.ts';
import { createSimulatedMarket } from '#server/market/simulator.ts';
import { type SignedInClient, signedIn } from '../support/auth.ts';
import { breakableMarket } from '../support/breakable-market.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { bullCallSpread, createAccount, json, legsOn, submit, TEST_MARKET } from '../support/trades.ts';

let server: TestServer;
let client: SignedInClient;
let broken = false;
const inner = createSimulatedMarket(TEST_MARKET, { clock: Date.now });
/** The simulator, whose `detail` throws a programming error while `broken` is set. */
const market = breakableMarket(inner, 'detail', () =>
  broken ? new TypeError("Cannot read properties of undefined (reading 'iv')") : null,
);

beforeAll(async () => {
  server = await startTestServer({ staticDir: null }, {}, { market });
  client = await signedIn(server, 'defect@example.com');
});
afterAll(async () => {
  await server?.stop();
  inner.close();
});

describe('an unexpected error', () => {
  test('while marking open trades is a 500 with a request id, not the opening figures passed off as today’s', async () => {
    const account = (await createAccount(client, 'Main')).account_id;
    const legs = await legsOn(client, 'SPY', bullCallSpread);
    expect((await submit(client, account, 'bull_call_spread', { legs, size: 1 })).status).toBe(200);
    expect((await client.request(`/api/v1/trades/open?accountId=${account}`)).status).toBe(200);

    broken = true;
    try {
      const res = await client.request(`/api/v1/trades/open?accountId=${account}`);
      expect(res.status).toBe(500);
      const body = await json<ApiError>(res);
      expect(body).toMatchObject({ code: 'INTERNAL', message: 'An error has occurred. Please try again.' });
      expect(body.requestId).toMatch(/^req-/);
      // Nothing of the failure's inside reaches the client.
      expect(JSON.stringify(body)).not.toContain('iv');
    } finally {
      broken = false;
    }
  });
});
