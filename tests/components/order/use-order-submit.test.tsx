/**
 * Submitting an order (spec 3 §2): the write each mode makes, one client order id per editor,
 * the trade log of the account opened on success; offline the write waits and the log opens at
 * once with the offline notice.
 */
import { onlineManager } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createQueryClient } from '#app/api/query-client.ts';
import { type Notice, subscribeNotices } from '#app/components/notices.ts';
import { writeRequest } from '#app/features/trades/write-calls.ts';
import { registerTradeMutations } from '#app/features/trades/write-replay.ts';
import {
  OFFLINE_SUBMIT_MESSAGE,
  type OrderSubmission,
  orderWrite,
  useOrderSubmit,
} from '#app/screens/order/use-order-submit.ts';
import type { OrderMode } from '#domain/orders/order-modes.ts';
import { renderInRouter } from '#tests/components/scan/render-in-router.tsx';
import { SPREAD_LEGS } from './order-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
  localStorage.clear();
});

const ORDER: OrderSubmission = {
  accountId: 7,
  strategy: 'bull_call_spread',
  legs: SPREAD_LEGS,
  size: 2,
  comment: 'note',
};

describe('the write of each mode', () => {
  test.each([
    ['new', null, 'PUT', '/trades?accountId=7&strategy=bull_call_spread'],
    ['close', 11, 'PUT', '/trades/11?accountId=7&strategy=bull_call_spread'],
    ['adjustOpen', 11, 'PATCH', '/trades/11?accountId=7&strategy=bull_call_spread'],
    ['adjustClosed', 11, 'PATCH', '/trades/11?accountId=7&strategy=bull_call_spread'],
  ] as const)('%s', (mode, storedId, method, path) => {
    const write = orderWrite(mode, storedId === null ? null : { orderId: storedId }, ORDER, 'id-1');
    expect(write?.refresh).toBe('lists');
    expect(write && writeRequest(write.call, write.parts)).toMatchObject({ method, path });
    expect(write?.parts.body).toEqual({ legs: SPREAD_LEGS, size: 2, comment: 'note', clientOrderId: 'id-1' });
  });

  test('adjusting needs the stored order', () => {
    expect(orderWrite('adjustOpen', null, ORDER, 'id-1')).toBeNull();
  });
});

function Submitter({ mode }: { mode: OrderMode }) {
  const { submit, pending, error } = useOrderSubmit(mode, null);
  return (
    <>
      <button type="button" onClick={() => submit(ORDER)}>
        Log it
      </button>
      <button
        type="button"
        onClick={() => {
          submit(ORDER);
          submit(ORDER);
        }}
      >
        Double click
      </button>
      {pending && <p>pending</p>}
      {error != null && <p>refused</p>}
    </>
  );
}

async function submitter() {
  // Signed in: the queue keeps a user's writes by the token's subject.
  localStorage.setItem('access_token', `h.${btoa(JSON.stringify({ sub: 'user-7' }))}.sig`);
  const queryClient = createQueryClient();
  registerTradeMutations(queryClient);
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ method: init?.method ?? 'GET', url, body: JSON.parse(String(init?.body ?? 'null')) });
      return Response.json({ orderId: 12 });
    }),
  );
  const view = await renderInRouter(() => <Submitter mode="new" />, queryClient);
  return { ...view, calls };
}

test('a submit sends the order once per editor id and opens the trade log of its account', async () => {
  const { router, calls } = await submitter();
  fireEvent.click(screen.getByText('Log it'));
  await waitFor(() => expect(router.state.location.pathname).toBe('/trades'));
  expect(router.state.location.search).toEqual({ accountId: 7 });
  const sent = calls.filter((c) => c.method === 'PUT');
  expect(sent).toHaveLength(1);
  expect(sent[0]?.url).toMatch(/\/trades\?accountId=7&strategy=bull_call_spread$/);
  expect(localStorage.length).toBeGreaterThan(0);
});

test('a double click sends the same client order id twice: the server makes one order', async () => {
  const { calls } = await submitter();
  fireEvent.click(screen.getByText('Double click'));
  await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
  const ids = calls.filter((c) => c.method === 'PUT').map((c) => JSON.stringify(c.body));
  expect(ids[0]).toBe(ids[1]);
  expect(ids[0]).toMatch(/"clientOrderId":"[0-9a-f-]{36}"/);
});

test('offline the order waits, the user is told, and the trade log opens at once', async () => {
  const seen: Notice[] = [];
  const stop = subscribeNotices((all) => seen.push(...all));
  onlineManager.setOnline(false);
  const { router, calls } = await submitter();
  fireEvent.click(screen.getByText('Log it'));
  await waitFor(() => expect(router.state.location.pathname).toBe('/trades'));
  expect(seen.map((n) => n.message)).toContain(OFFLINE_SUBMIT_MESSAGE);
  expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  stop();
});
