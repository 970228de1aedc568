/**
 * Sign-in and accounts on a real PostgreSQL (Debian's, version 15 here): migration 0002, the
 * issuer's stored sessions, users and their settings behave as on the embedded database.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appSignInPage, moveClock, signedIn } from '../support/auth.ts';
import { formAction } from '../support/oidc-agent.ts';
import { startPostgres, type TestPostgres } from '../support/postgres.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let pg: TestPostgres;
let server: TestServer;
beforeAll(async () => {
  pg = await startPostgres();
  server = await startTestServer({ staticDir: null, databaseUrl: pg.url });
});
afterAll(async () => {
  await server?.stop();
  pg?.stop();
});

describe('accounts on PostgreSQL', () => {
  test('sign-up at the embedded issuer, then the API creates the user on a trial', async () => {
    const { agent, page, appAuth } = await appSignInPage(server, true);
    const stop = await agent.submit(formAction(page), {
      given_name: 'Pat',
      family_name: 'Gres',
      email: 'pat@example.com',
      password: 'postgres is fine',
    });
    const token = stop.answer?.get('id_token') ?? '';
    const res = await server.request('/api/v1/account/subscription', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await res.json()).toMatchObject({ status: 0, goodUntilDays: 14, signup: true });
    // The issuer's session is stored in PostgreSQL: signing in again needs no password.
    const again = await agent.authorize({
      redirectUri: appAuth,
      state: 's2',
      nonce: 'n2',
    });
    expect(again.answer?.get('id_token')).toBeTruthy();
  });

  test('settings round-trip as JSON and stay per user; the clock ends the trial', async () => {
    const a = await signedIn(server, 'a@example.com');
    const b = await signedIn(server, 'b@example.com');
    await a.request('/api/v1/account/settings', {
      method: 'PATCH',
      body: JSON.stringify({ analyzeTab: 'stock' }),
    });
    expect(await (await a.request('/api/v1/account/settings')).json()).toMatchObject({ analyzeTab: 'stock' });
    expect(await (await b.request('/api/v1/account/settings')).json()).toMatchObject({
      analyzeTab: 'strategy',
    });
    try {
      await moveClock(server, 15);
      expect((await a.request('/api/v1/market/environment')).status).toBe(403);
      expect(await (await a.request('/api/v1/account/subscription')).json()).toMatchObject({ status: 1 });
    } finally {
      await moveClock(server, 0);
    }
  });
});
