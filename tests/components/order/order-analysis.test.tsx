/** The trade analysis under a new or open order (spec 3 §2): the metrics strip, Calculating, Show the math. */
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { createQueryClient } from '#app/api/query-client.ts';
import { OrderAnalysis } from '#app/screens/order/OrderAnalysis.tsx';
import { stubApi } from '../api-stub.ts';
import { explainAnswers, REQUEST } from '../show-math/explanation-fixture.ts';
import { MADE_TRADE } from './order-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

function analysis(
  over: Partial<Parameters<typeof OrderAnalysis>[0]> = {},
  answers: Record<string, unknown> = {},
) {
  // No price history: the price chart stays out of the way.
  const fetchStub = stubApi(answers);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OrderAnalysis
        strategy="bull_call_spread"
        symbol="XYZ"
        made={null}
        profile={null}
        dimmed={false}
        calculating={false}
        markersMs={[0]}
        explain={null}
        {...over}
      />
    </QueryClientProvider>,
  );
  return fetchStub;
}

test("the made trade's metrics are for the whole order: 2 units of 100 shares", () => {
  analysis({ made: MADE_TRADE });
  const strip = screen.getByLabelText('Trade metrics');
  const cell = (label: string) => within(strip).getByText(label).nextElementSibling?.textContent;
  expect(cell('Debit')).toBe('$300.00');
  expect(cell('Max. Profit')).toBe('$700.00');
  expect(cell('Max. Loss')).toBe('$300.00');
  expect(cell('Breakeven')).toBe('$101.50');
  expect(cell('Reward/Risk')).toBe('2.33');
  expect(screen.queryByRole('status', { name: 'Calculating' })).toBeNull();
});

test('while the trade is calculated there is no strip yet, a spinner says so, and the price history is asked for', () => {
  const fetchStub = analysis({ calculating: true });
  expect(screen.queryByLabelText('Trade metrics')).toBeNull();
  expect(screen.getByRole('status', { name: 'Calculating' })).toBeTruthy();
  expect(fetchStub.mock.calls.some(([url]) => String(url).includes('XYZ'))).toBe(true);
});

test('Show the math explains the made trade, at the limit prices', async () => {
  const { answers, requests } = explainAnswers();
  const made = { ...REQUEST, fill: 'limit' as const };
  analysis({ made: MADE_TRADE, explain: made }, answers);
  fireEvent.click(screen.getByRole('button', { name: 'Show the math' }));
  await screen.findByRole('dialog', { name: /^Show the math/ });
  expect(requests).toEqual([made]);
  await screen.findByRole('heading', { name: 'Legs at your limit prices (bid = ask = the limit)' });
});

test('no made trade, no Show the math', () => {
  analysis({ made: null, explain: REQUEST });
  expect(screen.queryByRole('button', { name: 'Show the math' })).toBeNull();
});
