/**
 * The order's recalculation (spec 3 §2): asked once the inputs have settled, never for legs that
 * do not fit the strategy (that message is known at once), nor for a mode that does not
 * recalculate.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { TradeCalculation } from '#api/trades.ts';
import { createQueryClient } from '#app/api/query-client.ts';
import { legsMismatchText } from '#app/screens/order/order-errors.ts';
import {
  type CalculationInputs,
  calculationRequest,
  legsMisfit,
  useTradeCalculation,
} from '#app/screens/order/use-trade-calculation.ts';
import { stubApi } from '../api-stub.ts';
import { MADE_TRADE, SPREAD_LEGS } from './order-fixtures.ts';

// The live connection is not part of this: it never comes.
vi.mock('#app/live/live-client.ts', () => ({ loadLiveConnection: () => new Promise(() => {}) }));

afterEach(() => vi.unstubAllGlobals());

const INPUTS: CalculationInputs = {
  autoRecalculate: true,
  valid: true,
  symbol: 'XYZ',
  strategy: 'bull_call_spread',
  sent: SPREAD_LEGS,
  size: 2,
  asofOrderId: null,
};
/** Two bought calls are not a bull call spread. */
const MISFIT: CalculationInputs = { ...INPUTS, sent: SPREAD_LEGS.map((l) => ({ ...l, quantity: 1 })) };

describe('which calculation is asked for', () => {
  test('valid inputs of a recalculating mode: the strategy, legs, size and the adjusted order', () => {
    expect(calculationRequest({ ...INPUTS, asofOrderId: 11 })).toEqual({
      strategy: 'bull_call_spread',
      legs: SPREAD_LEGS,
      size: 2,
      asofOrderId: 11,
    });
  });

  test('none for invalid inputs, a closing mode, or legs that do not fit', () => {
    expect(calculationRequest({ ...INPUTS, valid: false })).toBeNull();
    expect(calculationRequest({ ...INPUTS, autoRecalculate: false })).toBeNull();
    expect(legsMisfit(MISFIT)).toBe(true);
    expect(calculationRequest(MISFIT)).toBeNull();
    expect(legsMisfit(INPUTS)).toBe(false);
  });
});

function Calculation({ inputs }: { inputs: CalculationInputs }) {
  const calc = useTradeCalculation(inputs);
  return (
    <>
      {calc.made && <p>made {calc.made.price}</p>}
      {calc.text && <p role="alert">{calc.text}</p>}
      <p>code {calc.serverCode ?? 'none'}</p>
    </>
  );
}

function calculate(inputs: CalculationInputs) {
  const answer: TradeCalculation = {
    madeTrade: MADE_TRADE,
    markTrade: MADE_TRADE,
    markMadeTrade: MADE_TRADE,
  };
  const fetchStub = stubApi({ '/trades/trade': answer });
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Calculation inputs={inputs} />
    </QueryClientProvider>,
  );
  const sizes = () =>
    fetchStub.mock.calls
      .filter(([url]) => String(url).endsWith('/trades/trade'))
      .map(([, init]) => JSON.parse(String((init as RequestInit).body)).size);
  const change = (next: CalculationInputs) =>
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <Calculation inputs={next} />
      </QueryClientProvider>,
    );
  return { sizes, change };
}

test('the opening inputs are calculated at once; a change only once it has settled', async () => {
  const { sizes, change } = calculate(INPUTS);
  await screen.findByText('made 1.5');
  expect(sizes()).toEqual([2]);
  change({ ...INPUTS, size: 3 });
  change({ ...INPUTS, size: 4 });
  expect(sizes()).toEqual([2]);
  await waitFor(() => expect(sizes()).toEqual([2, 4]));
});

test("legs that do not fit say the strategy's description at once and ask nothing", async () => {
  const { sizes } = calculate(MISFIT);
  expect(screen.getByRole('alert').textContent).toBe(legsMismatchText('bull_call_spread'));
  expect(screen.getByText('code LEGS_MISMATCH')).toBeTruthy();
  await new Promise((r) => setTimeout(r, 500));
  expect(sizes()).toEqual([]);
});
