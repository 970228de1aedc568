/**
 * The dev inbox over real HTTP: the outbox's messages listed and shown outside production,
 * and absent (404) without the development conveniences or when mail goes over SMTP.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMailer } from '#server/mail/create-mailer.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { failure } from '../support/screener.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const EVIL = '<script>alert(1)</script>';

async function sendToOutbox(server: TestServer, subject: string): Promise<void> {
  const mailer = createMailer({
    smtpUrl: null,
    from: server.config.mailFrom,
    outboxDir: join(server.config.dataDir, 'outbox'),
  });
  await mailer.send({
    to: 'ann@example.com',
    subject,
    text: `Plain ${subject}`,
    html: `<p style="color:#333">Rich ${subject}</p>${EVIL}`,
  });
  await mailer.close();
}

const pageText = async (res: Response, status: number): Promise<string> => {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  return res.text();
};

describe('the dev inbox outside production', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ staticDir: null });
  });
  afterAll(() => server?.stop());

  test('with no message yet it says so', async () => {
    expect(server.config.devTools).toBe(true);
    expect(await pageText(await server.request('/dev/inbox'), 200)).toContain('No messages yet.');
  });

  test('lists the outbox newest first, with date, recipient and subject, escaped', async () => {
    await sendToOutbox(server, 'First');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await sendToOutbox(server, `Second ${EVIL}`);
    const res = await server.request('/dev/inbox');
    const html = await pageText(res, 200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('ann@example.com');
    expect(html).toMatch(/<td>\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC<\/td>/);
    expect(html).not.toContain('<script>');
    const second = html.indexOf('Second &lt;script&gt;alert(1)&lt;/script&gt;');
    const first = html.indexOf('First');
    expect(second).toBeGreaterThan(0);
    expect(first).toBeGreaterThan(second);
  });

  test('shows one message: its HTML in a sandboxed frame (no scripts), its text part', async () => {
    const list = await (await server.request('/dev/inbox')).text();
    const link = /href="(\/dev\/inbox\/[^"]+)">First</.exec(list)?.[1];
    expect(link).toBeDefined();
    const html = await pageText(await server.request(link ?? ''), 200);
    expect(html).toContain('<h1>First</h1>');
    expect(html).toContain('ann@example.com');
    // The HTML part as the frame's escaped srcdoc: the browser unescapes it inside the sandbox.
    expect(html).toMatch(
      /<iframe sandbox title="[^"]*" srcdoc="&lt;p style=&quot;color:#333&quot;&gt;Rich First&lt;\/p&gt;&lt;script&gt;/,
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('<pre>Plain First</pre>');
  });

  test.each([
    ['a path out of the folder', '..%2F..%2Fetc%2Fpasswd'],
    ['a parent folder', '..%2Fx'],
    ['a dot-dot', '..'],
    ['a slash', '%2F'],
    ['a sidecar file name', '2026-03-05T14-07-09-123Z-0123abcd.json'],
    ['a well-formed name that was never written', '2026-03-05T14-07-09-123Z-0123abcd'],
  ])('%s is not found (404)', async (_what, name) => {
    const res = await server.request(`/dev/inbox/${name}`);
    expect((await failure(res, 404)).code).toBe('NOT_FOUND');
  });
});

describe('where the dev inbox does not exist', () => {
  let appDir: string;
  beforeAll(() => {
    appDir = mkdtempSync(join(tmpdir(), 'built-app-'));
    writeFileSync(join(appDir, 'index.html'), '<!doctype html><title>app</title>');
  });
  afterAll(() => rmSync(appDir, { recursive: true, force: true }));

  test('without the development conveniences: 404, even where the app answers every other page', async () => {
    const server = await startTestServer({ devTools: false, staticDir: appDir });
    try {
      await sendToOutbox(server, 'Hidden');
      expect((await server.request('/screener')).status).toBe(200);
      expect((await failure(await server.request('/dev/inbox'), 404)).code).toBe('NOT_FOUND');
      expect((await server.request('/dev/inbox/x')).status).toBe(404);
    } finally {
      await server.stop();
    }
  });

  test('with a mailer passed in that is not the outbox: no inbox; the mailer stays open, it is the caller’s', async () => {
    let closed = false;
    const mailer: Mailer = {
      kind: 'smtp',
      send: async () => {},
      close: async () => {
        closed = true;
      },
    };
    const server = await startTestServer({ staticDir: null }, {}, { mailer });
    try {
      expect((await server.request('/dev/inbox')).status).toBe(404);
    } finally {
      await server.stop();
    }
    expect(closed).toBe(false);
  });

  test('when mail goes over SMTP: nothing is in the outbox, so no inbox (404)', async () => {
    const server = await startTestServer({ staticDir: null }, { SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      expect(server.config.smtpUrl).toBe('smtp://127.0.0.1:1');
      expect((await server.request('/dev/inbox')).status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});
