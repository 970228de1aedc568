/**
 * The e-mail billing sends (docs/EMAIL.md): receipts, a failed renewal, the trial reminder,
 * the end of a subscription and refunds. Pure: each function turns what happened into a
 * message for the mailer; sending, and sending once, is billing's job. Amounts are integer
 * cents shown as dollars ('$1,234.56'), dates are UTC calendar days ('Mar 5, 2026').
 */
import { formatCents } from '#domain/columns/number-format.ts';
import { appLink, emailLayout } from '../mail/email-layout.ts';
import type { MailMessage } from '../mail/mailer.ts';

export interface EmailRecipient {
  readonly to: string;
  /** The user's name as stored; an empty name greets without one. */
  readonly name: string;
  /** The app's address (PUBLIC_URL), where the message's link points. */
  readonly appUrl: string;
  /** Named in the footer as the place to ask, when given. */
  readonly supportEmail?: string;
}

export type ReceiptReason = 'purchase' | 'renewal' | 'upgrade';

export interface ReceiptLine {
  readonly description: string;
  /** Negative for a discount or a credit. */
  readonly amountCents: number;
}

const DAY = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Mar 5, 2026' (UTC). */
export const formatEmailDate = (ms: number): string => DAY.format(ms);

const greeting = (name: string): string => (name.trim() ? `Hi ${name.trim()},` : 'Hi,');

function footer({ supportEmail }: EmailRecipient, why: string): string[] {
  return [why, supportEmail ? `Questions? Write to ${supportEmail}.` : ''].filter((line) => line !== '');
}

const SUBSCRIPTION_FOOTER = 'You receive this e-mail because of your OptionScout subscription.';
const ACCOUNT_FOOTER = 'You receive this e-mail because you have an OptionScout account.';

const RECEIPT_OPENING: Readonly<Record<ReceiptReason, (planName: string) => string>> = {
  purchase: (plan) => `Thank you for subscribing to OptionScout ${plan}. Your payment went through.`,
  renewal: (plan) => `Your OptionScout ${plan} subscription has renewed for another period.`,
  upgrade: (plan) => `You upgraded to OptionScout ${plan}. The new plan is on from today.`,
};

export function receiptEmail(
  input: EmailRecipient & {
    readonly receiptNumber: string;
    readonly planName: string;
    readonly reason: ReceiptReason;
    /** The period paid for, epoch ms, [start, end). */
    readonly periodStartMs: number;
    readonly periodEndMs: number;
    readonly lines: readonly ReceiptLine[];
    readonly totalCents: number;
    /** The card as shown ('Visa •••• 4242'), when known. */
    readonly paymentMethod: string | null;
  },
): MailMessage {
  const period = `${formatEmailDate(input.periodStartMs)} – ${formatEmailDate(input.periodEndMs)}`;
  return {
    to: input.to,
    ...emailLayout({
      subject: `Your OptionScout receipt ${input.receiptNumber}`,
      title: `Receipt ${input.receiptNumber}`,
      paragraphs: [
        greeting(input.name),
        RECEIPT_OPENING[input.reason](input.planName),
        `Plan: ${input.planName}, ${period}.`,
        ...(input.paymentMethod ? [`Paid with ${input.paymentMethod}.`] : []),
      ],
      rows: [
        ...input.lines.map((line) => ({ label: line.description, value: formatCents(line.amountCents) })),
        { label: 'Total', value: formatCents(input.totalCents), total: true },
      ],
      action: { text: 'View your account', url: appLink(input.appUrl, '/account') },
      footer: footer(input, SUBSCRIPTION_FOOTER),
    }),
  };
}

export function paymentFailedEmail(
  input: EmailRecipient & {
    readonly planName: string;
    readonly totalCents: number;
    /** When the subscription ends unless a retry succeeds. */
    readonly graceEndsMs: number;
  },
): MailMessage {
  const amount = formatCents(input.totalCents);
  return {
    to: input.to,
    ...emailLayout({
      subject: 'Your OptionScout payment did not go through',
      title: 'We could not renew your subscription',
      paragraphs: [
        greeting(input.name),
        `We tried to charge ${amount} for your OptionScout ${input.planName} subscription, but the payment did not go through.`,
        `We will try again every day until ${formatEmailDate(input.graceEndsMs)}. If no payment succeeds by then, the subscription ends.`,
        'Please check the card on file or choose another way to pay.',
      ],
      action: { text: 'Update your payment', url: appLink(input.appUrl, '/account') },
      footer: footer(input, SUBSCRIPTION_FOOTER),
    }),
  };
}

export function trialReminderEmail(input: EmailRecipient & { readonly trialEndsMs: number }): MailMessage {
  const ends = formatEmailDate(input.trialEndsMs);
  return {
    to: input.to,
    ...emailLayout({
      subject: `Your OptionScout trial ends on ${ends}`,
      title: 'Your free trial ends soon',
      paragraphs: [
        greeting(input.name),
        `Your 14-day OptionScout trial ends on ${ends}.`,
        'Choose a plan to keep your screener, saved scans and trade log. Nothing is charged unless you subscribe.',
      ],
      action: { text: 'Choose a plan', url: appLink(input.appUrl, '/pricing') },
      footer: footer(input, ACCOUNT_FOOTER),
    }),
  };
}

export function subscriptionEndedEmail(
  input: EmailRecipient & {
    /** The ended plan's name; null for a trial or an unknown plan. */
    readonly planName: string | null;
    readonly endedMs: number;
    readonly wasTrial: boolean;
  },
): MailMessage {
  const ended = formatEmailDate(input.endedMs);
  const what = input.wasTrial
    ? 'free trial'
    : input.planName
      ? `${input.planName} subscription`
      : 'subscription';
  return {
    to: input.to,
    ...emailLayout({
      subject: `Your OptionScout ${what} has ended`,
      title: `Your ${what} has ended`,
      paragraphs: [
        greeting(input.name),
        `Your OptionScout ${what} ended on ${ended}.`,
        'Your saved scans, lists and trades are kept. Choose a plan to use them again.',
      ],
      action: { text: 'See the plans', url: appLink(input.appUrl, '/pricing') },
      footer: footer(input, ACCOUNT_FOOTER),
    }),
  };
}

export function refundEmail(
  input: EmailRecipient & { readonly receiptNumber: string; readonly amountCents: number },
): MailMessage {
  const amount = formatCents(input.amountCents);
  return {
    to: input.to,
    ...emailLayout({
      subject: `Your OptionScout refund of ${amount}`,
      title: `Refund of ${amount}`,
      paragraphs: [
        greeting(input.name),
        `We refunded ${amount} of receipt ${input.receiptNumber} to the card it was paid with.`,
        'Depending on your bank it can take 5 to 10 business days to appear on your statement.',
      ],
      rows: [{ label: `Refund of receipt ${input.receiptNumber}`, value: amount, total: true }],
      action: { text: 'View your account', url: appLink(input.appUrl, '/account') },
      footer: footer(input, SUBSCRIPTION_FOOTER),
    }),
  };
}
