/** The order's ticker and strategy (spec 3 §2): pickers for a new order, read-only otherwise. */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import type { OrderStrategy } from '#api/trades.ts';
import { OrderChoice } from '#app/screens/order/OrderChoice.tsx';

test('a stored order shows its ticker and strategy as text', () => {
  render(
    <OrderChoice
      symbol="XYZ"
      strategy="bull_call_spread"
      opening="bull_call_spread"
      editable={{ symbol: false, strategy: false }}
      disabled={false}
      onSymbol={() => undefined}
      onStrategy={() => undefined}
    />,
  );
  expect(screen.getByText('XYZ')).toBeTruthy();
  expect(screen.getByText('Bull Call Spread')).toBeTruthy();
  expect(screen.queryByLabelText('Strategy')).toBeNull();
});

test('the strategy picker groups the strategies and emits the one chosen', () => {
  const onStrategy = vi.fn();
  render(
    <OrderChoice
      symbol="XYZ"
      strategy={null}
      opening={null}
      editable={{ symbol: false, strategy: true }}
      disabled={false}
      onSymbol={() => undefined}
      onStrategy={onStrategy}
    />,
  );
  const picker = screen.getByLabelText('Strategy') as HTMLSelectElement;
  expect(picker.value).toBe('');
  const groups = within(picker)
    .getAllByRole('group')
    .map((g) => g.getAttribute('label'));
  expect(groups).toEqual(['Single-Leg', 'Vertical Spreads', 'Volatility', 'Advanced']);
  fireEvent.change(picker, { target: { value: 'iron_condor' } });
  expect(onStrategy).toHaveBeenCalledWith('iron_condor');
  // Long and short stock are the analyzer's: a new order is not offered them.
  const values = within(picker)
    .getAllByRole('option')
    .map((o) => (o as HTMLOptionElement).value);
  expect(values).toHaveLength(28);
  expect(values).not.toContain('long_stock');
  expect(values).not.toContain('short_stock');
});

test('an order a ticket opened with long stock shows it, offers it back, and not short stock', () => {
  const onStrategy = vi.fn();
  const choice = (strategy: OrderStrategy) => (
    <OrderChoice
      symbol="KO"
      strategy={strategy}
      opening="long_stock"
      editable={{ symbol: false, strategy: true }}
      disabled={false}
      onSymbol={() => undefined}
      onStrategy={onStrategy}
    />
  );
  const { rerender } = render(choice('long_stock'));
  const picker = screen.getByLabelText('Strategy') as HTMLSelectElement;
  expect(picker.value).toBe('long_stock');
  expect(picker.selectedOptions[0]?.textContent).toBe('Long Stock');
  expect(within(picker).queryByRole('option', { name: 'Short Stock' })).toBeNull();
  // Changed to a covered call, the long stock is still there to go back to.
  rerender(choice('covered_call'));
  fireEvent.change(picker, { target: { value: 'long_stock' } });
  expect(onStrategy).toHaveBeenCalledWith('long_stock');
});

test('while the order is being saved the strategy cannot change', () => {
  render(
    <OrderChoice
      symbol="XYZ"
      strategy="custom"
      opening="custom"
      editable={{ symbol: false, strategy: true }}
      disabled
      onSymbol={() => undefined}
      onStrategy={() => undefined}
    />,
  );
  expect((screen.getByLabelText('Strategy') as HTMLSelectElement).disabled).toBe(true);
});
