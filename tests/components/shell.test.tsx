import { setupIonicReact } from '@ionic/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, test } from 'vitest';
import { createQueryClient } from '../../src/app/api/query-client.ts';
import { createAppRouter } from '../../src/app/router.tsx';

beforeAll(() => setupIonicReact({ mode: 'md' }));

async function renderAt(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [path] }) });
  await act(async () => {
    await router.load();
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

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

  test('settings pages carry the section title', async () => {
    await renderAt('/settings/tradeAccounts');
    expect(await screen.findByRole('heading', { name: 'Trading Accounts | Settings' })).toBeTruthy();
  });

  test.each(['/no/such/page', '/settings/nope', '/integrations/word'])(
    '%s shows the not-found page',
    async (path) => {
      await renderAt(path);
      expect(await screen.findByRole('heading', { name: '404 :(' })).toBeTruthy();
    },
  );

  test('sign-in pages have no shell', async () => {
    await renderAt('/signin');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(document.querySelector('.app-header')).toBeNull();
    expect(document.querySelector('ion-tab-bar')).toBeNull();
  });
});
