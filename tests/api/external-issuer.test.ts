/**
 * OIDC_ISSUER + OIDC_CLIENT_ID: the app and the API use another OpenID provider instead of the
 * embedded one. The "external" provider here is a second server's embedded issuer, reached
 * only over HTTP (discovery, JWKS, its authorization page), as any provider would be.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadIssuerKeys } from '#server/auth/issuer-keys.ts';
import { createTokenMinter } from '#server/auth/token-minter.ts';
import { ops, tokenFor } from '../support/auth.ts';
import { claimsOf, formAction, oidcAgent } from '../support/oidc-agent.ts';
import { freePort, startTestServer, type TestServer } from '../support/test-server.ts';

let provider: TestServer;
let app: TestServer;
let stranger: TestServer;
let providerIssuer: string;
beforeAll(async () => {
  // The provider sends tokens back only to the app pages it knows: the app's origin is one.
  const appPort = await freePort();
  provider = await startTestServer({ staticDir: null }, { OIDC_APP_ORIGINS: `http://127.0.0.1:${appPort}` });
  providerIssuer = `${provider.url}/oidc`;
  app = await startTestServer(
    { staticDir: null, port: appPort },
    { OIDC_ISSUER: providerIssuer, OIDC_CLIENT_ID: 'optionscout' },
  );
  stranger = await startTestServer({ staticDir: null });
});
afterAll(async () => {
  for (const s of [app, provider, stranger]) await s?.stop();
});

const subscription = (server: TestServer, token: string) =>
  server.request('/api/v1/account/subscription', { headers: { authorization: `Bearer ${token}` } });

describe('an app configured with an external provider', () => {
  test('tells the app the provider’s own endpoints (from its discovery document)', async () => {
    expect(await (await app.request('/api/v1/auth/config')).json()).toEqual({
      issuer: providerIssuer,
      clientId: 'optionscout',
      authorizationEndpoint: `${providerIssuer}/auth`,
      endSessionEndpoint: `${providerIssuer}/session/end`,
      embedded: false,
    });
  });

  test('mounts no issuer of its own', async () => {
    expect((await app.request('/oidc/.well-known/openid-configuration')).status).toBe(404);
  });

  test('accepts the provider’s tokens (keys from its JWKS) and creates the user', async () => {
    const token = await tokenFor(provider, 'ext@example.com');
    const res = await subscription(app, token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 0, goodUntilDays: 14, signup: true });
  });

  test('a full sign-in at the provider returns a token for the app’s /auth that the app accepts', async () => {
    const agent = oidcAgent(providerIssuer, [`${app.url}/auth`]);
    const page = await agent.authorize({
      clientId: 'optionscout',
      redirectUri: `${app.url}/auth`,
      state: 'st',
      nonce: 'nn',
      signUp: true,
    });
    const stop = await agent.submit(formAction(page), {
      given_name: 'Grace',
      family_name: 'Hopper',
      email: 'grace@example.com',
      password: 'a long enough password',
    });
    const token = stop.answer?.get('id_token') ?? '';
    expect(claimsOf(token)).toMatchObject({ iss: providerIssuer, email: 'grace@example.com', nonce: 'nn' });
    expect((await subscription(app, token)).status).toBe(200);
  });

  test('refuses tokens of any other issuer, its own embedded-style ones included', async () => {
    expect((await subscription(app, await tokenFor(stranger, 'ext@example.com'))).status).toBe(401);
    const forAnotherClient = createTokenMinter({
      keys: await loadIssuerKeys(provider.config.dataDir),
      issuer: providerIssuer,
      audience: 'someone-else',
    });
    expect(
      (await subscription(app, await forAnotherClient.mint({ sub: 'x', email: 'x@example.com' }))).status,
    ).toBe(401);
  });

  test('the operator manages known users by e-mail; minting tokens is the provider’s job', async () => {
    await ops(app, 'plan', 'ext@example.com', '101');
    expect(await (await subscription(app, await tokenFor(provider, 'ext@example.com'))).json()).toMatchObject(
      {
        status: 2,
        planId: 101,
      },
    );
    await expect(ops(app, 'token', 'ext@example.com')).rejects.toThrow(/embedded issuer only/);
    await expect(ops(app, 'plan', 'unknown@example.com', '1')).rejects.toThrow(/first sign-in/);
  });
});

test('an unreachable provider is the server’s failure (500), never a 401 that signs users out', async () => {
  const closedPort = await freePort();
  const lonely = await startTestServer(
    { staticDir: null },
    { OIDC_ISSUER: `http://127.0.0.1:${closedPort}/oidc`, OIDC_CLIENT_ID: 'optionscout' },
  );
  try {
    const res = await subscription(lonely, await tokenFor(provider, 'ext@example.com'));
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: 'INTERNAL' });
  } finally {
    await lonely.stop();
  }
});
