/**
 * Token checks on every non-public API call, and the access rules of subscriptions over time
 * (spec 1 §4, §5, §8; DESIGN: 401 no or bad token, 403 only for an ended subscription).
 */
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SubscriptionAnswer } from '#api/account.ts';
import { isApiError } from '#api/errors.ts';
import { loadIssuerKeys } from '#server/auth/issuer-keys.ts';
import { createTokenMinter } from '#server/auth/token-minter.ts';
import { moveClock, ops, setPlan, signedIn, tokenFor } from '../support/auth.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let other: TestServer;
let issuer: string;
beforeAll(async () => {
  // One after the other: two embedded databases opening at once in one process trip PGlite.
  server = await startTestServer({ staticDir: null });
  other = await startTestServer({ staticDir: null });
  issuer = `${server.url}/oidc`;
});
afterAll(async () => {
  await Promise.all([server?.stop(), other?.stop()]);
});

const claims = { sub: '7c3e0c54-3c39-4c2a-9d38-0f8f6b1f0b11', email: 'claims@example.com', name: 'C' };

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body: unknown = await res.json();
  expect(isApiError(body)).toBe(true);
  expect(body).toMatchObject({ code });
}

const call = (path: string, token?: string) =>
  server.request(path, token ? { headers: { authorization: `Bearer ${token}` } } : {});

