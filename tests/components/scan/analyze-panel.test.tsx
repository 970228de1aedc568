/** The Analyze panel (spec 2 §2.4): tabs remembered in the user's settings, 'No Data', the Trade ticket. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { DEFAULT_USER_SETTINGS, type UserSettings } from '#api/account.ts';
import type { Bar, IvRvRow, UnderlyingFacts } from '#api/market.ts';
import type { ScanTradeRow } from '#api/scans.ts';
import { createQueryClient } from '#app/api/query-client.ts';
import { AnalyzePanel } from '#app/screens/scan/analyze/AnalyzePanel.tsx';
import { decodeTicket } from '#domain/orders/ticket.ts';
import { EXPIRATION, SPREAD_ROW } from '#tests/unit/app/scan/scan-row-fixture.ts';
import { stubApi } from '../api-stub.ts';
import { renderInRouter } from './render-in-router.tsx';

// jsdom has no canvas: the charts render as their labelled boxes.
vi.mock('#app/screens/order/charts/UPlotChart.tsx', () => ({
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

const panel = () => (
  <AnalyzePanel row={SPREAD_ROW} strategy="bull_call_spread" bidAskLevel={0} onClose={() => undefined} />
);

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
    await waitFor(() => expect(chart.textContent).toContain('No Data'));
  });
});

/** A row of a scan whose columns were only the last price and the earnings date. */
const BARE_ROW: ScanTradeRow = {
  ...SPREAD_ROW,
  values: {
    underlying: 'AAPL',
    stock_last: 151.2,
    earnings_date: '2026-01-29',
    bid: 4.05,
    ask: 4.35,
    mid: 4.2,
  },
};
const FACTS: UnderlyingFacts = {
  symbol: 'AAPL',
  asOf: '2026-01-05T15:00:00.000Z',
  values: {
    name: 'Apple Inc.',
    sector_id: 1,
    stock_last: 152.4,
    market_cap: 2.4e12,
    p_e: 28.4,
    beta: 1.21,
    earnings_date: '2026-01-29',
    stock_iv: 0.27,
    stock_iv_pr: 0.42,
    stock_rv: 0.22,
    stock_skew: 0.031,
    stock_skew_pr: 0.66,
    total_vol: 812_000,
    total_oi: 4_250_000,
  },
};
const IV_RV: IvRvRow[] = Array.from({ length: 60 }, (_, i) => ({
  time: 1_760_000_000 + i * 86_400,
  iv: 0.3,
  hv: i < 20 ? null : 0.25,
}));
const barePanel = () => (
  <AnalyzePanel row={BARE_ROW} strategy="bull_call_spread" bidAskLevel={0} onClose={() => undefined} />
);
const ivRvCalls = (fetchStub: ReturnType<typeof stubApi>) =>
  fetchStub.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.includes('/iv-rv'))
    .map((url) => new URL(url, 'http://app.test').search);

describe('each tab loads what it shows, whatever the scan columns were', () => {
  afterEach(() => sessionStorage.clear());

  test('Stock tab: the fundamentals of the underlying', async () => {
    stubApi({
      '/account/settings': settings('stock'),
      '/underlyings/AAPL/bars': BARS,
      '/underlyings/AAPL/facts': FACTS,
    });
    await renderInRouter(barePanel);
    const grid = await screen.findByLabelText('Fundamentals');
    await waitFor(() => expect(grid.textContent).toContain('Apple Inc.'));
    for (const text of ['P/E', '28.40', 'Technology', '$2.40T', '$152.40'])
      expect(grid.textContent).toContain(text);
  });

  test('Stock tab of a fund without a sector: Sector shows a dash, not a code', async () => {
    stubApi({
      '/account/settings': settings('stock'),
      '/underlyings/AAPL/bars': BARS,
      '/underlyings/AAPL/facts': {
        ...FACTS,
        values: { ...FACTS.values, name: 'SPDR S&P 500 ETF', sector_id: 0 },
      },
    });
    await renderInRouter(barePanel);
    const grid = await screen.findByLabelText('Fundamentals');
    await waitFor(() => expect(grid.textContent).toContain('SPDR S&P 500 ETF'));
    const sector = within(grid).getByText('Sector', { exact: true });
    expect(sector.nextElementSibling?.textContent).toBe('—');
  });

  test('Options tab: IV, its rank, skew, volume and open interest; the legs with bid/ask, IV, open interest and dates', async () => {
    stubApi({
      '/account/settings': settings('options'),
      '/trades/AAPL/optionchain': [],
      '/underlyings/AAPL/facts': FACTS,
      '/underlyings/AAPL/iv-rv': IV_RV,
    });
    await renderInRouter(barePanel);
    const grid = await screen.findByLabelText('Options data');
    await waitFor(() => expect(grid.textContent).toContain('Skew'));
    for (const title of ['IV', 'IV Rank', 'RV', 'Skew Rank', 'Total Opt. Volume', 'Total OI'])
      expect(within(grid).getByText(title, { exact: true })).toBeTruthy();
    const legs = screen.getByRole('table', { name: 'Option legs' });
    expect(legs.textContent).toContain('1,200');
    expect(legs.textContent).toContain('7.10 - 7.30');
    expect(legs.textContent).toContain(EXPIRATION);
  });
});

