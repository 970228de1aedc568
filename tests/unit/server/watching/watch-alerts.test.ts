import { expect, test } from 'vitest';
import type { ScanTradeRow } from '#api/scans.ts';
import { alertEmail, alertPushPayload } from '#server/watching/watch-alerts.ts';
import { notificationFromPush } from '#sw/push-payload.ts';

const put = (underlying: string, strike: number): ScanTradeRow => ({
  id: `${underlying}-${strike}`,
  underlying,
  strategy: 'bull_put_spread',
  values: {},
  legs: [
    {
      contract: `${underlying}261218P${strike}`,
      kind: 'option',
      right: 'PUT',
      expiration: '2026-12-18',
      strike,
      quantity: -1,
      bid: 1,
      ask: 1.1,
      iv: 0.3,
      delta: -0.3,
      open_interest: 100,
    },
    {
      contract: `${underlying}261218P${strike - 5}`,
      kind: 'option',
      right: 'PUT',
      expiration: '2026-12-18',
      strike: strike - 5,
      quantity: 1,
      bid: 0.5,
      ask: 0.6,
      iv: 0.32,
      delta: -0.2,
      open_interest: 80,
    },
  ],
});

const input = {
  scan: { id: 42, title: 'Weekly <puts>' },
  trades: [put('AAPL', 200), put('KO', 60), put('SPY', 600), put('QQQ', 500)],
  appUrl: 'https://app.example.com/',
};

test('the push notification names the scan, the first tickers and how many more, and opens the scan', () => {
  const note = notificationFromPush(alertPushPayload(input));
  expect(note.title).toBe('4 new trades: Weekly <puts>');
  expect(note.options.body).toBe("AAPL, KO, SPY and 1 more entered the scan's top 10.");
  expect(note.options.tag).toBe('scan-42');
  expect(note.options.data.url).toBe('/screener/scan/42');
});

test('the e-mail lists every new trade with its legs and links to the scan', () => {
  const mail = alertEmail({ ...input, to: 'trader@example.com' });
  expect(mail.to).toBe('trader@example.com');
  expect(mail.subject).toBe('4 new trades in your watched scan “Weekly <puts>”');
  expect(mail.text).toContain("Sell 1 AAPL Dec 18 '26 200P · Buy 1 AAPL Dec 18 '26 195P");
  expect(mail.text).toContain('https://app.example.com/screener/scan/42');
  expect(mail.html).toContain('Weekly &lt;puts&gt;');
  expect(mail.html).not.toContain('<puts>');
});

test('one new trade reads in the singular', () => {
  const one = { ...input, trades: [put('KO', 60)] };
  expect(notificationFromPush(alertPushPayload(one)).title).toBe('1 new trade: Weekly <puts>');
  expect(alertEmail({ ...one, to: 'a@example.com' }).subject).toBe(
    '1 new trade in your watched scan “Weekly <puts>”',
  );
});
