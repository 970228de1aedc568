/** What the order form says about its calls (spec 3 §8): the recalculation's and a refused submit's. */
import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { OrderMessages } from '#app/screens/order/OrderMessages.tsx';

test("the recalculation's message carries its code; a submit's different message shows too", () => {
  render(<OrderMessages calcText="Legs do not fit." serverCode="LEGS_MISMATCH" submitText="Plan limit." />);
  const alerts = screen.getAllByRole('alert');
  expect(alerts.map((a) => a.textContent)).toEqual(['Legs do not fit.', 'Plan limit.']);
  expect(alerts[0]?.getAttribute('data-code')).toBe('LEGS_MISMATCH');
});

test('a submit refused for the reason already shown says it once', () => {
  render(<OrderMessages calcText="Plan limit." serverCode="PLAN_LIMIT_REACHED" submitText="Plan limit." />);
  expect(screen.getAllByRole('alert')).toHaveLength(1);
});

test('nothing to say, nothing shown', () => {
  render(<OrderMessages calcText={null} serverCode={null} submitText={null} />);
  expect(screen.queryByRole('alert')).toBeNull();
});