describe('IV vs HV', () => {
  afterEach(() => sessionStorage.clear());

  test('the chart at delta 50, 30 days, CALLs and PUTs; each choice asks again and is kept for the session', async () => {
    const fetchStub = stubApi({
      '/account/settings': settings('options'),
      '/trades/AAPL/optionchain': [],
      '/underlyings/AAPL/facts': FACTS,
      '/underlyings/AAPL/iv-rv': IV_RV,
    });
    const first = await renderInRouter(barePanel);
    const section = await screen.findByRole('region', { name: 'IV vs HV' });
    expect(await within(section).findByRole('img', { name: 'AAPL IV vs HV chart' })).toBeTruthy();
    expect(ivRvCalls(fetchStub)).toEqual(['?delta=50&dte=30&right=null']);
    const delta = within(section).getByLabelText('Delta') as HTMLSelectElement;
    expect([...delta.options].map((o) => o.value)).toEqual([
      '0',
      '10',
      '20',
      '30',
      '40',
      '50',
      '60',
      '70',
      '80',
      '90',
      '100',
    ]);
    expect(
      [...(within(section).getByLabelText('Options') as HTMLSelectElement).options].map((o) => o.textContent),
    ).toEqual(['CALLs and PUTs', 'Only CALLs', 'Only PUTs']);

    fireEvent.change(delta, { target: { value: '20' } });
    fireEvent.change(within(section).getByLabelText('Options'), { target: { value: 'PUT' } });
    fireEvent.change(within(section).getByLabelText('Days to expiry'), { target: { value: '45' } });
    await waitFor(() => expect(ivRvCalls(fetchStub).at(-1)).toBe('?delta=20&dte=45&right=PUT'));

    // Out of 7–90: refused with its message, the chart keeps the last valid choice.
    const calls = ivRvCalls(fetchStub).length;
    for (const text of ['6', '91', '30.5', 'abc']) {
      fireEvent.change(within(section).getByLabelText('Days to expiry'), { target: { value: text } });
      expect(within(section).getByRole('alert').textContent).toBe(
        'Days to expiry must be a whole number from 7 to 90.',
      );
    }
    expect(ivRvCalls(fetchStub)).toHaveLength(calls);

    // Another trade opened later in the session shows the same choices.
    first.unmount();
    await renderInRouter(panel);
    const again = await screen.findByRole('region', { name: 'IV vs HV' });
    expect((within(again).getByLabelText('Delta') as HTMLSelectElement).value).toBe('20');
    expect((within(again).getByLabelText('Days to expiry') as HTMLInputElement).value).toBe('45');
    expect((within(again).getByLabelText('Options') as HTMLSelectElement).value).toBe('PUT');
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
  await renderInRouter(() => (
    <AnalyzePanel row={SPREAD_ROW} strategy="bull_call_spread" bidAskLevel={0} onClose={onClose} />
  ));
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  fireEvent.keyDown(window, { key: 'Escape' });
  expect(onClose).toHaveBeenCalledTimes(2);
});
