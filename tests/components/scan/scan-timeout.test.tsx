/**
 * A scan past the server's time budget (504): the page says the time-out message (spec 1 §8)
 * and keeps showing the previous results, instead of the generic error over an empty table.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { GENERIC_ERROR_MESSAGE, TIMEOUT_MESSAGE } from '#api/errors.ts';
import { createQueryClient } from '#app/api/query-client.ts';
import { RUN_ANSWER, RUN_BODY, RunPage } from './run-page.tsx';

// The live connection is not part of this: it never comes.
vi.mock('#app/live/live-client.ts', () => ({ loadLiveConnection: () => new Promise(() => {}) }));

afterEach(() => vi.unstubAllGlobals());

test.each([408, 504])('a %i keeps the previous results under the time-out message', async (status) => {
  const answers = [
    Response.json(RUN_ANSWER),
    Response.json({ code: 'TIMEOUT', message: 'Scan took too long.' }, { status }),
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answers.shift() ?? Response.json({ code: 'X', message: 'x' }, { status: 500 })),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RunPage body={RUN_BODY} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'RUN SCAN' }));
  await screen.findByText('AAPL');
  fireEvent.click(screen.getByRole('button', { name: 'RUN SCAN' }));
  await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(TIMEOUT_MESSAGE));
  expect(screen.queryByText(GENERIC_ERROR_MESSAGE)).toBeNull();
  expect(screen.getByRole('row', { name: /AAPL/ })).toBeTruthy();
  expect(screen.getByText(/1 tickers/)).toBeTruthy();
});
