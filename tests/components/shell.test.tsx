import { setupIonicReact } from '@ionic/react';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { storeToken } from '#app/auth/token.ts';
import { stubApi, TRIAL_SUBSCRIPTION } from './api-stub.ts';
import { renderAt } from './render-app.tsx';

beforeAll(() => setupIonicReact({ mode: 'md' }));
// Every screen but the sign-in pages and terms needs a stored token (spec 1 §5).
beforeEach(() => {
  storeToken('test-token');
  stubApi({ '/account/subscription': TRIAL_SUBSCRIPTION });
});
afterEach(() => {
  storeToken(null);
  vi.unstubAllGlobals();
});

describe('app shell', () => {
  test('/ lands on /screener with the header menus and the tab bar', async () => {
    const router = await renderAt('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/screener'));
    expect(await screen.findByRole('heading', { name: 'All Scans' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Analyzer' }).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Sign Out').length).toBeGreaterThan(0);
    expect(document.querySelector('ion-tab-button[tab="trades"]')).not.toBeNull();
  });

  test('the tab bar navigates', async () => {
    const router = await renderAt('/screener');
    const tab = document.querySelector('ion-tab-button[tab="trades"]') as HTMLElement;
    await act(async () => {
      tab.dispatchEvent(
        new CustomEvent('ionTabButtonClick', { detail: { tab: 'trades', href: '/trades' }, bubbles: true }),
      );
      tab.click();
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/trades'));
    expect(await screen.findByRole('heading', { name: 'Trades' })).toBeTruthy();
  });

  test.each([
    ['/scan/view/42', '/screener/scan/42'],
    ['/scan/edit/7', '/screener/scan/7'],
    ['/scan/edit', '/screener/scan'],
    ['/scan/9', '/screener/scan/9'],
    ['/scenario/AAPL', '/analyzer/AAPL'],
    ['/scenario', '/analyzer'],
    ['/settings', '/settings/universes'],
    ['/settings/excel', '/integrations/excel'],
    ['/settings/sheets', '/integrations/sheets'],
    ['/integrations', '/integrations/excel'],
    ['/verified', '/screener'],
  ])('legacy and default redirect %s → %s', async (from, to) => {
    const router = await renderAt(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  test('/trades drops search values that are not valid, keeps the ones that are', async () => {
    const router = await renderAt('/trades?accountId=%22x%22&view=closed');
    await waitFor(() =>
      expect(router.state.matches.at(-1)?.search).toEqual({ accountId: undefined, view: 'closed' }),
    );
  });

  test('settings pages carry the section title', async () => {
    await renderAt('/settings/tradeAccounts');
    expect(await screen.findByRole('heading', { name: 'Trading Accounts | Settings' })).toBeTruthy();
  });

  test.each([
    '/no/such/page',
    '/settings/nope',
    '/integrations/word',
    // Each route checks its own parameters: ids are canonical, tickers tickers, plans the four.
    '/order/close/abc',
    '/order/close/0x10',
    '/order/edit/007',
    '/analyzer/a-b',
    '/checkout/13',
    '/thankyou/0',
  ])('%s shows the not-found page', async (path) => {
    await renderAt(path);
    expect(await screen.findByRole('heading', { name: '404 :(' })).toBeTruthy();
  });

  test('sign-in pages have no shell', async () => {
    await renderAt('/signin');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(document.querySelector('.app-header')).toBeNull();
    expect(document.querySelector('ion-tab-bar')).toBeNull();
  });
});
