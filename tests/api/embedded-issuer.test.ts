/**
 * The embedded OpenID issuer over real HTTP, as a browser would drive it: discovery, sign-up
 * (and refused addresses), sign-in, single sign-on, sign-out with a return address, state that
 * survives a restart, hashed passwords, rate-limited form posts.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ISSUER_KEYS_FILE } from '#server/auth/issuer-keys.ts';
import { openDatabase } from '#server/db/database.ts';
import { claimsOf, type FlowStop, formAction, hiddenFields, oidcAgent } from '../support/oidc-agent.ts';
import { freePort, startTestServer, type TestServer } from '../support/test-server.ts';

// One data folder and port for the whole file: the server is restarted on them.
const dataDir = mkdtempSync(join(tmpdir(), 'issuer-test-'));
let port: number;
let server: TestServer;
let appAuth: string;
let issuer: string;
const restart = async () => {
  await server.stop();
  server = await startTestServer({ staticDir: null, dataDir, port });
};
beforeAll(async () => {
  port = await freePort();
  server = await startTestServer({ staticDir: null, dataDir, port });
  appAuth = `${server.url}/auth`;
  issuer = `${server.url}/oidc`;
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const newAgent = () => oidcAgent(issuer, [appAuth, `${server.url}/signin`]);
const signUpFields = { given_name: 'Ada', family_name: 'Lovelace', password: 'correct horse battery' };

async function startSignUp(agent = newAgent(), nonce = 'n-1') {
  const page = await agent.authorize({
    redirectUri: appAuth,
    state: 's-1',
    nonce,
    signUp: true,
  });
  expect(page.status).toBe(200);
  expect(page.html).toContain('Create your account');
  return { agent, page };
}

function tokenOf(stop: FlowStop): string {
  expect(
    stop.answer,
    `expected a redirect to the app, got ${stop.status} ${stop.html.slice(0, 300)}`,
  ).not.toBeNull();
  return stop.answer?.get('id_token') ?? '';
}

describe('discovery', () => {
  test('names the issuer, the implicit id_token flow and the logout endpoint', async () => {
    const doc = (await (await server.request('/oidc/.well-known/openid-configuration')).json()) as Record<
      string,
      unknown
    >;
    expect(doc.issuer).toBe(issuer);
    expect(doc.response_types_supported).toEqual(['id_token']);
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));
    expect(doc.end_session_endpoint).toBe(`${issuer}/session/end`);
    const jwks = (await (await server.request('/oidc/jwks')).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  test('the app learns the same issuer from /api/v1/auth/config', async () => {
    const config = await (await server.request('/api/v1/auth/config')).json();
    expect(config).toEqual({
      issuer,
      clientId: 'optionscout',
      authorizationEndpoint: '/oidc/auth',
      endSessionEndpoint: '/oidc/session/end',
      embedded: true,
    });
  });
});

describe('sign-up', () => {
  test('a new account gets an id token with e-mail and names, back at /auth with the state', async () => {
    const { agent, page } = await startSignUp(newAgent(), 'nonce-42');
    expect(page.html).toMatch(/<label for="email">/);
    expect(page.html).toMatch(/autocomplete="new-password"/);
    const stop = await agent.submit(formAction(page), { ...signUpFields, email: ' Ada@Example.com ' });
    const token = tokenOf(stop);
    expect(stop.answer?.get('state')).toBe('s-1');
    expect(claimsOf(token)).toMatchObject({
      iss: issuer,
      aud: 'optionscout',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      given_name: 'Ada',
      family_name: 'Lovelace',
      nonce: 'nonce-42',
    });
    // The API accepts it: the first call creates the user on a 14-day trial.
    const res = await server.request('/api/v1/account/subscription', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await res.json()).toMatchObject({ status: 0, goodUntilDays: 14, signup: true });
  });

  test.each([
    [
      'disposable',
      'someone@mailinator.com',
      "Can't use this email address. It is either disposable or a typo.",
    ],
    ['mistyped', 'someone@gmial.com', 'Did you mean someone@gmail.com?'],
    ['malformed', 'someone@', 'Please enter a valid e-mail address.'],
  ])('a %s address is refused with a clear message and no account', async (_kind, email, message) => {
    const { agent, page } = await startSignUp();
    const stop = await agent.submit(formAction(page), { ...signUpFields, email });
    expect(stop.status).toBe(400);
    expect(stop.answer).toBeNull();
    expect(stop.html).toContain(message.replace(/'/g, '&#39;'));
    expect(stop.html).toContain('aria-invalid="true"');
  });

  test('missing names and a short password are named field by field', async () => {
    const { agent, page } = await startSignUp();
    const stop = await agent.submit(formAction(page), { email: 'x@example.org', password: 'short' });
    expect(stop.status).toBe(400);
    expect(stop.html).toContain('Please enter your first name.');
    expect(stop.html).toContain('Please enter your last name.');
    expect(stop.html).toContain('Use at least 8 characters.');
  });

  test('an address that already has an account is sent to sign in', async () => {
    const { agent, page } = await startSignUp();
    const stop = await agent.submit(formAction(page), { ...signUpFields, email: 'ada@example.com' });
    expect(stop.status).toBe(409);
    expect(stop.html).toContain('already exists');
    expect(stop.html).toContain('view=signin');
  });

  test('passwords are stored as scrypt hashes, never as given', async () => {
    const { agent, page } = await startSignUp();
    tokenOf(await agent.submit(formAction(page), { ...signUpFields, email: 'hash@example.com' }));
    // The embedded database allows one process: stop the server to read it.
    await server.stop();
    const db = await openDatabase({ dataDir, databaseUrl: null });
    const row = await db.db
      .selectFrom('identities')
      .select('password_hash')
      .where('email', '=', 'hash@example.com')
      .executeTakeFirstOrThrow();
    await db.close();
    expect(row.password_hash).toMatch(/^scrypt\$65536\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(row.password_hash).not.toContain(signUpFields.password);
    server = await startTestServer({ staticDir: null, dataDir, port });
  });
});

describe('sign-in, single sign-on and sign-out', () => {
  let agent: ReturnType<typeof newAgent>;

  test('a wrong password is refused; the right one signs in', async () => {
    agent = newAgent();
    const page = await agent.authorize({ redirectUri: appAuth });
    expect(page.html).toContain('<h1>Sign in</h1>');
    const wrong = await agent.submit(formAction(page), {
      email: 'ada@example.com',
      password: 'not it at all',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.html).toContain('Wrong e-mail or password.');
    const unknown = await agent.submit(formAction(wrong), {
      email: 'nobody@example.com',
      password: 'whatever1',
    });
    expect(unknown.html).toContain('Wrong e-mail or password.');
    const right = await agent.submit(formAction(unknown), {
      email: 'ada@example.com',
      password: signUpFields.password,
    });
    expect(claimsOf(tokenOf(right))).toMatchObject({ email: 'ada@example.com', nonce: 'n' });
  });

  test('a second sign-in in the same browser needs no password, also after a server restart', async () => {
    await restart();
    const again = await agent.authorize({
      redirectUri: appAuth,
      state: 's2',
      nonce: 'n2',
    });
    expect(claimsOf(tokenOf(again))).toMatchObject({ email: 'ada@example.com', nonce: 'n2' });
  });

  test('sign-out ends the session and returns to the app; the next sign-in asks again', async () => {
    const page = await agent.open(
      `${issuer}/session/end?client_id=optionscout&post_logout_redirect_uri=${encodeURIComponent(`${server.url}/signin`)}`,
    );
    expect(page.status).toBe(200);
    expect(page.html).toContain('Signing out');
    const done = await agent.submit(formAction(page), { ...hiddenFields(page), logout: 'yes' });
    expect(done.url).toBe(`${server.url}/signin`);
    const next = await agent.authorize({
      redirectUri: appAuth,
      state: 's3',
      nonce: 'n3',
    });
    expect(next.status).toBe(200);
    expect(next.html).toContain('<h1>Sign in</h1>');
  });

  test('a return address the client may not use is refused', async () => {
    const page = await newAgent().authorize({ redirectUri: 'http://evil.example/steal' });
    expect(page.answer).toBeNull();
    expect(page.status).toBe(400);
    expect(page.html).toContain('redirect_uri');
  });

  test('the signing keys are kept in DATA_DIR, owner-only', () => {
    expect(statSync(join(server.config.dataDir, ISSUER_KEYS_FILE)).mode & 0o777).toBe(0o600);
  });
});

describe('rate limit', () => {
  test('more than 10 sign-in attempts a minute from one address get a wait page', async () => {
    const agent = newAgent();
    let stop = await agent.authorize({ redirectUri: appAuth });
    const action = formAction(stop);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      stop = await agent.submit(action, { email: 'ada@example.com', password: `guess-${i}` });
      statuses.push(stop.status);
    }
    // Earlier tests in this file posted sign-ins too: the limit is 10 per minute in total.
    expect(statuses.at(-1)).toBe(429);
    expect(stop.html).toContain('Too many attempts');
  });
});
