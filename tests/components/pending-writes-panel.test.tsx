/**
 * What the user sees of pending writes: the shell's count, an archived trade marked pending,
 * and a refused write with the server's reason until dismissed.
 */
import { onlineManager } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { configureApiClient } from '#app/api/client.ts';
import { sendWrite, startPendingWrites } from '#app/api/pending-writes.ts';
import { tradeWrites } from '#app/features/trades/mutations.ts';
import { writeRequest } from '#app/features/trades/write-calls.ts';
import { TradeDetail } from '#app/screens/trades/TradeDetail.tsx';
import { PendingWrites } from '#app/shell/PendingWrites.tsx';
import { POSITION } from './position-fixture.ts';
import { renderInRouter } from './scan/render-in-router.tsx';

let n = 0;
let answer: () => Response;

beforeEach(() => {
  localStorage.setItem('access_token', `h.${btoa(JSON.stringify({ sub: 'user-9' }))}.sig`);
  configureApiClient({ redirect: () => undefined, currentPath: () => '/trades' });
  answer = () => new Response(null, { status: 204 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
  startPendingWrites(
    { request: async (call, parts) => writeRequest(call, parts), sent: () => undefined },
    `panel-test-${++n}`,
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
  localStorage.clear();
});

test('offline, the shell counts the writes, and they are gone once sent', async () => {
  onlineManager.setOnline(false);
  render(<PendingWrites />);
  await sendWrite(tradeWrites.archive(POSITION.lastOrderId, true));
  await sendWrite(tradeWrites.saveAccount(null, 'IRA'));
  await screen.findByText('2 changes pending — will be sent when online');
  fireEvent.click(screen.getByText(/2 changes pending/));
  expect(screen.getByText('New trading account IRA')).toBeTruthy();
  onlineManager.setOnline(true);
  await waitFor(() => expect(screen.queryByText(/pending/)).toBeNull());
  expect(fetch).toHaveBeenCalledTimes(2);
});

test('a trade archived offline is marked pending and its Archive button waits', async () => {
  onlineManager.setOnline(false);
  await renderInRouter(() => <TradeDetail position={POSITION} />);
  await sendWrite(tradeWrites.archive(POSITION.lastOrderId, true));
  await screen.findByText('Archive a trade: Pending — will be sent when online');
  await waitFor(() =>
    expect(screen.getByText('Archive').closest('ion-button')?.getAttribute('disabled')).not.toBeNull(),
  );
});

test('a write refused on replay shows the server reason until dismissed', async () => {
  onlineManager.setOnline(false);
  render(<PendingWrites />);
  await sendWrite(tradeWrites.archive(POSITION.lastOrderId, true));
  answer = () => Response.json({ code: 'NOT_FOUND', message: 'The trade was deleted.' }, { status: 404 });
  onlineManager.setOnline(true);
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Not saved: Archive a trade');
  expect(alert.textContent).toContain('The trade was deleted.');
  fireEvent.click(screen.getByLabelText('Dismiss: Archive a trade'));
  await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
});
