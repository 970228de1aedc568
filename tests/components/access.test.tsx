/**
 * Access rules in the app (spec 1 §4–§6): the token guard, the ended-subscription redirect,
 * the trial countdown in the header and the operator's system message.
 */
import { setupIonicReact } from '@ionic/react';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { createQueryClient } from '#app/api/query-client.ts';
import { accessRedirect, safeReturnPath } from '#app/auth/access.ts';
import { storeToken } from '#app/auth/token.ts';
import { accountKeys } from '#app/features/account/keys.ts';
import { stubApi, TRIAL_SUBSCRIPTION } from './api-stub.ts';
import { renderAt } from './render-app.tsx';

beforeAll(() => setupIonicReact({ mode: 'md' }));
afterEach(() => {
  storeToken(null);
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the rule', () => {
  test.each([
    ['/signin', false, undefined, null],
    ['/signup', false, undefined, null],
    ['/auth', false, undefined, null],
    ['/verified', false, undefined, null],
    ['/terms', false, undefined, null],
    ['/trades', false, undefined, '/signin?redirect=%2Ftrades'],
    ['/', false, undefined, '/signin'],
    ['/trades', true, 0, null],
    ['/trades', true, 2, null],
    ['/trades', true, 3, null],
    ['/trades', true, 1, '/pricing'],
    ['/settings/universes', true, 4, '/pricing'],
    ['/account', true, 1, '/pricing'],
    ['/pricing', true, 1, null],
    ['/checkout/101', true, 4, null],
    ['/thankyou', true, 1, null],
    ['/thankyou/112', true, 4, null],
    ['/terms', true, 1, null],
  ] as const)('%s with token %s and status %s → %s', (path, hasToken, status, expected) => {
    expect(accessRedirect(path, path, hasToken, status)).toBe(expected);
  });

  test.each(['//evil.example/x', 'https://evil.example/', '/\\evil', 42, null, 'screener'])(
    'a return address %s outside the app becomes /',
    (value) => expect(safeReturnPath(value)).toBe('/'),
  );
});

describe('in the app', () => {
  test('without a token a screen goes to /signin, remembering where it was', async () => {
    stubApi({});
    const router = await renderAt('/trades?account=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.location.search).toEqual({ redirect: '/trades?account=2' });
  });

  test('terms are public', async () => {
    stubApi({});
    await renderAt('/terms');
    expect(await screen.findByRole('heading', { name: 'Terms of service' })).toBeTruthy();
  });

  test.each([
    [14, 'Free trial 14 days left'],
    [1, 'Free trial expires tomorrow!'],
    [0, 'Free trial expires today!'],
  ])('a trial user with %i days left reads "%s" in the header', async (days, text) => {
    storeToken('t');
    stubApi({ '/account/subscription': { ...TRIAL_SUBSCRIPTION, goodUntilDays: days } });
    await renderAt('/screener');
    expect(await screen.findByText(text)).toBeTruthy();
  });

  test('a premium user sees no countdown', async () => {
    storeToken('t');
    stubApi({
      '/account/subscription': { ...TRIAL_SUBSCRIPTION, status: 2, planId: 101, goodUntilDays: 20 },
    });
    await renderAt('/screener');
    await screen.findByRole('heading', { name: 'All Scans' });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(document.querySelector('.trial-notice')).toBeNull();
  });

  test('an ended trial answered by the server sends the screen to /pricing', async () => {
    storeToken('t');
    stubApi({ '/account/subscription': { ...TRIAL_SUBSCRIPTION, status: 1, goodUntilDays: 0 } });
    const router = await renderAt('/analyzer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
  });

  test('a cached ended subscription redirects before the screen renders; checkout stays open', async () => {
    storeToken('t');
    stubApi({ '/account/subscription': { ...TRIAL_SUBSCRIPTION, status: 4, planId: 1, goodUntilDays: 0 } });
    const queryClient = createQueryClient();
    queryClient.setQueryData(accountKeys.subscription(), { ...TRIAL_SUBSCRIPTION, status: 4 });
    const router = await renderAt('/trades', queryClient);
    expect(router.state.location.pathname).toBe('/pricing');
    await act(() => router.navigate({ href: '/checkout/101' }));
    expect(router.state.location.pathname).toBe('/checkout/101');
  });

  test('the system message shows and can be dismissed; a trailing one cannot', async () => {
    storeToken('t');
    const message = {
      message: 'Maintenance tonight',
      description: '22:00 UTC',
      trailing: false,
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    stubApi({ '/account/subscription': TRIAL_SUBSCRIPTION, '/system/message': message });
    await renderAt('/screener');
    const banner = await screen.findByRole('status');
    expect(banner.textContent).toContain('Maintenance tonight');
    expect(banner.textContent).toContain('22:00 UTC');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());

    vi.unstubAllGlobals();
    stubApi({
      '/account/subscription': TRIAL_SUBSCRIPTION,
      '/system/message': { ...message, trailing: true },
    });
    cleanup();
    await renderAt('/screener');
    expect((await screen.findByRole('status')).textContent).toContain('Maintenance tonight');
    expect(screen.queryByRole('button', { name: 'Dismiss message' })).toBeNull();
  });
});
