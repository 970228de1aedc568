/**
 * Signing in from tests. Every /api/v1 call except health, client-errors, auth/config and the
 * system message needs a bearer token; these helpers get one from a test server's embedded
 * issuer through its operator socket (the same path as `npm run ops -- token EMAIL`), which
 * also creates the user with a fresh 14-day trial.
 *
 * API tests:
 *   const server = await startTestServer({ staticDir: null });
 *   const alice = await signedIn(server, 'alice@example.com');
 *   const res = await alice.request('/api/v1/account/settings');              // GET with the token
 *   await alice.request('/api/v1/account/settings', { method: 'PATCH', body: JSON.stringify({ analyzeTab: 'stock' }) });
 *   // or only the header: { headers: await authHeaders(server, 'bob@example.com') }
 *
 * Subscription states: `await setPlan(server, 'alice@example.com', 112)` (premium Advanced
 * Yearly; a fourth argument sets the status, e.g. 4 = ended), `await moveClock(server, 15)`
 * (business time 15 days ahead: trials end). Any operator command: `await ops(server, 'message', 'Hi')`.
 *
 * Browser tests: `await signInBrowser(context, server, 'a@example.com')` before opening pages
 * stores a token the way /auth does, so screens open signed in.
 */
import type { BrowserContext } from 'playwright-core';
import type { OpsResult } from '#server/ops/commands.ts';
import { sendOpsCommand } from '#server/ops/ops-socket.ts';
import { type FlowStop, formAction, type OidcAgent, oidcAgent } from './oidc-agent.ts';
import type { TestServer } from './test-server.ts';

/** Runs an operator command in the server; throws with its output when it fails. */
export async function ops(server: TestServer, ...args: string[]): Promise<OpsResult> {
  const result = await sendOpsCommand(server.config.dataDir, args);
  if (!result) throw new Error(`no ops socket in ${server.config.dataDir}: is the server running?`);
  if (!result.ok) throw new Error(`ops ${args.join(' ')} failed: ${result.lines.join('\n')}`);
  return result;
}

/** A valid id token for `email` (the user is created on first use). */
export async function tokenFor(server: TestServer, email: string): Promise<string> {
  const { lines } = await ops(server, 'token', email);
  const token = lines.at(-1);
  if (!token) throw new Error('ops token printed nothing');
  return token;
}

export async function authHeaders(server: TestServer, email: string): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await tokenFor(server, email)}` };
}

export interface SignedInClient {
  readonly email: string;
  readonly token: string;
  /** `server.request` with the bearer token, and a JSON content type when there is a body. */
  request(path: string, init?: RequestInit): Promise<Response>;
}

export async function signedIn(server: TestServer, email: string): Promise<SignedInClient> {
  return clientWithToken(server, email, await tokenFor(server, email));
}

/** A client for a token the test got another way (a real sign-in through the issuer's pages). */
export function clientWithToken(server: TestServer, email: string, token: string): SignedInClient {
  return {
    email,
    token,
    request: (path, init = {}) =>
      server.request(path, {
        ...init,
        headers: {
          authorization: `Bearer ${token}`,
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(init.headers as Record<string, string> | undefined),
        },
      }),
  };
}

/**
 * An agent at `server`'s embedded issuer that returns to the app's /auth, on the issuer's sign-in
 * page for the app (its sign-up page with `signUp`).
 */
export async function appSignInPage(
  server: TestServer,
  signUp = false,
): Promise<{ agent: OidcAgent; page: FlowStop; appAuth: string }> {
  const appAuth = `${server.url}/auth`;
  const agent = oidcAgent(`${server.url}/oidc`, [appAuth]);
  return { agent, page: await agent.authorize({ redirectUri: appAuth, signUp }), appAuth };
}

/**
 * Signs up (`fields` with names) or in (`email` and `password` only) through the embedded
 * issuer's own pages, as a browser does; `headers` go on the form post.
 */
export async function signInThroughIssuer(
  server: TestServer,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<FlowStop> {
  const { agent, page } = await appSignInPage(server, 'given_name' in fields);
  return agent.submit(formAction(page), fields, headers);
}

/** Sets the plan (1, 12, 101, 112) and status (default 2 premium) of `email`. */
export async function setPlan(
  server: TestServer,
  email: string,
  planId: number,
  status?: number,
): Promise<void> {
  await ops(server, 'plan', email, String(planId), ...(status === undefined ? [] : [String(status)]));
}

/** Moves the server's business clock to `offsetDays` from the real time (0 resets it). */
export async function moveClock(server: TestServer, offsetDays: number): Promise<void> {
  const res = await server.request('/api/v1/dev/clock', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offsetDays }),
  });
  if (!res.ok) throw new Error(`moving the clock failed: ${res.status} ${await res.text()}`);
}

/**
 * Each tab of `context` starts signed in as `email`: the token is stored once per tab, before
 * the app's first script, so a later Sign Out in that tab stays signed out.
 */
export async function signInBrowser(
  context: BrowserContext,
  server: TestServer,
  email: string,
): Promise<string> {
  const token = await tokenFor(server, email);
  await context.addInitScript((t) => {
    if (sessionStorage.getItem('test:signed-in')) return;
    localStorage.setItem('access_token', t);
    sessionStorage.setItem('test:signed-in', '1');
  }, token);
  return token;
}
