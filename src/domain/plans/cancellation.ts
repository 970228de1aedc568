/** Cancelling and refunds (spec 1 §4, §9). */
import { DAY_MS } from './calendar.ts';
import { BillingCycle } from './plan-id.ts';

/** The cancel form's 'other' reason: sent as no reason id, the free text says it all. */
export const OTHER_CANCEL_REASON_ID = 7;

export interface CancelRequest {
  readonly reasonId: number | null;
  readonly reasonText: string | null;
}

export function cancelRequest(reasonId: number | null, reasonText: string): CancelRequest {
  const text = reasonText.trim();
  return {
    reasonId: reasonId === OTHER_CANCEL_REASON_ID ? null : reasonId,
    reasonText: text === '' ? null : text,
  };
}

export const REFUND_WINDOW_DAYS = 7;

/**
 * Only an annual renewal is refundable, up to 7 days (7 × 24 h) after it was charged; monthly
 * plans and first payments are not.
 */
export function isRefundable(
  charge: { readonly cycle: BillingCycle; readonly renewal: boolean; readonly chargedAtMs: number },
  nowMs: number,
): boolean {
  const age = nowMs - charge.chargedAtMs;
  return (
    charge.cycle === BillingCycle.Yearly && charge.renewal && age >= 0 && age <= REFUND_WINDOW_DAYS * DAY_MS
  );
}
