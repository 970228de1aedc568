/**
 * The account page's wording of the billing record: the status, the line about the next charge
 * (or the end of a cancelled subscription), and what each invoice was for.
 */
import type { BillingAnswer, Invoice } from '#api/billing.ts';
import { billingDate, planName } from '#app/features/billing/billing-text.ts';
import { SubscriptionStatus } from '#domain/plans/subscription-status.ts';

const STATUS_NAMES: Record<SubscriptionStatus, string> = {
  [SubscriptionStatus.Trial]: 'Free trial',
  [SubscriptionStatus.TrialEnded]: 'Free trial ended',
  [SubscriptionStatus.Premium]: 'Active',
  [SubscriptionStatus.PremiumCancelled]: 'Cancelled',
  [SubscriptionStatus.PremiumEnded]: 'Ended',
};

export const statusName = (status: SubscriptionStatus): string => STATUS_NAMES[status];

/** The plan's date line: the next charge, or when a cancelled subscription ends; null without a period. */
export function periodLine(
  record: Pick<BillingAnswer, 'status' | 'periodEnd' | 'cancelAtPeriodEnd'>,
): { readonly label: string; readonly day: string } | null {
  if (record.periodEnd === null) return null;
  const day = billingDate(record.periodEnd);
  switch (record.status) {
    case SubscriptionStatus.Premium:
      return { label: record.cancelAtPeriodEnd ? 'Ends on' : 'Next billing date', day };
    case SubscriptionStatus.PremiumCancelled:
      return { label: 'Ends on', day };
    case SubscriptionStatus.PremiumEnded:
      return { label: 'Ended on', day };
    default:
      return null;
  }
}

const REASONS: Record<Invoice['reason'], string> = {
  purchase: 'Purchase',
  renewal: 'Renewal',
  upgrade: 'Upgrade',
};

/** 'Advanced Yearly, upgrade'. */
export const invoiceDescription = (invoice: Pick<Invoice, 'planId' | 'reason'>): string =>
  `${planName(invoice.planId)}, ${REASONS[invoice.reason].toLowerCase()}`;

const INVOICE_STATUSES: Record<Invoice['status'], string> = {
  paid: 'Paid',
  failed: 'Payment failed',
  refunded: 'Refunded',
};

export const invoiceStatus = (status: Invoice['status']): string => INVOICE_STATUSES[status];
