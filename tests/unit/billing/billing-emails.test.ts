import { describe, expect, test } from 'vitest';
import {
  formatEmailDate,
  paymentFailedEmail,
  receiptEmail,
  refundEmail,
  subscriptionEndedEmail,
  trialReminderEmail,
} from '#server/billing/billing-emails.ts';
import type { MailMessage } from '#server/mail/mailer.ts';

const MAR_5_2026 = Date.UTC(2026, 2, 5, 23, 59);
const APR_5_2026 = Date.UTC(2026, 3, 5);
const who = { to: 'ann@example.com', name: 'Ann Lee', appUrl: 'https://app.example.com/' };
const EVIL = '<script>alert(1)</script>';

/** Both parts contain every piece; the HTML one only escaped. */
function expectInBoth(mail: MailMessage, ...pieces: string[]): void {
  for (const piece of pieces) {
    expect(mail.text).toContain(piece);
    expect(mail.html).toContain(piece);
  }
}

const receipt = (overrides: Partial<Parameters<typeof receiptEmail>[0]> = {}) =>
  receiptEmail({
    ...who,
    receiptNumber: 'OS-1001',
    planName: 'Advanced Yearly',
    reason: 'purchase',
    periodStartMs: MAR_5_2026,
    periodEndMs: APR_5_2026,
    lines: [
      { description: 'Advanced Yearly, 12 months', amountCents: 123_456 },
      { description: 'Coupon SPRING', amountCents: -12_345 },
    ],
    totalCents: 111_111,
    paymentMethod: 'Visa •••• 4242',
    ...overrides,
  });

describe('dates and amounts', () => {
  test('a UTC calendar day, whatever the time of day', () => {
    expect(formatEmailDate(MAR_5_2026)).toBe('Mar 5, 2026');
    expect(formatEmailDate(Date.UTC(2026, 11, 31, 23, 59, 59))).toBe('Dec 31, 2026');
  });
});

describe('the receipt', () => {
  test('to the buyer, numbered, its lines and total in dollars, the period and the card', () => {
    const mail = receipt();
    expect(mail.to).toBe('ann@example.com');
    expect(mail.subject).toBe('Your OptionScout receipt OS-1001');
    expectInBoth(
      mail,
      'Hi Ann Lee,',
      'Thank you for subscribing to OptionScout Advanced Yearly',
      'Advanced Yearly, 12 months',
      '$1,234.56',
      '-$123.45',
      '$1,111.11',
      'Mar 5, 2026 – Apr 5, 2026',
      'Paid with Visa •••• 4242.',
      'https://app.example.com/account',
    );
    expect(mail.text).toMatch(/Total +\$1,111\.11/);
  });

  test('a renewal and an upgrade say so; an unknown card is not mentioned', () => {
    expect(receipt({ reason: 'renewal' }).text).toContain(
      'Your OptionScout Advanced Yearly subscription has renewed',
    );
    expect(receipt({ reason: 'upgrade' }).text).toContain('You upgraded to OptionScout Advanced Yearly');
    expect(receipt({ paymentMethod: null }).text).not.toContain('Paid with');
  });

  test('a name with markup stays text', () => {
    const mail = receipt({ name: EVIL });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(mail.text).toContain(`Hi ${EVIL},`);
  });

  test('no name: a greeting without one', () => {
    expect(receipt({ name: '  ' }).text).toContain('Hi,\n');
  });

  test('the support address in the footer when given', () => {
    expect(receipt().text).not.toContain('Questions?');
    expectInBoth(receipt({ supportEmail: 'help@example.com' }), 'Questions? Write to help@example.com.');
  });
});

describe('the other billing messages', () => {
  test('a failed renewal: the amount, the last retry day, a link to the account', () => {
    const mail = paymentFailedEmail({
      ...who,
      name: EVIL,
      planName: 'Beginner Monthly',
      totalCents: 4900,
      graceEndsMs: MAR_5_2026,
    });
    expect(mail.subject).toBe('Your OptionScout payment did not go through');
    expectInBoth(mail, '$49.00', 'Beginner Monthly', 'until Mar 5, 2026', 'https://app.example.com/account');
    expect(mail.html).not.toContain('<script>');
  });

  test('the trial reminder: the end day, a link to the plans', () => {
    const mail = trialReminderEmail({ ...who, name: EVIL, trialEndsMs: MAR_5_2026 });
    expect(mail.subject).toBe('Your OptionScout trial ends on Mar 5, 2026');
    expectInBoth(mail, 'ends on Mar 5, 2026', 'https://app.example.com/pricing');
    expect(mail.html).not.toContain('<script>');
  });

  test('the end of a trial, of a plan, of an unnamed plan: each says which, with a link to the plans', () => {
    const base = { ...who, endedMs: MAR_5_2026 };
    const trial = subscriptionEndedEmail({ ...base, planName: null, wasTrial: true });
    expect(trial.subject).toBe('Your OptionScout free trial has ended');
    expectInBoth(trial, 'ended on Mar 5, 2026', 'https://app.example.com/pricing');
    expect(subscriptionEndedEmail({ ...base, planName: 'Advanced Monthly', wasTrial: false }).subject).toBe(
      'Your OptionScout Advanced Monthly subscription has ended',
    );
    expect(subscriptionEndedEmail({ ...base, planName: null, wasTrial: false }).subject).toBe(
      'Your OptionScout subscription has ended',
    );
    const evil = subscriptionEndedEmail({ ...base, name: EVIL, planName: EVIL, wasTrial: false });
    expect(evil.html).not.toContain('<script>');
  });

  test('a refund: the amount and the receipt it refunds', () => {
    const mail = refundEmail({ ...who, name: EVIL, receiptNumber: 'OS-1001', amountCents: 123_456 });
    expect(mail.subject).toBe('Your OptionScout refund of $1,234.56');
    expectInBoth(mail, '$1,234.56', 'receipt OS-1001', 'https://app.example.com/account');
    expect(mail.html).not.toContain('<script>');
  });

  test('every message has both parts and a link to the app', () => {
    const messages = [
      receipt(),
      paymentFailedEmail({ ...who, planName: 'x', totalCents: 1, graceEndsMs: MAR_5_2026 }),
      trialReminderEmail({ ...who, trialEndsMs: MAR_5_2026 }),
      subscriptionEndedEmail({ ...who, planName: null, endedMs: MAR_5_2026, wasTrial: true }),
      refundEmail({ ...who, receiptNumber: 'OS-1', amountCents: 1 }),
    ];
    for (const mail of messages) {
      expect(mail.html).toMatch(/^<!doctype html>[\s\S]*<\/html>$/);
      expect(mail.text.length).toBeGreaterThan(50);
      expect(mail.html).not.toContain('https://app.example.com//');
      expect(mail.text).toMatch(/https:\/\/app\.example\.com\/(account|pricing)/);
    }
  });
});
