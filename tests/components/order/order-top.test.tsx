/**
 * The order form's top row: the trading account, and for a user without one the offer to create
 * it right there (spec 3 §2), unless the account cannot change in this mode.
 */
import { screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { OrderTop } from '#app/screens/order/OrderTop.tsx';
import { renderInRouter } from '#tests/components/scan/render-in-router.tsx';
import { stubApi } from '../api-stub.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

test('with no trading account the row offers to create one', async () => {
  stubApi({ '/tradeaccount': [] });
  await renderInRouter(() => <OrderTop accountId={null} disabled={false} onAccount={() => undefined} />);
  await screen.findByText('No trading accounts');
  expect(screen.getByLabelText('New trading account name')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Manage' })).toBeTruthy();
});

test("the user's accounts are offered and the first chosen when none is", async () => {
  stubApi({ '/tradeaccount': [{ account_id: 7, name: 'Main' }] });
  const onAccount = vi.fn();
  await renderInRouter(() => <OrderTop accountId={null} disabled={false} onAccount={onAccount} />);
  await screen.findByRole('option', { name: 'Main' });
  expect(onAccount).toHaveBeenCalledWith(7);
});

test('when the account cannot change there is no offer to create one', async () => {
  stubApi({ '/tradeaccount': [] });
  await renderInRouter(() => <OrderTop accountId={null} disabled onAccount={() => undefined} />);
  await screen.findByText('No trading accounts');
  expect(screen.queryByLabelText('New trading account name')).toBeNull();
});
