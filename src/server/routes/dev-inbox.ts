/**
 * The dev inbox: the outbox folder's messages as web pages, so e-mail can be read without an
 * SMTP server. Registered outside production only, and only when mail goes to the outbox (in
 * production the paths do not exist: 404). `GET /dev/inbox` lists the messages, newest first;
 * `GET /dev/inbox/:name` shows one: its HTML part in a sandboxed frame (no scripts, no
 * same-origin access) and its text part.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '#domain/errors.ts';
import { escapeHtml } from '../http/html-document.ts';
import { listOutbox, readOutboxEntry } from '../mail/outbox.ts';

export const DEV_INBOX_PATH = '/dev/inbox';

const STYLE = `body{margin:0;padding:16px;font:15px/1.5 system-ui,sans-serif;color:#1b1f24;background:#f4f6f8}
main{max-width:900px;margin:0 auto}table{width:100%;border-collapse:collapse;background:#fff}
th,td{text-align:left;padding:8px;border-bottom:1px solid #d0d7de;vertical-align:top;overflow-wrap:anywhere}
iframe{width:100%;height:70vh;border:1px solid #d0d7de;background:#fff}
pre{white-space:pre-wrap;background:#fff;border:1px solid #d0d7de;padding:12px}dt{font-weight:600}dd{margin:0 0 8px}`;

/** '2026-03-05 14:07:09 UTC' from the sidecar's ISO date-time. */
const shownDate = (iso: string): string => `${iso.slice(0, 19).replace('T', ' ')} UTC`;

function page(reply: FastifyReply, title: string, body: string): FastifyReply {
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Dev inbox</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`);
}

export function devInboxRoutes(app: FastifyInstance, deps: { outboxDir: string }): void {
  app.get(DEV_INBOX_PATH, async (_request, reply) => {
    const entries = await listOutbox(deps.outboxDir);
    const rows = entries.map(
      (e) =>
        `<tr><td>${escapeHtml(shownDate(e.date))}</td><td>${escapeHtml(e.to)}</td><td><a href="${DEV_INBOX_PATH}/${e.name}">${escapeHtml(e.subject)}</a></td></tr>`,
    );
    return page(
      reply,
      'Messages',
      `<h1>Dev inbox</h1>
<p>E-mail the server wrote to its outbox (no SMTP_URL), newest first.</p>
${
  rows.length === 0
    ? '<p>No messages yet.</p>'
    : `<table>
<thead><tr><th>Date</th><th>To</th><th>Subject</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`
}`,
    );
  });

  app.get<{ Params: { name: string } }>(`${DEV_INBOX_PATH}/:name`, async (request, reply) => {
    const entry = await readOutboxEntry(deps.outboxDir, request.params.name);
    if (entry === null) throw notFound('Message');
    return page(
      reply,
      entry.subject,
      `<p><a href="${DEV_INBOX_PATH}">All messages</a></p>
<h1>${escapeHtml(entry.subject)}</h1>
<dl><dt>To</dt><dd>${escapeHtml(entry.to)}</dd><dt>Date</dt><dd>${escapeHtml(shownDate(entry.date))}</dd></dl>
<h2>HTML part</h2>
<iframe sandbox title="The HTML part" srcdoc="${escapeHtml(entry.html)}"></iframe>
<h2>Text part</h2>
<pre>${escapeHtml(entry.text)}</pre>`,
    );
  });
}
