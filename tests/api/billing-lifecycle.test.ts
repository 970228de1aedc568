/**
 * The billing lifecycle job on the business clock, run through the operator command
 * (`npm run ops -- billing run`) on a server of its own per test (each moves the clock):
 * renewals and their catch-up after downtime, a pending downgrade at renewal, a declined
 * renewal's grace period, trial reminders and end notices (once each), refunds, and e-mail
 * over a real SMTP server.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, test } from 'vitest';
import { moveClock, ops, signedIn } from '../support/auth.ts';
import { billingRecord, buy, CARDS, mailsTo, TEST_STORE_SECRET } from '../support/billing.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

async function start(env: Record<string, string> = {}): Promise<TestServer> {
  server = await startTestServer(
    { staticDir: null },
    { TESTSTORE_WEBHOOK_SECRET: TEST_STORE_SECRET, ...env },
  );
  return server;
}

const runJob = async (s: TestServer) => (await ops(s, 'billing', 'run')).lines.join('\n');
const status = async (client: Awaited<ReturnType<typeof signedIn>>) =>
  (await (await client.request('/api/v1/account/subscription')).json()) as {
    status: number;
    planId: number | null;
  };

describe('renewals', () => {
  test('after a 40-day gap a monthly plan is renewed once, dated at its period end; a second run changes nothing', async () => {
    const s = await start();
    const client = await signedIn(s, 'renew@example.com');
    await buy(s, client, 1);
    const { periodEnd: firstEnd } = await billingRecord(client);
    await moveClock(s, 40);
    expect(await runJob(s)).toMatch(/^Renewals 1,/);
    expect(await runJob(s)).toMatch(/^Renewals 0,/);
    const record = await billingRecord(client);
    expect(record.invoices.map((i) => [i.reason, i.totalCents, i.status])).toEqual([
      ['renewal', 4900, 'paid'],
      ['purchase', 4900, 'paid'],
    ]);
    expect(record.invoices[0]?.issuedAt).toBe(firstEnd);
    expect(record.periodStart).toBe(firstEnd);
    expect(await status(client)).toMatchObject({ status: 2, planId: 1 });
    expect(await mailsTo(s.config.dataDir, 'renew@example.com', /receipt/i)).toHaveLength(2);
  });

  test('after 70 days two renewals are made, one after the other', async () => {
    const s = await start();
    const client = await signedIn(s, 'catchup@example.com');
    await buy(s, client, 101);
    await moveClock(s, 70);
    expect(await runJob(s)).toMatch(/^Renewals 2,/);
    const invoices = (await billingRecord(client)).invoices;
    expect(invoices.map((i) => i.reason)).toEqual(['renewal', 'renewal', 'purchase']);
    expect(invoices[0]?.periodStart).toBe(invoices[1]?.periodEnd);
  });

  test('a pending downgrade takes effect at the renewal, charged at the new price', async () => {
    const s = await start();
    const client = await signedIn(s, 'pending@example.com');
    await buy(s, client, 101);
    await client.request('/api/v1/account/plan', {
      method: 'PATCH',
      body: JSON.stringify({ planId: 1, dryRun: false }),
    });
    expect((await billingRecord(client)).pendingPlanId).toBe(1);
    await moveClock(s, 32);
    await runJob(s);
    const record = await billingRecord(client);
    expect(record).toMatchObject({ planId: 1, pendingPlanId: null, status: 2 });
    expect(record.invoices[0]).toMatchObject({ reason: 'renewal', planId: 1, totalCents: 4900 });
  });

  test('a declined renewal keeps access for the 7-day grace period with retries, then the subscription ends', async () => {
    const s = await start();
    const client = await signedIn(s, 'grace@example.com');
    await buy(s, client, 1, CARDS.laterDeclined);
    await moveClock(s, 32);
    // A declined attempt at the period end, then one a day: 1 to 3 by the month's length.
    expect(await runJob(s)).toMatch(/^Renewals 0, declined [1-3],/);
    const during = await billingRecord(client);
    expect(during.status).toBe(2);
    expect(during.paymentProblem).not.toBeNull();
    expect(during.invoices[0]).toMatchObject({ reason: 'renewal', status: 'failed' });
    expect((await client.request('/api/v1/tradeaccount')).status).toBe(200);
    expect(await mailsTo(s.config.dataDir, 'grace@example.com', /payment/i)).not.toHaveLength(0);
    await moveClock(s, 40);
    expect(await runJob(s)).toMatch(/ended 1,/);
    expect(await status(client)).toMatchObject({ status: 4 });
    expect((await client.request('/api/v1/tradeaccount')).status).toBe(403);
    expect(await mailsTo(s.config.dataDir, 'grace@example.com', /ended/i)).toHaveLength(1);
    await runJob(s);
    expect(await mailsTo(s.config.dataDir, 'grace@example.com', /ended/i)).toHaveLength(1);
  });
});

describe('trial e-mails', () => {
  test('a reminder 3 days before the trial ends and a notice when it has ended, each once', async () => {
    const s = await start();
    await signedIn(s, 'trial@example.com');
    await moveClock(s, 12);
    expect(await runJob(s)).toMatch(/trial reminders 1,/);
    expect(await runJob(s)).toMatch(/trial reminders 0,/);
    const [reminder] = await mailsTo(s.config.dataDir, 'trial@example.com', /trial/i);
    expect(reminder?.text).toMatch(/pricing/);
    await moveClock(s, 15);
    expect(await runJob(s)).toMatch(/end notices 1\./);
    expect(await runJob(s)).toMatch(/end notices 0\./);
  });
});

describe('refunds', () => {
  test('an annual renewal is refunded within 7 days and ends the plan; a first payment is not refundable', async () => {
    const s = await start();
    const first = await signedIn(s, 'first@example.com');
    await buy(s, first, 12);
    await expect(ops(s, 'refund', 'first@example.com')).rejects.toThrow(
      /annual renewals are refundable up to 7 calendar days after the renewal; monthly plans and initial payments are not refundable/,
    );
    await moveClock(s, 367);
    await runJob(s);
    const { lines } = await ops(s, 'refund', 'first@example.com');
    expect(lines.join('\n')).toMatch(/Refunded R-\d{6}: \$468\.00/);
    const record = await billingRecord(first);
    expect(record.status).toBe(4);
    expect(record.invoices[0]).toMatchObject({ reason: 'renewal', status: 'refunded', refundedCents: 46800 });
    expect(await mailsTo(s.config.dataDir, 'first@example.com', /refund/i)).toHaveLength(1);
  });
});

describe('e-mail over SMTP', () => {
  test('the receipt of a purchase and a trial reminder arrive at the SMTP server of SMTP_URL', async () => {
    const received: Buffer[] = [];
    const smtp = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    try {
      const port = (smtp.server.address() as AddressInfo).port;
      const s = await start({ SMTP_URL: `smtp://127.0.0.1:${port}` });
      const client = await signedIn(s, 'smtp@example.com');
      await buy(s, client, 101);
      await expect.poll(() => received.length, { timeout: 5_000 }).toBe(1);
      const mail = await simpleParser(received[0] ?? Buffer.alloc(0));
      expect(mail.subject).toMatch(/receipt/i);
      expect(mail.text).toContain('75.00');
      expect(mail.html).toContain('75.00');
      await signedIn(s, 'remind@example.com');
      await moveClock(s, 12);
      await runJob(s);
      await expect.poll(() => received.length, { timeout: 5_000 }).toBe(2);
      const reminder = await simpleParser(received[1] ?? Buffer.alloc(0));
      expect(JSON.stringify(reminder.to)).toContain('remind@example.com');
      expect(reminder.subject).toMatch(/trial/i);
      expect(reminder.text).toContain('/pricing');
      expect(await mailsTo(s.config.dataDir, 'remind@example.com', /trial/i)).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
