/**
 * The Analyzer screen (spec 3 §2, §4, §8): a ticker fills in its defaults, Run waits for a date
 * and valid inputs, a run asks each strategy of the view's set in parallel and shows the cards as
 * they come, the slider picks other trades, a shared address runs as it says, and failures show
 * as spec 3 §8 says.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { GENERIC_ERROR_MESSAGE, TIMEOUT_MESSAGE } from '#api/errors.ts';
import type { ScenarioRunStandardRequest, ScenarioTrade } from '#api/scenario.ts';
import { ListRole, type ListsAnswer, type ScanSummary } from '#api/screener-model.ts';
import { storeToken } from '#app/auth/token.ts';
import { ANALYZER_STRATEGY_SETS } from '#domain/scenario/behaviors.ts';
import { BARS, EXPIRATIONS, FACTS, standardAnswer, tradeOf, UNDERLYINGS } from './analyzer-fixtures.ts';
import { PerCall, type StubRequest, stubApi, TRIAL_SUBSCRIPTION } from './api-stub.ts';
import { renderAt } from './render-app.tsx';

vi.mock('#app/live/live-client.ts', () => ({ loadLiveConnection: () => new Promise(() => {}) }));
// uPlot needs a canvas; the charts are not what these tests are about.
vi.mock('#app/screens/analyzer/charts.ts', () => ({
  ScenarioPriceChart: () => null,
  PlChart: ({ label }: { label: string }) => <p>{label}</p>,
}));

beforeEach(() => storeToken('test-token'));
afterEach(() => {
  storeToken(null);
  vi.unstubAllGlobals();
  localStorage.clear();
});

type RunAnswer = (body: ScenarioRunStandardRequest) => Response | Promise<Response>;

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** The server, with `runstandard` answered by `run`; its requests and their abort signals kept. */
function stubServer(
  run: RunAnswer = (body) => Response.json(standardAnswer(body)),
  extra: Record<string, unknown> = {},
) {
  const runs: ScenarioRunStandardRequest[] = [];
  const signals: AbortSignal[] = [];
  const fetchStub = stubApi({
    '/account/subscription': TRIAL_SUBSCRIPTION,
    '/underlyings': UNDERLYINGS,
    '/underlyings/AAPL/facts': FACTS,
    '/underlyings/AAPL/expirations': EXPIRATIONS,
    '/underlyings/AAPL/bars': BARS,
    '/market/environment': { riskFreeRate: 0.04066 },
    ...extra,
  });
  const stubbed = fetchStub.getMockImplementation() as Fetch;
  fetchStub.mockImplementation(async (input: string, init?: RequestInit) => {
    if (!input.endsWith('/scenario/runstandard')) return stubbed(input, init);
    const body = JSON.parse(String(init?.body)) as ScenarioRunStandardRequest;
    runs.push(body);
    if (init?.signal) signals.push(init.signal);
    return run(body);
  });
  return Object.assign(runs, { signals });
}

const runButton = () => screen.getByText('Run').closest('ion-button');
// The attribute: Ionic's button is drawn undefined until the first content, and reads it once defined.
const isDisabled = (el: Element | null) => el?.hasAttribute('disabled') === true;
const priceInput = () => screen.getByLabelText('Price') as HTMLInputElement;

async function chooseTicker() {
  const ticker = await screen.findByLabelText('Ticker');
  fireEvent.focus(ticker);
  fireEvent.change(ticker, { target: { value: 'apple' } });
  fireEvent.click(await screen.findByText('AAPL'));
  await waitFor(() => expect(priceInput().value).toBe('200'));
}

const chooseDate = (date = '2026-12-18') =>
  fireEvent.change(screen.getByLabelText('On Date'), { target: { value: date } });

