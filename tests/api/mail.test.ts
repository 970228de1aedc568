/**
 * The mailer against a real SMTP server (smtp-server on a loopback port, with a password) and
 * the outbox folder, each message parsed back with a real MIME parser.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMailer } from '#server/mail/create-mailer.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { listOutbox } from '#server/mail/outbox.ts';

const message: MailMessage = {
  to: 'ann@example.com',
  subject: 'Reçu OS-1 ✓ für Ann',
  text: 'Total: $1,234.56\n',
  html: '<p>Total: <b>$1,234.56</b></p>',
};
const FROM = '"OptionScout" <no-reply@example.com>';

describe('over SMTP', () => {
  let server: SMTPServer;
  let port: number;
  const received: { from: string; to: string[]; user: string | undefined; raw: Buffer }[] = [];

  beforeAll(async () => {
    // STARTTLS off: smtp-server's built-in certificate has expired, a client would refuse it.
    server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'app' && auth.password === 's3cret') callback(null, { user: 'app' });
        else callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            user: typeof session.user === 'string' ? session.user : undefined,
            raw: Buffer.concat(chunks),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('a message arrives with both parts, its UTF-8 subject, From and To, after signing in', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://app:s3cret@127.0.0.1:${port}`,
      from: FROM,
      outboxDir: '/nonexistent',
    });
    expect(mailer.kind).toBe('smtp');
    await mailer.send(message);
    await mailer.close();

    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(delivery?.user).toBe('app');
    expect(delivery?.from).toBe('no-reply@example.com');
    expect(delivery?.to).toEqual(['ann@example.com']);
    const mail = await simpleParser(delivery?.raw ?? Buffer.alloc(0));
    expect(mail.subject).toBe(message.subject);
    expect(mail.from?.text).toBe('"OptionScout" <no-reply@example.com>');
    expect(Array.isArray(mail.to) ? null : mail.to?.text).toBe('ann@example.com');
    expect(mail.text).toBe(message.text);
    expect(mail.html).toBe(message.html);
  });

  test('a wrong password fails the send', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://app:wrong@127.0.0.1:${port}`,
      from: FROM,
      outboxDir: '/nonexistent',
    });
    await expect(mailer.send(message)).rejects.toThrow(/Invalid username or password/);
    await mailer.close();
  });
});

describe('into the outbox', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'outbox-test-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('without SMTP each message is an .eml file and a sidecar in an owner-only folder; the .eml parses back', async () => {
    const outboxDir = join(dataDir, 'outbox');
    const mailer = createMailer({ smtpUrl: null, from: FROM, outboxDir });
    expect(mailer.kind).toBe('outbox');
    await mailer.send(message);
    await mailer.send({ ...message, subject: 'Second' });
    await mailer.close();

    expect(statSync(outboxDir).mode & 0o777).toBe(0o700);
    const files = readdirSync(outboxDir).sort();
    expect(files).toHaveLength(4);
    const emls = files.filter((f) => f.endsWith('.eml'));
    expect(emls).toHaveLength(2);
    for (const eml of emls) {
      expect(eml).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{8}\.eml$/);
      expect(files).toContain(eml.replace(/\.eml$/, '.json'));
    }

    const entries = await listOutbox(outboxDir);
    const first = entries.find((e) => e.subject === message.subject);
    expect(first).toMatchObject({ to: message.to, text: message.text, html: message.html });
    const mail = await simpleParser(readFileSync(join(outboxDir, `${first?.name}.eml`)));
    expect(mail.subject).toBe(message.subject);
    expect(mail.from?.text).toBe('"OptionScout" <no-reply@example.com>');
    expect(Array.isArray(mail.to) ? null : mail.to?.text).toBe('ann@example.com');
    expect(mail.text).toBe(message.text);
    expect(mail.html).toBe(message.html);
    expect(mail.date?.toISOString()).toBe(first?.date.replace(/\.\d{3}Z$/, '.000Z'));
  });

  test('an absent outbox lists nothing', async () => {
    expect(await listOutbox(join(dataDir, 'never-written'))).toEqual([]);
  });
});
