/** The order's ticker and strategy (spec 3 §2): pickers for a new order, read-only otherwise. */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { OrderChoice } from '#app/screens/order/OrderChoice.tsx';

test('a stored order shows its ticker and strategy as text', () => {
  render(
    <OrderChoice
      symbol="XYZ"
      strategy="bull_call_spread"
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
});

test('while the order is being saved the strategy cannot change', () => {
  render(
    <OrderChoice
      symbol="XYZ"
      strategy="custom"
      editable={{ symbol: false, strategy: true }}
      disabled
      onSymbol={() => undefined}
      onStrategy={() => undefined}
    />,
  );
  expect((screen.getByLabelText('Strategy') as HTMLSelectElement).disabled).toBe(true);
});