describe('the form', () => {
  test('choosing a ticker fills in the level, volatility and drift; Run waits for a date', async () => {
    stubServer();
    const router = await renderAt('/analyzer');
    expect(screen.getByText('Enter ticker and expected behavior and press run to start.')).toBeTruthy();
    expect(isDisabled(runButton())).toBe(true);
    await chooseTicker();
    expect(router.state.location.pathname).toBe('/analyzer/AAPL');
    expect(await screen.findByText('Apple Inc.')).toBeTruthy();
    const quote = screen.getByText('+1.20%').closest('p') as HTMLElement;
    expect(quote.textContent).toBe('$200.00 +1.20%');
    // The chart's key names the level; the date and the implied move once a date is chosen.
    expect(screen.getByText('$200.00', { selector: '.key-level' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Advanced Settings/ }));
    expect((screen.getByLabelText('Volatility %') as HTMLInputElement).value).toBe('24.12');
    expect((screen.getByLabelText('Drift %') as HTMLInputElement).value).toBe('4.07');
    expect((screen.getByLabelText('Bid/Ask Level') as HTMLSelectElement).value).toBe('mid');
    // Unbalanced spreads are a range view's choice only.
    expect(screen.queryByText('Include unbalanced spreads')).toBeNull();
    expect(isDisabled(runButton())).toBe(true);
    chooseDate();
    expect(isDisabled(runButton())).toBe(false);
    expect(screen.getByText('18-DEC-26', { selector: '.key-date' })).toBeTruthy();
    expect(screen.getByText('±1 implied move')).toBeTruthy();
  });

  test('a range target defaults to 90% and 110% and offers unbalanced spreads with its note', async () => {
    stubServer();
    await renderAt('/analyzer/AAPL');
    await waitFor(() => expect(priceInput().value).toBe('200'));
    fireEvent.change(screen.getByLabelText('Price Target'), { target: { value: 'insideRange' } });
    expect((screen.getByLabelText('Lower price') as HTMLInputElement).value).toBe('180');
    expect((screen.getByLabelText('Upper price') as HTMLInputElement).value).toBe('220');
    fireEvent.click(screen.getByRole('button', { name: /Advanced Settings/ }));
    // The checkbox loads as the settings first open.
    expect(await screen.findByText('Include unbalanced spreads', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Unbalanced spreads take considerably more time to analyze.')).toBeTruthy();
  });

  test('invalid inputs say why and keep Run disabled', async () => {
    stubServer();
    await renderAt('/analyzer/AAPL');
    await waitFor(() => expect(priceInput().value).toBe('200'));
    chooseDate();
    fireEvent.change(priceInput(), { target: { value: '12.345' } });
    expect(screen.getByText('Use at most 2 decimals.')).toBeTruthy();
    expect(isDisabled(runButton())).toBe(true);
    fireEvent.change(priceInput(), { target: { value: '205' } });
    fireEvent.click(screen.getByRole('button', { name: /Advanced Settings/ }));
    fireEvent.change(screen.getByLabelText('Volatility %'), { target: { value: '0' } });
    expect(screen.getByText('The volatility must be at least 0.01%.')).toBeTruthy();
    expect(isDisabled(runButton())).toBe(true);
    // Closed, the section still says what is wrong in it.
    fireEvent.click(screen.getByRole('button', { name: /Advanced Settings/ }));
    expect(screen.getByText(/Check the Advanced Settings/)).toBeTruthy();
  });

  test('changing the unit keeps the price; a unit without its datum is not offered', async () => {
    stubServer(undefined, {
      '/underlyings/AAPL/facts': { ...FACTS, values: { ...FACTS.values, target_price: null } },
    });
    await renderAt('/analyzer/AAPL');
    await waitFor(() => expect(priceInput().value).toBe('200'));
    const unit = screen.getByLabelText('Unit') as HTMLSelectElement;
    const offered = () => [...unit.options].map((o) => o.textContent);
    expect(offered()).not.toContain('% from target price');
    expect(offered()).not.toContain('Std. devs');
    fireEvent.change(priceInput(), { target: { value: '210' } });
    fireEvent.change(unit, { target: { value: 'pct' } });
    expect(priceInput().value).toBe('5');
    expect(screen.getByText('= $210.00')).toBeTruthy();
    chooseDate();
    expect(offered()).toContain('Std. devs');
    fireEvent.change(unit, { target: { value: 'atr' } });
    expect(priceInput().value).toBe('2.5');
    fireEvent.change(unit, { target: { value: 'abs' } });
    expect(priceInput().value).toBe('210');
  });

  test('the implied-move buttons set the level from the date’s ATM IV', async () => {
    stubServer();
    await renderAt('/analyzer/AAPL');
    await waitFor(() => expect(priceInput().value).toBe('200'));
    chooseDate();
    // 200 · 0.25 · √(21.05/365) = 12.01.
    expect(screen.getByText('Implied move by this date: ±$12.01 (6.0%)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Set the price to +1 implied move' }));
    expect(priceInput().value).toBe('212.01');
    fireEvent.click(screen.getByRole('button', { name: 'Set the price to −2 implied moves' }));
    expect(priceInput().value).toBe('175.99');
    fireEvent.change(screen.getByLabelText('Price Target'), { target: { value: 'outsideRange' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set the range to ±1 implied move' }));
    expect((screen.getByLabelText('Lower price') as HTMLInputElement).value).toBe('187.99');
    expect((screen.getByLabelText('Upper price') as HTMLInputElement).value).toBe('212.01');
  });
});

describe('runs', () => {
  test('Run asks each strategy of the set in parallel, counts them in, and writes the inputs to the address', async () => {
    const pending: (() => void)[] = [];
    const runs = stubServer(
      (body) => new Promise((resolve) => pending.push(() => resolve(Response.json(standardAnswer(body))))),
    );
    const router = await renderAt('/analyzer/AAPL');
    await waitFor(() => expect(priceInput().value).toBe('200'));
    chooseDate();
    fireEvent.click(screen.getByText('Run'));
    const set = ANALYZER_STRATEGY_SETS.abovePrice;
    await waitFor(() => expect(runs).toHaveLength(set.length));
    expect(runs.map((r) => r.strategies)).toEqual(set.map((s) => [s]));
    expect(runs[0]).toMatchObject({
      symbol: 'AAPL',
      date: '2026-12-18',
      ranges: { behavior: 'abovePrice', value: 200 },
      volatility: 0.2412,
      drift: 0.0407,
      bidAskLevel: 0,
      onlyBalanced: true,
    });
    expect(screen.getByText(`Loading 0/${set.length}`)).toBeTruthy();
    expect(isDisabled(runButton())).toBe(true);
    await act(async () => pending.shift()?.());
    await screen.findByText(`Loading 1/${set.length}`);
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await act(async () => {
      for (const resolve of pending.splice(0)) resolve();
    });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(set.length));
    expect(screen.queryByText(/Loading/)).toBeNull();
    expect(router.state.location.search).toMatchObject({
      date: '2026-12-18',
      target: 'abovePrice',
      value: 200,
      vol: 24.12,
      drift: 4.07,
    });
  });

  test('Run with the inputs already run runs them again', async () => {
    const runs = stubServer();
    await renderAt('/analyzer/AAPL?date=2026-12-18&target=abovePrice&value=210&vol=25&drift=4');
    await waitFor(() => expect(runs).toHaveLength(8));
    await screen.findAllByRole('article');
    await waitFor(() => expect(isDisabled(runButton())).toBe(false));
    fireEvent.click(screen.getByText('Run'));
    await waitFor(() => expect(runs).toHaveLength(16));
    expect(runs[8]).toEqual(runs[0]);
  });

  test('a card shows the legs, the metrics and a Trade link with the legs; the slider picks other trades', async () => {
    stubServer();
    const router = await renderAt(
      '/analyzer/AAPL?date=2026-12-18&target=abovePrice&value=210&vol=25&drift=4',
    );
    const card = await screen.findByRole('article', { name: 'Long Call' });
    // Slot 5 by default: strike 215, expected P/L 650, return 55%, probability 50%.
    expect(within(card).getByText('18-DEC-26 BUY 215 C')).toBeTruthy();
    expect(within(card).getByText('55.0%')).toBeTruthy();
    expect(within(card).getByText('$650')).toBeTruthy();
    expect(within(card).getByText('50.0%')).toBeTruthy();
    expect(within(card).getByText('Expected P/L')).toBeTruthy();
    const stock = screen.getByRole('article', { name: 'Long Stock' });
    expect(within(stock).getByText('BUY 100 shares')).toBeTruthy();
    expect(within(stock).getByText('P/L')).toBeTruthy();
    const trade = within(card).getByText('Trade').getAttribute('href') ?? '';
    const ticket = JSON.parse(atob(trade.replace('/order/open/', '').replace(/-/g, '+').replace(/_/g, '/')));
    expect(ticket).toEqual({
      strategy: 'long_call',
      legs: [{ contractId: 'AAPL261218C215', quantity: 1, limitPrice: 7.4 }],
      size: 1,
    });
    fireEvent.change(screen.getByRole('slider'), { target: { value: '0' } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ slot: 0 }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'Long Call' })).getByText('18-DEC-26 BUY 190 C'),
      ).toBeTruthy(),
    );
  });

  test('the cards’ charts switch between P/L on the date and at expiration', async () => {
    stubServer();
    await renderAt('/analyzer/AAPL?date=2026-12-18&target=abovePrice&value=210&vol=25&drift=4');
    const card = await screen.findByRole('article', { name: 'Long Call' });
    expect(within(card).getByText('Long Call: P/L on the date')).toBeTruthy();
    fireEvent(
      screen.getByLabelText('P/L chart'),
      new CustomEvent('ionChange', { detail: { value: 'expiration' } }),
    );
    expect(within(card).getByText('Long Call: P/L at expiration 18-DEC-26')).toBeTruthy();
  });

  test('a shared address fills the form and runs its view as it says', async () => {
    const runs = stubServer();
    await renderAt(
      '/analyzer/aapl?date=2027-01-15&target=insideRange&from=185&to=215&vol=30&drift=3.5&fill=conservative&unbalanced=true&unit=pct',
    );
    await waitFor(() => expect(runs).toHaveLength(ANALYZER_STRATEGY_SETS.insideRange.length));
    expect(runs[0]).toMatchObject({
      ranges: { behavior: 'insideRange', from: 185, to: 215 },
      date: '2027-01-15',
      volatility: 0.3,
      drift: 0.035,
      bidAskLevel: 0.5,
      onlyBalanced: false,
    });
    expect(((await screen.findByLabelText('Lower price')) as HTMLInputElement).value).toBe('-7.5');
    expect((screen.getByLabelText('Upper price') as HTMLInputElement).value).toBe('7.5');
    expect((screen.getByLabelText('On Date') as HTMLSelectElement).value).toBe('2027-01-15');
    expect((screen.getByLabelText('Price Target') as HTMLSelectElement).value).toBe('insideRange');
  });

  test.each([408, 504])('every run timing out (%i) shows the time-out message', async (status) => {
    stubServer(() => Response.json({ code: 'TIMEOUT', message: 'x' }, { status }));
    await renderAt('/analyzer/AAPL?date=2026-12-18&target=abovePrice&value=210&vol=25&drift=4');
    expect((await screen.findByRole('alert')).textContent).toBe(TIMEOUT_MESSAGE);
    expect(screen.queryByText('No results.')).toBeNull();
  });

  test('every run failing with a known error shows its message, an unknown one the generic message', async () => {
    stubServer(() =>
      Response.json(
        { code: 'VALIDATION_FAILED', message: 'The date is not an expiration.' },
        { status: 400 },
      ),
    );
    await renderAt('/analyzer/AAPL?date=2026-12-18&target=abovePrice&value=210&vol=25&drift=4');
    expect((await screen.findByRole('alert')).textContent).toBe('The date is not an expiration.');
  });

  test('an internal failure shows the generic message', async () => {
    stubServer(() => new Response('boom', { status: 500 }));
    await renderAt('/analyzer/AAPL?date=2026-12-18&target=abovePrice&value=210&vol=25&drift=4');
    expect((await screen.findByRole('alert')).textContent).toBe(GENERIC_ERROR_MESSAGE);
  });

  test('when some runs answer, the failures of the others are not shown', async () => {
    stubServer((body) =>
      body.strategies[0] === 'long_call'
        ? Response.json(standardAnswer(body))
        : Response.json({ code: 'TIMEOUT', message: 'x' }, { status: 504 }),
    );
    await renderAt('/analyzer/AAPL?date=2026-12-18&target=abovePrice&value=210&vol=25&drift=4');
    await screen.findByRole('article', { name: 'Long Call' });
    await waitFor(() => expect(screen.queryByText(/Loading/)).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  test('no trades at all says No results.', async () => {
    stubServer((body) =>
      Response.json({
        ...standardAnswer(body),
        results: body.strategies.map((strategy) => ({ strategy, slots: [], candidates: 0, frontier: 0 })),
      }),
    );
    await renderAt('/analyzer/AAPL?date=2026-12-18&target=abovePrice&value=210&vol=25&drift=4');
    expect(await screen.findByText('No results.')).toBeTruthy();
  });

  test('switching the view aborts the runs still out, silently', async () => {
    const fetchRuns = stubServer(() => new Promise<Response>(() => {}));
    const { signals } = fetchRuns;
    await renderAt('/analyzer/AAPL?date=2026-12-18&target=abovePrice&value=210&vol=25&drift=4');
    await waitFor(() => expect(fetchRuns).toHaveLength(8));
    expect(signals.some((s) => s.aborted)).toBe(false);
    fireEvent(
      screen.getByLabelText('View'),
      new CustomEvent('ionChange', { detail: { value: 'predefined' } }),
    );
    await waitFor(() => expect(signals.slice(0, 8).every((s) => s.aborted)).toBe(true));
    expect(screen.queryByRole('alert')).toBeNull();
  });
  test('leaving the screen aborts the runs still out', async () => {
    const runs = stubServer(() => new Promise<Response>(() => {}));
    const router = await renderAt(
      '/analyzer/AAPL?date=2026-12-18&target=abovePrice&value=210&vol=25&drift=4',
    );
    await waitFor(() => expect(runs).toHaveLength(8));
    await act(async () => {
      await router.navigate({ to: '/terms' });
    });
    await waitFor(() => expect(runs.signals.every((s) => s.aborted)).toBe(true));
  });
});

describe('saved and predefined scans', () => {
  const summary = (id: number): ScanSummary => ({
    id,
    title: `Scan ${id}`,
    description: '',
    strategy: 'long_call',
    isSample: true,
    isFavorite: false,
    listId: 1,
    tags: [],
    createDate: '2026-01-02T00:00:00.000Z',
    watch: { status: false, maxCount: 0, usedCount: 0 },
  });
  const LISTS: ListsAnswer = {
    lists: [
      {
        listId: 1,
        name: 'Predefined Scans',
        role: ListRole.Predefined,
        items: Array.from({ length: 13 }, (_, i) => summary(i + 1)),
        tags: [],
      },
      { listId: 2, name: 'Saved Scans', role: ListRole.Saved, items: [summary(40)], tags: [] },
      { listId: 3, name: 'Favorites', role: ListRole.Favorites, items: [summary(2)], tags: [] },
    ],
  };

  /** The server with the lists above; each scan's run answers `tradeFor(scanId)`. */
  function scanServer(tradeFor: (scanId: number) => ScenarioTrade | null): number[] {
    const scanRuns: number[] = [];
    stubServer(undefined, {
      '/lists': LISTS,
      '/scenario/runscan': new PerCall(({ body }: StubRequest) => {
        const { scanId } = body as { scanId: number };
        scanRuns.push(scanId);
        return {
          correlationId: null,
          scanId,
          scanName: `Scan ${scanId}`,
          distribution: null,
          trade: tradeFor(scanId),
        };
      }),
    });
    return scanRuns;
  }

  test('one card per scan, ten at a time, then Check More Scans runs the next ones', async () => {
    const scanRuns = scanServer((scanId) => (scanId === 3 ? null : tradeOf('long_call', scanId % 10)));
    await renderAt(
      '/analyzer/AAPL?view=predefined&date=2026-12-18&target=abovePrice&value=210&vol=25&drift=4',
    );
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
    expect(scanRuns.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const first = screen.getByRole('article', { name: 'Scan 1' });
    expect(within(first).getByText('Scan 1').getAttribute('href')).toBe('/screener/scan/1');
    expect(
      within(screen.getByRole('article', { name: 'Scan 3' })).getByText(/finds no trade for AAPL/),
    ).toBeTruthy();
    fireEvent.click(screen.getByText('Check More Scans (11 – 13)'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(13));
    expect(scanRuns).toHaveLength(13);
    expect(screen.queryByText(/Check More Scans/)).toBeNull();
    // Another view starts on its first page, and so does this one when it comes back.
    const switchTo = (value: string) =>
      fireEvent(screen.getByLabelText('View'), new CustomEvent('ionChange', { detail: { value } }));
    switchTo('saved');
    await screen.findByRole('article', { name: 'Scan 40' });
    switchTo('predefined');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
    expect(screen.getByText('Check More Scans (11 – 13)')).toBeTruthy();
  });

  test('the Saved view runs the user’s own scans', async () => {
    const scanRuns = scanServer(() => tradeOf('long_call', 1));
    await renderAt('/analyzer/AAPL?view=saved&date=2026-12-18&target=abovePrice&value=210&vol=25&drift=4');
    await screen.findByRole('article', { name: 'Scan 40' });
    expect(scanRuns).toEqual([40]);
  });
});
