/**
 * The order's last row (spec 3 §2): Submit for closing and adjusting, the Send To menu for new
 * and open orders, with the reason Trade Log is disabled.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { ORDER_BLOCKS } from '#app/screens/order/order-figures.ts';
import { SubmitRow } from '#app/screens/order/SubmitRow.tsx';

function row(over: Partial<Parameters<typeof SubmitRow>[0]> = {}) {
  const onSubmit = vi.fn();
  render(
    <SubmitRow
      exportable={false}
      canSubmit
      submitBlock={null}
      brokers={{ available: true, reason: null }}
      request={() => null}
      pending={false}
      onSubmit={onSubmit}
      {...over}
    />,
  );
  return onSubmit;
}

/** Ionic's elements take `disabled` as a property (jsdom does not upgrade them). */
/** An Ionic item's `disabled` (defined once the menu opens); a button's attribute, defined or not. */
const disabled = (text: string, tag: 'ion-button' | 'ion-item') => {
  const element = screen.getByText(text).closest(tag);
  return tag === 'ion-button' ? element?.hasAttribute('disabled') : Reflect.get(element ?? {}, 'disabled');
};

// First in the file: the elements are defined once per test file.
test('the menu opens with its items already Ionic elements: a disabled one takes no click from the start', async () => {
  row({ exportable: true, canSubmit: false, submitBlock: ORDER_BLOCKS.noAccount });
  expect(customElements.get('ion-item')).toBeUndefined();
  fireEvent.click(screen.getByText('Send To'));
  await screen.findByText('Trade Log');
  expect(customElements.get('ion-item')).toBeDefined();
  expect(customElements.get('ion-list')).toBeDefined();
});

test('Submit submits the order', () => {
  const onSubmit = row();
  expect(disabled('Submit', 'ion-button')).toBe(false);
  fireEvent.click(screen.getByText('Submit'));
  expect(onSubmit).toHaveBeenCalledTimes(1);
});

test('Submit is disabled while the order cannot be submitted, and Saving shows while it is saved', () => {
  row({ canSubmit: false, pending: true });
  expect(disabled('Submit', 'ion-button')).toBe(true);
  expect(screen.getByRole('status', { name: 'Saving' })).toBeTruthy();
});

test('Send To → Trade Log submits; its reason for being disabled shows in the menu', async () => {
  const onSubmit = row({ exportable: true });
  expect(screen.queryByText('Submit')).toBeNull();
  fireEvent.click(screen.getByText('Send To'));
  fireEvent.click(await screen.findByText('Trade Log'));
  expect(onSubmit).toHaveBeenCalledTimes(1);
});

test('with no trading account, the menu says to create one', async () => {
  row({ exportable: true, canSubmit: false, submitBlock: ORDER_BLOCKS.noAccount });
  fireEvent.click(screen.getByText('Send To'));
  expect(await screen.findByText(ORDER_BLOCKS.noAccount)).toBeTruthy();
  expect(disabled('Trade Log', 'ion-item')).toBe(true);
});
