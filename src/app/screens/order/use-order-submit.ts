/**
 * Submitting the order (spec 3 §2): a new or closing order, or the adjustment of a stored one,
 * through the trade-write mutation that also replays offline writes. On success the trade log of
 * the account opens; offline, the write waits (and survives a reload) and the log opens at once.
 * One client order id per editor: a repeated submit (double click, offline replay) makes one order.
 */
import { onlineManager, useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { OrderAnswer, OrderLeg, OrderStrategy } from '#api/trades.ts';
import { notify } from '#app/components/notices.ts';
import type { TradeWrite } from '#app/features/trades/mutations.ts';
import { tradeWriteKey, tradeWrites } from '#app/features/trades/mutations.ts';
import type { OrderMode } from '#domain/orders/order-modes.ts';
import { rememberAccount } from '../trades/AccountSelect.tsx';

export const OFFLINE_SUBMIT_MESSAGE =
  'You are offline: the order is saved and will be sent when you are back online.';

export interface OrderSubmission {
  readonly accountId: number;
  readonly strategy: OrderStrategy;
  readonly legs: readonly OrderLeg[];
  readonly size: number;
  readonly comment: string;
}

/** The write an order makes in its mode, or null when the mode needs a stored order it lacks. */
export function orderWrite(
  mode: OrderMode,
  stored: Pick<OrderAnswer, 'orderId'> | null,
  order: OrderSubmission,
  clientOrderId: string,
): TradeWrite | null {
  const { accountId, strategy } = order;
  const payload = { legs: [...order.legs], size: order.size, comment: order.comment, clientOrderId };
  if (mode === 'adjustOpen' || mode === 'adjustClosed') {
    return stored ? tradeWrites.adjust(stored.orderId, accountId, strategy, payload) : null;
  }
  const closeOrderId = mode === 'close' && stored ? stored.orderId : null;
  return tradeWrites.submit(accountId, strategy, payload, closeOrderId);
}

export function useOrderSubmit(mode: OrderMode, stored: Pick<OrderAnswer, 'orderId'> | null) {
  const navigate = useNavigate();
  const [clientOrderId] = useState(() => crypto.randomUUID());
  const write = useMutation<unknown, unknown, TradeWrite>({
    mutationKey: tradeWriteKey,
    // The editor shows a refused submit itself (its message and the fields it names).
    onError: () => undefined,
  });
  const submit = (order: OrderSubmission) => {
    const tradeWrite = orderWrite(mode, stored, order, clientOrderId);
    if (!tradeWrite) return;
    const { accountId } = order;
    rememberAccount(accountId);
    write.mutate(tradeWrite, { onSuccess: () => void navigate({ to: '/trades', search: { accountId } }) });
    // Offline the write waits (and survives a reload); it is sent once the app is back online.
    if (!onlineManager.isOnline()) {
      notify({ message: OFFLINE_SUBMIT_MESSAGE, color: 'primary' });
      void navigate({ to: '/trades', search: { accountId } });
    }
  };
  return { submit, pending: write.isPending, error: write.error };
}
