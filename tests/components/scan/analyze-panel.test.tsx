/** The Analyze panel (spec 2 §2.4): tabs remembered in the user's settings, 'No Data', the Trade ticket. */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { DEFAULT_USER_SETTINGS, type UserSettings } from '../../../src/api/account.ts';
import type { Bar } from '../../../src/api/market.ts';
import { createQueryClient } from '../../../src/app/api/query-client.ts';
import { AnalyzePanel } from '../../../src/app/screens/scan/analyze/AnalyzePanel.tsx';
import { decodeTicket } from '../../../src/domain/orders/ticket.ts';
import { SPREAD_ROW } from '../../unit/app/scan/scan-row-fixture.ts';
import { stubApi } from '../api-stub.ts';
import { renderInRouter } from './render-in-router.tsx';

// jsdom has no canvas: the charts render as their labelled boxes.
vi.mock('../../../src/app/screens/order/charts/UPlotChart.tsx', () => ({
  UPlotChart: ({ label }: { label: string }): ReactNode => <div role="img" aria-label={label} />,
}));

afterEach(() => vi.unstubAllGlobals());

const settings = (analyzeTab: UserSettings['analyzeTab']): UserSettings => ({
  ...DEFAULT_USER_SETTINGS,
  analyzeTab,
});

const BARS: Bar[] = Array.from({ length: 120 }, (_, i) => ({
  time: 1_760_000_000 + i * 86_400,
  open: 150,
  high: 152,
  low: 149,
  close: 150 + (i % 5),
  volume: 1_000_000,
}));

/** The API with the user's settings kept as the server does: PATCH merges and answers the result. */
function stubServer(stored: UserSettings, answers: Record<string, unknown> = {}) {
  const fetchStub = stubApi(answers);
  const other = fetchStub.getMockImplementation() as (input: string) => Promise<Response>;
  const patches: unknown[] = [];
  fetchStub.mockImplementation(async (input: string, init?: RequestInit) => {
    if (!input.endsWith('/account/settings')) return other(input);
    if (init?.method === 'PATCH') {
      const patch = JSON.parse(String(init.body)) as Partial<UserSettings>;
      patches.push(patch);
      Object.assign(stored, patch);
    }
    return Response.json(stored);
  });
  return patches;
}

const panel = () => <AnalyzePanel row={SPREAD_ROW} strategy="bull_call_spread" onClose={() => undefined} />;

const selectedTab = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true');

describe('tabs', () => {
  test('opens on the tab the settings hold; a switch is stored and remembered next time', async () => {
    const patches = stubServer(settings('stock'), {
      '/underlyings/AAPL/bars': BARS,
      '/trades/AAPL/optionchain': [],
    });
    const queryClient = createQueryClient();
    const first = await renderInRouter(panel, queryClient);
    expect(screen.getByRole('dialog', { name: 'ANALYZE - AAPL' })).toBeTruthy();
    await waitFor(() => expect(selectedTab()?.textContent).toBe('Stock'));

    fireEvent.click(screen.getByRole('tab', { name: 'Options' }));
    expect(selectedTab()?.textContent).toBe('Options');
    await waitFor(() => expect(patches).toEqual([{ analyzeTab: 'options' }]));

    first.unmount();
    const second = await renderInRouter(panel, queryClient);
    expect(selectedTab()?.textContent).toBe('Options');
    // A later visit reads it from the server.
    second.unmount();
    await renderInRouter(panel, createQueryClient());
    await waitFor(() => expect(selectedTab()?.textContent).toBe('Options'));
  });

  test('the Strategy tab by default: legs table, Bid/Mid/Ask and the PL Profile', async () => {
    stubApi({ '/account/settings': DEFAULT_USER_SETTINGS });
    await renderInRouter(panel);
    await waitFor(() => expect(selectedTab()?.textContent).toBe('Strategy'));
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain('BUY');
    expect(rows[2]?.textContent).toContain('SELL');
    expect(screen.getByLabelText('Bid, mid and ask').textContent).toBe('Bid$4.05Mid$4.20Ask$4.35');
    expect(await screen.findByRole('img', { name: 'PL Profile' })).toBeTruthy();
  });

  test('settings that cannot be read: the Strategy tab', async () => {
    stubApi({});
    await renderInRouter(panel);
    await waitFor(() => expect(selectedTab()?.textContent).toBe('Strategy'));
  });

  test('Stock tab: fundamentals and the price chart', async () => {
    stubApi({ '/account/settings': settings('stock'), '/underlyings/AAPL/bars': BARS });
    await renderInRouter(panel);
    expect(await screen.findByRole('img', { name: 'AAPL price chart' })).toBeTruthy();
    expect(screen.getByLabelText('Fundamentals').textContent).toContain('Apple Inc.');
  });

  test.each([
    ['no history (null)', null],
    ['no bars', []],
  ])('Stock tab with %s says No Data', async (_, bars) => {
    stubApi({ '/account/settings': settings('stock'), '/underlyings/AAPL/bars': bars });
    await renderInRouter(panel);
    const chart = await screen.findByRole('region', { name: 'Price chart' });
    await waitFor(() => expect(chart.textContent).toBe('No Data'));
  });

  test('Options tab: facts, and No Data when the chain lacks the expiration', async () => {
    stubApi({ '/account/settings': settings('options'), '/trades/AAPL/optionchain': [] });
    await renderInRouter(panel);
    expect((await screen.findByLabelText('Options data')).textContent).toContain('IV');
    const chart = screen.getByRole('region', { name: 'Options chart' });
    await waitFor(() => expect(chart.textContent).toBe('No Data'));
  });
});

test('Trade opens /order/open/{ticket} with the strategy, the legs and size 1', async () => {
  stubApi({ '/account/settings': DEFAULT_USER_SETTINGS });
  const { router } = await renderInRouter(panel);
  const newTab = screen.getByRole('link', { name: 'Trade in a new tab' });
  expect(newTab.getAttribute('target')).toBe('_blank');
  await act(async () => {
    fireEvent.click(screen.getByRole('link', { name: 'Trade' }));
  });
  const ticket = await screen.findByTestId('ticket');
  expect(router.state.location.pathname).toBe(`/order/open/${ticket.textContent}`);
  expect(newTab.getAttribute('href')).toBe(router.state.location.pathname);
  expect(decodeTicket(ticket.textContent ?? '')).toEqual({
    strategy: 'bull_call_spread',
    legs: [
      { contractId: 'AAPL260220C150', quantity: 1, limitPrice: 7.2 },
      { contractId: 'AAPL260220C160', quantity: -1, limitPrice: 3 },
    ],
    size: 1,
  });
});

test('close button and Escape close', async () => {
  stubApi({ '/account/settings': DEFAULT_USER_SETTINGS });
  const onClose = vi.fn();
  await renderInRouter(() => <AnalyzePanel row={SPREAD_ROW} strategy="bull_call_spread" onClose={onClose} />);
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  fireEvent.keyDown(window, { key: 'Escape' });
  expect(onClose).toHaveBeenCalledTimes(2);
});
