/**
 * The app's side of the OpenID implicit flow: the authorization request, the checks on the
 * answer (state, nonce), the /auth screen, and Sign Out's trip to the provider.
 */
import { setupIonicReact } from '@ionic/react';
import { persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import type { AuthConfig } from '#api/auth.ts';
import { PAGE_VIEW_EVENT } from '#app/analytics.ts';
import { openIdbMirrorStorage } from '#app/api/idb-mirror-storage.ts';
import { createQueryClient, persistOptions } from '#app/api/query-client.ts';
import { jwtPayload } from '#app/auth/jwt-payload.ts';
import { authorizationUrl, completeSignIn } from '#app/auth/sign-in.ts';
import { addBeforeSignOutStep, signOut } from '#app/auth/sign-out.ts';
import { storedToken, storeToken } from '#app/auth/token.ts';
import { screenerKeys } from '#app/features/screener/keys.ts';
import { NO_TOKEN_MESSAGE } from '#app/screens/auth/AuthScreen.tsx';
import { stubApi, TRIAL_SUBSCRIPTION } from './api-stub.ts';
import { renderAt } from './render-app.tsx';

const CONFIG: AuthConfig = {
  issuer: 'http://localhost:3000/oidc',
  clientId: 'optionscout',
  authorizationEndpoint: '/oidc/auth',
  endSessionEndpoint: '/oidc/session/end',
  embedded: true,
};

const b64url = (value: object) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
/** An unsigned token with these claims: the app reads claims, the server checks signatures. */
const fakeToken = (claims: object) => `${b64url({ alg: 'RS256' })}.${b64url(claims)}.sig`;

async function startSignIn(
  opts: { signUp?: boolean; redirect?: string; routerState?: Record<string, unknown> } = {},
) {
  const url = new URL(await authorizationUrl({ signUp: false, redirect: '/', ...opts }));
  return { url, state: url.searchParams.get('state') ?? '', nonce: url.searchParams.get('nonce') ?? '' };
}

beforeAll(() => setupIonicReact({ mode: 'md' }));
beforeEach(() => {
  stubApi({ '/auth/config': CONFIG, '/account/subscription': TRIAL_SUBSCRIPTION });
});
afterEach(() => {
  storeToken(null);
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('authorization request', () => {
  test('asks the provider for an id token in the fragment, back to /auth, with state and nonce', async () => {
    const { url, state, nonce } = await startSignIn();
    expect(url.origin + url.pathname).toBe(`${window.location.origin}/oidc/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'optionscout',
      response_type: 'id_token',
      response_mode: 'fragment',
      scope: 'openid profile email',
      redirect_uri: `${window.location.origin}/auth`,
    });
    expect(state.length).toBeGreaterThan(20);
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(url.searchParams.has('screen_hint')).toBe(false);
  });

  test('/signup asks for the sign-up page; two requests never share state or nonce', async () => {
    const a = await startSignIn({ signUp: true });
    const b = await startSignIn({ signUp: true });
    expect(a.url.searchParams.get('screen_hint')).toBe('signup');
    expect(a.state).not.toBe(b.state);
    expect(a.nonce).not.toBe(b.nonce);
  });
});

describe('the answer at /auth', () => {
  test('a matching answer stores the token and returns the redirect address and router state', async () => {
    const { state, nonce } = await startSignIn({ redirect: '/trades?x=1', routerState: { from: 'menu' } });
    const token = fakeToken({ sub: 'u1', nonce, email: 'a@example.com' });
    const result = completeSignIn(`#id_token=${token}&state=${encodeURIComponent(state)}`);
    expect(result).toEqual({
      kind: 'signedIn',
      redirect: '/trades?x=1',
      routerState: { from: 'menu' },
      sub: 'u1',
    });
    expect(storedToken()).toBe(token);
  });

  test('a state this tab did not send, a wrong nonce, or a replay is refused', async () => {
    const first = await startSignIn();
    expect(completeSignIn(`#id_token=${fakeToken({ sub: 'u', nonce: first.nonce })}&state=forged`)).toEqual({
      kind: 'mismatch',
    });
    const second = await startSignIn();
    expect(
      completeSignIn(
        `#id_token=${fakeToken({ sub: 'u', nonce: 'other' })}&state=${encodeURIComponent(second.state)}`,
      ),
    ).toEqual({ kind: 'mismatch' });
    const third = await startSignIn();
    const answer = `#id_token=${fakeToken({ sub: 'u', nonce: third.nonce })}&state=${encodeURIComponent(third.state)}`;
    expect(completeSignIn(answer).kind).toBe('signedIn');
    expect(completeSignIn(answer)).toEqual({ kind: 'mismatch' });
  });

  test('an answer without a token is the refused-address case', async () => {
    const { state } = await startSignIn();
    expect(completeSignIn(`#error=access_denied&state=${state}`)).toEqual({ kind: 'noToken' });
    expect(storedToken()).toBeNull();
  });

  test('the /auth screen shows the refused-address message with a way to try another address', async () => {
    window.history.replaceState(null, '', '/auth#error=access_denied');
    await renderAt('/auth');
    expect((await screen.findByRole('alert')).textContent).toBe(NO_TOKEN_MESSAGE);
    expect(screen.getByRole('button', { name: 'Log out and try another address' })).toBeTruthy();
    expect(window.location.hash).toBe('');
  });

  test('a new user lands on the redirect address and the sign-up page view is recorded once', async () => {
    vi.unstubAllGlobals();
    stubApi({ '/auth/config': CONFIG, '/account/subscription': { ...TRIAL_SUBSCRIPTION, signup: true } });
    const views: string[] = [];
    const listener = (e: Event) => views.push((e as CustomEvent<string>).detail);
    window.addEventListener(PAGE_VIEW_EVENT, listener);
    const { state, nonce } = await startSignIn({ redirect: '/trades' });
    window.history.replaceState(
      null,
      '',
      `/auth#id_token=${fakeToken({ sub: 'new', nonce })}&state=${state}`,
    );
    const router = await renderAt('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/trades'));
    window.removeEventListener(PAGE_VIEW_EVENT, listener);
    expect(views).toEqual(['/signup/success']);
    expect(window.location.hash).toBe('');
  });
});

test('a fresh token the API refuses stops at /auth with a message (no sign-in loop)', async () => {
  vi.unstubAllGlobals();
  const fetchStub = stubApi({
    '/auth/config': CONFIG,
    '/account/subscription': Response.json({ code: 'UNAUTHORIZED', message: 'no' }, { status: 401 }),
  });
  const { state, nonce } = await startSignIn({ redirect: '/trades' });
  window.history.replaceState(null, '', `/auth#id_token=${fakeToken({ sub: 'x', nonce })}&state=${state}`);
  const router = await renderAt('/auth');
  expect((await screen.findByRole('alert')).textContent).toContain('The sign-in was not accepted.');
  expect(router.state.location.pathname).toBe('/auth');
  expect(storedToken()).toBeNull();
  expect(fetchStub.mock.calls.map(([url]) => String(url))).toEqual([
    '/api/v1/auth/config',
    '/api/v1/account/subscription',
  ]);
});

describe('sign out', () => {
  test('forgets the token and cache, then ends the provider session with a return address', async () => {
    storeToken('tok');
    const queryClient = createQueryClient();
    queryClient.setQueryData(['account', 'settings'], { x: 1 });
    const go = vi.fn();
    await signOut(queryClient, '/signin', go);
    expect(storedToken()).toBeNull();
    expect(queryClient.getQueryData(['account', 'settings'])).toBeUndefined();
    const url = new URL(go.mock.calls[0]?.[0] as string);
    expect(url.pathname).toBe('/oidc/session/end');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'optionscout',
      post_logout_redirect_uri: `${window.location.origin}/signin`,
      id_token_hint: 'tok',
    });
  });

  test('wipes the persisted cache from IndexedDB, a change still waiting to be written included', async () => {
    storeToken('tok');
    const storage = await openIdbMirrorStorage('sign-out-wipe');
    const queryClient = createQueryClient();
    const options = persistOptions(storage, 'v1');
    queryClient.setQueryData(screenerKeys.lists(), [{ id: 1 }]);
    await persistQueryClientSave({ queryClient, ...options });
    options.persister.flush();
    await storage.flush();
    expect((await openIdbMirrorStorage('sign-out-wipe')).getItem('query-cache')).not.toBeNull();
    queryClient.setQueryData(screenerKeys.scan(2), { id: 2 });
    await persistQueryClientSave({ queryClient, ...options });

    await signOut(queryClient, '/signin', vi.fn());
    expect(storage.getItem('query-cache')).toBeNull();
    expect((await openIdbMirrorStorage('sign-out-wipe')).getItem('query-cache')).toBeNull();
  });

  test('runs the steps before it while signed in; a step saying no keeps the user signed in', async () => {
    storeToken('tok');
    const queryClient = createQueryClient();
    queryClient.setQueryData(['account', 'settings'], { x: 1 });
    const seen: (string | null)[] = [];
    const remove = addBeforeSignOutStep(async () => {
      seen.push(storedToken());
      return false;
    });
    const go = vi.fn();
    expect(await signOut(queryClient, '/signin', go)).toBe(false);
    remove();
    expect(seen).toEqual(['tok']);
    expect(storedToken()).toBe('tok');
    expect(queryClient.getQueryData(['account', 'settings'])).toEqual({ x: 1 });
    expect(go).not.toHaveBeenCalled();
    expect(await signOut(queryClient, '/signin', go)).toBe(true);
    expect(go).toHaveBeenCalled();
  });

  test('a provider without a logout endpoint: straight back to the return address', async () => {
    vi.unstubAllGlobals();
    stubApi({ '/auth/config': { ...CONFIG, endSessionEndpoint: null } });
    const go = vi.fn();
    await signOut(createQueryClient(), '/signup', go);
    expect(go).toHaveBeenCalledWith(`${window.location.origin}/signup`);
  });
});

test('jwtPayload reads base64url claims, names in any script included', () => {
  expect(jwtPayload(fakeToken({ sub: 's', name: 'Zoë Øster 東京' }))).toEqual({
    sub: 's',
    name: 'Zoë Øster 東京',
  });
  expect(jwtPayload('not-a-token')).toBeNull();
  expect(jwtPayload('a.@@@.c')).toBeNull();
});
