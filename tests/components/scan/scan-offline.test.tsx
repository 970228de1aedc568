/**
 * A scan read offline (docs/OFFLINE.md "Reading"): the last results of its definition, kept in the
 * persisted cache, with their time; without them, a plain sentence that they need a connection,
 * not the generic error. A network failure while the browser thinks it is online does the same.
 */
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { GENERIC_ERROR_MESSAGE } from '#api/errors.ts';
import type { ScanDefinition } from '#api/scans.ts';
import { createQueryClient } from '#app/api/query-client.ts';
import { subscriptionQuery } from '#app/features/account/subscription.ts';
import { OFFLINE_RESULTS_TEXT } from '#app/screens/scan/use-scan-run.ts';
import { dataTimeText } from '#app/shell/data-time.ts';
import { PLAN_LIMIT_MESSAGES } from '#domain/errors.ts';
import { SubscriptionStatus } from '#domain/plans/subscription-status.ts';
import { TRIAL_SUBSCRIPTION } from '../api-stub.ts';
import { RUN_ANSWER, RUN_BODY, RunPage } from './run-page.tsx';

vi.mock('#app/live/live-client.ts', () => ({ loadLiveConnection: () => new Promise(() => {}) }));

afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

const OTHER: ScanDefinition = { strategy: 'bull_put_spread', filters: {}, page: 0 };

function renderPage(body: ScanDefinition, client = createQueryClient()) {
  const view = render(
    <QueryClientProvider client={client}>
      <RunPage body={body} />
    </QueryClientProvider>,
  );
  return { client, view };
}

test('offline, a scan run before shows its last results and when they are from', async () => {
  const fetch = vi.fn(async () => Response.json(RUN_ANSWER));
  vi.stubGlobal('fetch', fetch);
  const { client, view } = renderPage(RUN_BODY);
  fireEvent.click(screen.getByRole('button', { name: 'RUN SCAN' }));
  await screen.findByText('AAPL');
  expect(screen.queryByText(/Results from/)).toBeNull();
  view.unmount();

  onlineManager.setOnline(false);
  renderPage(RUN_BODY, client);
  fireEvent.click(screen.getByRole('button', { name: 'RUN SCAN' }));
  await screen.findByText('AAPL');
  expect(fetch).toHaveBeenCalledTimes(1);
  const at = Date.now();
  expect(screen.getByText(/Results from/).textContent).toMatch(
    new RegExp(`Results from (${dataTimeText(at)}|${dataTimeText(at - 60_000)})`),
  );
});

test('offline, a scan never run says plainly that it needs a connection', async () => {
  const fetch = vi.fn(async () => Response.json(RUN_ANSWER));
  vi.stubGlobal('fetch', fetch);
  onlineManager.setOnline(false);
  renderPage(OTHER);
  fireEvent.click(screen.getByRole('button', { name: 'RUN SCAN' }));
  await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(OFFLINE_RESULTS_TEXT));
  expect(screen.queryByText(GENERIC_ERROR_MESSAGE)).toBeNull();
  expect(fetch).not.toHaveBeenCalled();
});

test("offline, a custom strategy over the plan's legs is refused as the server refuses it", async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(RUN_ANSWER)),
  );
  onlineManager.setOnline(false);
  const threeLegs: ScanDefinition = {
    strategy: 'custom',
    filters: {},
    page: 0,
    legs: [
      { kind: 'option', right: 'PUT', quantity: -1 },
      { kind: 'option', right: 'PUT', quantity: 1, strike: 'greater' },
      { kind: 'option', right: 'CALL', quantity: -1, strike: 'greater' },
    ],
  };
  const beginner = createQueryClient();
  beginner.setQueryData(subscriptionQuery().queryKey, {
    ...TRIAL_SUBSCRIPTION,
    status: SubscriptionStatus.Premium,
    planId: 1,
  });
  const { view } = renderPage(threeLegs, beginner);
  fireEvent.click(screen.getByRole('button', { name: 'RUN SCAN' }));
  await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(PLAN_LIMIT_MESSAGES.scanRun));
  view.unmount();

  // A trial allows five legs: the same scan goes on to the device (no snapshot kept here).
  const trial = createQueryClient();
  trial.setQueryData(subscriptionQuery().queryKey, TRIAL_SUBSCRIPTION);
  renderPage(threeLegs, trial);
  fireEvent.click(screen.getByRole('button', { name: 'RUN SCAN' }));
  await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(OFFLINE_RESULTS_TEXT));
});

test('a request the network drops falls back to the kept results too', async () => {
  const answers: (() => Response)[] = [() => Response.json(RUN_ANSWER)];
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const next = answers.shift();
      if (!next) throw new TypeError('Failed to fetch');
      return next();
    }),
  );
  renderPage(RUN_BODY);
  fireEvent.click(screen.getByRole('button', { name: 'RUN SCAN' }));
  await screen.findByText('AAPL');
  fireEvent.click(screen.getByRole('button', { name: 'RUN SCAN' }));
  await screen.findByText(/Results from/);
  expect(screen.getByRole('row', { name: /AAPL/ })).toBeTruthy();
  expect(screen.queryByText(GENERIC_ERROR_MESSAGE)).toBeNull();
});

test('back online, results read from the device give way to a fresh run', async () => {
  const fetch = vi.fn(async () => Response.json(RUN_ANSWER));
  vi.stubGlobal('fetch', fetch);
  const client = createQueryClient();
  const { view } = renderPage(RUN_BODY, client);
  fireEvent.click(screen.getByRole('button', { name: 'RUN SCAN' }));
  await screen.findByText('AAPL');
  view.unmount();

  onlineManager.setOnline(false);
  renderPage(RUN_BODY, client);
  fireEvent.click(screen.getByRole('button', { name: 'RUN SCAN' }));
  await screen.findByText(/Results from/);
  act(() => onlineManager.setOnline(true));
  await waitFor(() => expect(screen.queryByText(/Results from/)).toBeNull());
  expect(fetch).toHaveBeenCalledTimes(2);
  expect(screen.getByRole('row', { name: /AAPL/ })).toBeTruthy();
});