describe('401 UNAUTHORIZED', () => {
  const protectedPaths = [
    '/api/v1/account/subscription',
    '/api/v1/account/settings',
    '/api/v1/account/usagestats',
    '/api/v1/market/environment',
  ];

  test.each(protectedPaths)('%s without a token', async (path) => {
    await expectError(await call(path), 401, 'UNAUTHORIZED');
  });

  test.each([['Basic dXNlcjpwYXNz'], ['Bearer'], ['Bearer not a token'], ['Bearer a.b.c']])(
    'with the header %s',
    async (header) => {
      const res = await server.request('/api/v1/account/subscription', {
        headers: { authorization: header },
      });
      await expectError(res, 401, 'UNAUTHORIZED');
    },
  );

  test('with a forged token: right claims and key id, signed by another key', async () => {
    const real = (await loadIssuerKeys(server.config.dataDir)).jwks.keys[0];
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: real?.kid ?? '' })
      .setIssuer(issuer)
      .setAudience('optionscout')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    await expectError(await call('/api/v1/account/subscription', forged), 401, 'UNAUTHORIZED');
  });

  test('with a token whose signature was tampered with', async () => {
    const token = await tokenFor(server, 'tamper@example.com');
    const [h, p, sig = ''] = token.split('.');
    const flipped = `${h}.${p}.${sig.startsWith('A') ? `B${sig.slice(1)}` : `A${sig.slice(1)}`}`;
    await expectError(await call('/api/v1/account/subscription', flipped), 401, 'UNAUTHORIZED');
  });

  test('with an expired token (beyond the 5 s tolerance)', async () => {
    const minter = createTokenMinter({
      keys: await loadIssuerKeys(server.config.dataDir),
      issuer,
      audience: 'optionscout',
    });
    await expectError(
      await call('/api/v1/account/subscription', await minter.mint(claims, -60)),
      401,
      'UNAUTHORIZED',
    );
    // The same minter's fresh token passes: only the expiry made the difference.
    expect((await call('/api/v1/account/subscription', await minter.mint(claims))).status).toBe(200);
  });

  test('with a token of another issuer (another server’s embedded issuer)', async () => {
    const foreign = await tokenFor(other, 'foreign@example.com');
    await expectError(await call('/api/v1/account/subscription', foreign), 401, 'UNAUTHORIZED');
  });

  test('with a token for another client (audience)', async () => {
    const minter = createTokenMinter({
      keys: await loadIssuerKeys(server.config.dataDir),
      issuer,
      audience: 'other-app',
    });
    await expectError(
      await call('/api/v1/account/subscription', await minter.mint(claims)),
      401,
      'UNAUTHORIZED',
    );
  });

  test('with an unsigned (alg none) or symmetric token', async () => {
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({
        ...claims,
        iss: issuer,
        aud: 'optionscout',
        exp: Math.floor(Date.now() / 1000) + 600,
      }),
    ).toString('base64url')}.`;
    await expectError(await call('/api/v1/account/subscription', unsigned), 401, 'UNAUTHORIZED');
    const jwk = await exportJWK(new TextEncoder().encode('x'.repeat(32)));
    expect(jwk.kty).toBe('oct');
    const hs = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(issuer)
      .setAudience('optionscout')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(32)));
    await expectError(await call('/api/v1/account/subscription', hs), 401, 'UNAUTHORIZED');
  });

  test('with a valid token that carries no e-mail address', async () => {
    const minter = createTokenMinter({
      keys: await loadIssuerKeys(server.config.dataDir),
      issuer,
      audience: 'optionscout',
    });
    const token = await minter.mint({ sub: claims.sub });
    await expectError(await call('/api/v1/account/subscription', token), 401, 'UNAUTHORIZED');
  });

  test('public calls need no token', async () => {
    expect((await call('/api/v1/health')).status).toBe(200);
    expect((await call('/api/v1/auth/config')).status).toBe(200);
    expect((await call('/api/v1/system/message')).status).toBe(204);
    const res = await server.request('/api/v1/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'boom', url: 'http://x/signin', appBuild: '1' }),
    });
    expect(res.status).toBe(204);
  });
});

describe('a new user', () => {
  test('is created by the first call, on a 14-day trial, and told `signup: true` once', async () => {
    const token = await tokenFor(server, 'newcomer@example.com');
    const first = (await (await call('/api/v1/account/subscription', token)).json()) as SubscriptionAnswer;
    expect(first).toMatchObject({
      status: 0,
      planId: null,
      goodUntilDays: 14,
      scanCount: 0,
      processor: null,
    });
    expect(first.guid).toMatch(/^[0-9a-f-]{36}$/);
    // `ops token` already created the user, but had not answered the subscription yet.
    expect(first.signup).toBe(true);
    const second = await (await call('/api/v1/account/subscription', token)).json();
    expect(second).toMatchObject({ signup: false, guid: first.guid });
  });

  test('concurrent first calls create one user', async () => {
    const minter = createTokenMinter({
      keys: await loadIssuerKeys(server.config.dataDir),
      issuer,
      audience: 'optionscout',
    });
    const token = await minter.mint({
      sub: 'a0a0a0a0-0000-4000-8000-000000000001',
      email: 'race@example.com',
    });
    const answers = await Promise.all(
      Array.from(
        { length: 5 },
        async () => (await (await call('/api/v1/account/subscription', token)).json()) as SubscriptionAnswer,
      ),
    );
    expect(new Set(answers.map((a) => a.guid)).size).toBe(1);
    expect(answers.filter((a) => a.signup)).toHaveLength(1);
  });
});

describe('subscriptions over time (server clock)', () => {
  test('the trial counts down, ends after 14 days plus the sign-up day, and the API then answers 403', async () => {
    const user = await signedIn(server, 'clock@example.com');
    const status = async () =>
      (await (await user.request('/api/v1/account/subscription')).json()) as {
        status: number;
        goodUntilDays: number;
      };
    try {
      await moveClock(server, 13);
      expect(await status()).toMatchObject({ status: 0, goodUntilDays: 1 });
      await moveClock(server, 14);
      expect(await status()).toMatchObject({ status: 0, goodUntilDays: 0 });
      expect((await user.request('/api/v1/market/environment')).status).toBe(200);
      await moveClock(server, 15);
      expect(await status()).toMatchObject({ status: 1, goodUntilDays: 0 });
      await expectError(await user.request('/api/v1/market/environment'), 403, 'SUBSCRIPTION_ENDED');
      // Account calls stay open, so the pricing page can work.
      for (const path of ['/api/v1/account/settings', '/api/v1/account/usagestats']) {
        expect((await user.request(path)).status).toBe(200);
      }
      // Buying a plan restores access at once.
      await setPlan(server, 'clock@example.com', 101);
      expect(await status()).toMatchObject({ status: 2, planId: 101 });
      expect((await user.request('/api/v1/market/environment')).status).toBe(200);
    } finally {
      await moveClock(server, 0);
    }
  });

  test('a cancelled subscription keeps access to the end of its billing cycle, then ends', async () => {
    const user = await signedIn(server, 'cancel@example.com');
    await setPlan(server, 'cancel@example.com', 1, 3);
    const status = async () =>
      ((await (await user.request('/api/v1/account/subscription')).json()) as { status: number }).status;
    try {
      expect(await status()).toBe(3);
      expect((await user.request('/api/v1/market/environment')).status).toBe(200);
      await moveClock(server, 27);
      expect(await status()).toBe(3);
      await moveClock(server, 32);
      expect(await status()).toBe(4);
      await expectError(await user.request('/api/v1/market/environment'), 403, 'SUBSCRIPTION_ENDED');
      expect((await user.request('/api/v1/account/subscription')).status).toBe(200);
    } finally {
      await moveClock(server, 0);
    }
  });

  test('an uncancelled premium stays premium however far the clock goes (renewal is billing’s)', async () => {
    const user = await signedIn(server, 'premium@example.com');
    await setPlan(server, 'premium@example.com', 112);
    try {
      await moveClock(server, 400);
      expect(await (await user.request('/api/v1/account/subscription')).json()).toMatchObject({
        status: 2,
        planId: 112,
      });
    } finally {
      await moveClock(server, 0);
    }
  });

  test('the clock route refuses bad input; `ops clock` moves the same clock', async () => {
    const res = await server.request('/api/v1/dev/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ offsetDays: 'soon' }),
    });
    await expectError(res, 400, 'VALIDATION_FAILED');
    await ops(server, 'clock', '+36h');
    const state = (await (await server.request('/api/v1/dev/clock')).json()) as { offsetMs: number };
    expect(state.offsetMs).toBe(36 * 3600_000);
    await ops(server, 'clock', 'reset');
    expect(
      ((await (await server.request('/api/v1/dev/clock')).json()) as { offsetMs: number }).offsetMs,
    ).toBe(0);
  });
});

describe('production', () => {
  test('has no clock to move, and needs an https public URL for the embedded issuer', async () => {
    await expect(startTestServer({ staticDir: null, mode: 'production', devTools: false })).rejects.toThrow(
      /PUBLIC_URL=https/,
    );
    const prod = await startTestServer({
      staticDir: null,
      mode: 'production',
      devTools: false,
      publicUrl: 'https://app.example',
    });
    try {
      const res = await prod.request('/api/v1/dev/clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ offsetDays: 15 }),
      });
      await expectError(res, 404, 'NOT_FOUND');
      await expect(ops(prod, 'clock', '+15d')).rejects.toThrow(/cannot be moved in production/);
      // Tokens still work there (issuer https://app.example/oidc).
      const token = await tokenFor(prod, 'prod@example.com');
      expect(
        (
          await prod.request('/api/v1/account/subscription', {
            headers: { authorization: `Bearer ${token}` },
          })
        ).status,
      ).toBe(200);
    } finally {
      await prod.stop();
    }
  });
});
