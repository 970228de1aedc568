/**
 * What `npm start` exposes (docs/SECURITY.md): the sign-in sends tokens only to the app's own
 * pages, no clock control, the security headers, and the request limits.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { appSignInPage, signedIn, signInThroughIssuer } from '../support/auth.ts';
import { formAction, oidcAgent } from '../support/oidc-agent.ts';
import { failure } from '../support/screener.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/** The configuration `npm start` runs with: NODE_ENV unset. */
const startConfig = () => {
  const { NODE_ENV: _, ...env } = process.env;
  return loadConfig(env);
};

describe('npm start', () => {
  let server: TestServer;
  beforeAll(async () => {
    const { mode, devTools } = startConfig();
    server = await startTestServer({ mode, devTools, staticDir: null });
  });
  afterAll(() => server?.stop());

  test('has no clock control: POST and GET /api/v1/dev/clock are 404', async () => {
    expect(startConfig().devTools).toBe(false);
    const moved = await server.request('/api/v1/dev/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ offsetDays: 30 }),
    });
    expect((await failure(moved, 404)).code).toBe('NOT_FOUND');
    expect((await server.request('/api/v1/dev/clock')).status).toBe(404);
  });

  test('the sign-in sends an id token to no other origin’s /auth', async () => {
    const agent = oidcAgent(`${server.url}/oidc`, ['https://evil.example/']);
    const stop = await agent.authorize({ redirectUri: 'https://evil.example/auth' });
    expect(stop.answer).toBeNull();
    expect(stop.status).toBe(400);
    expect(stop.html).toContain('redirect_uri');
  });

  test('the sign-out returns to no other origin', async () => {
    const agent = oidcAgent(`${server.url}/oidc`, ['https://evil.example/']);
    const target = encodeURIComponent('https://evil.example/signin');
    const stop = await agent.open(
      `${server.url}/oidc/session/end?client_id=optionscout&post_logout_redirect_uri=${target}`,
    );
    expect(stop.answer).toBeNull();
    expect(stop.status).toBe(400);
  });

  test('the app’s own pages under PUBLIC_URL are the return addresses', async () => {
    const { page } = await appSignInPage(server);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<h1>Sign in</h1>');
    // The form may redirect to the app's origin only.
    const res = await fetch(formAction(page).replace(/\/signin$/, ''));
    expect(res.headers.get('content-security-policy')).toContain(`form-action 'self' ${server.url}`);
    expect(res.headers.get('content-security-policy')).not.toMatch(/form-action[^;]*https:/);
  });
});

describe('headers', () => {
  let server: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ staticDir: null });
    proxied = await startTestServer({ staticDir: null, trustProxy: true });
  });
  afterAll(async () => {
    await server?.stop();
    await proxied?.stop();
  });

  test('HSTS only over https (here: behind a trusted TLS proxy), never over plain http', async () => {
    const plain = await server.request('/api/v1/health');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const tls = await proxied.request('/api/v1/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
    // Without a trusted proxy the header proves nothing.
    const forged = await server.request('/api/v1/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers.get('strict-transport-security')).toBeNull();
  });

  test('authenticated JSON, errors and CSV exports are no-store', async () => {
    const alice = await signedIn(server, 'alice@example.com');
    const settings = await alice.request('/api/v1/account/settings');
    expect(settings.status).toBe(200);
    expect(settings.headers.get('cache-control')).toBe('no-store');
    const missing = await alice.request('/api/v1/scans/999999');
    expect(missing.headers.get('cache-control')).toBe('no-store');
    const csv = await server.request('/api/v1/export/underlyings_all', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        Authorization: `Bearer ${alice.token}`,
        body: JSON.stringify({ strategy: 'long_call', narrowedToSymbol: 'KO' }),
      }).toString(),
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('cache-control')).toBe('no-store');
  });

  test('Permissions-Policy, and a CSP that connects to this origin only', async () => {
    const res = await server.request('/api/v1/health');
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
    expect(res.headers.get('permissions-policy')).toContain('geolocation=()');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/connect-src[^;]*(ws:|wss:|\*)/);
  });
});

describe('rate limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      staticDir: null,
      trustProxy: true,
      rateLimits: {
        api: { max: 20, windowMs: 60_000 },
        scanRuns: { max: 3, windowMs: 60_000 },
        exports: { max: 2, windowMs: 60_000 },
        passwordFailures: { max: 3, windowMs: 60_000 },
      },
    });
  });
  afterAll(() => server?.stop());

  const from = (address: string) => ({ 'x-forwarded-for': address });

  test('a user past the API limit gets 429 RATE_LIMITED with Retry-After; another user does not', async () => {
    const bob = await signedIn(server, 'bob@example.com');
    const carol = await signedIn(server, 'carol@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push((await bob.request('/api/v1/account/settings', { headers: from(`10.0.0.${i}`) })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    const refused = await bob.request('/api/v1/account/settings', { headers: from('10.0.1.1') });
    expect((await failure(refused, 429)).code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await carol.request('/api/v1/account/settings', { headers: from('10.0.0.1') })).status).toBe(200);
  });

  test('without a token the limit is per address, and every address together has a ceiling', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++)
      statuses.push((await server.request('/api/v1/health', { headers: from('10.1.0.1') })).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await server.request('/api/v1/health', { headers: from('10.1.0.2') })).status).toBe(200);
  });

  test('scan runs have a tighter bucket of their own', async () => {
    const dave = await signedIn(server, 'dave@example.com');
    const scan = JSON.stringify({ strategy: 'long_call', narrowedToSymbol: 'KO' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await dave.request('/api/v1/scans/run', { method: 'POST', body: scan })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await dave.request('/api/v1/account/settings')).status).toBe(200);
  });

  test('exports are limited per user, whichever address the form comes from', async () => {
    const erin = await signedIn(server, 'erin@example.com');
    const post = (i: number) =>
      server.request('/api/v1/export/underlyings_all', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...from(`10.2.0.${i}`) },
        body: new URLSearchParams({
          Authorization: `Bearer ${erin.token}`,
          body: JSON.stringify({ strategy: 'long_call', narrowedToSymbol: 'KO' }),
        }).toString(),
      });
    const statuses = [(await post(1)).status, (await post(2)).status];
    const third = await post(3);
    expect(statuses).toEqual([200, 200]);
    expect((await failure(third, 429)).code).toBe('RATE_LIMITED');
  });

  test('failed passwords are limited per account, from however many addresses', async () => {
    // The account exists: sign it up first.
    const password = 'the right password';
    const created = await signInThroughIssuer(
      server,
      { given_name: 'Fay', family_name: 'Wray', email: 'fay@example.com', password },
      from('10.3.0.1'),
    );
    expect(created.answer?.get('id_token')).toBeTruthy();

    const { agent: guesser, page } = await appSignInPage(server);
    const action = formAction(page);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const stop = await guesser.submit(
        action,
        { email: 'fay@example.com', password: `guess-${i}` },
        from(`10.4.0.${i}`),
      );
      statuses.push(stop.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Now even the right password waits (the guesser cannot tell which one was right).
    const right = await guesser.submit(action, { email: 'fay@example.com', password }, from('10.4.1.1'));
    expect(right.status).toBe(429);
    expect(right.html).toContain('Too many failed attempts for this account');
    // Another account is not affected.
    const other = await guesser.submit(
      action,
      { email: 'gus@example.com', password: 'whatever1' },
      from('10.4.1.2'),
    );
    expect(other.status).toBe(401);
  });
});
