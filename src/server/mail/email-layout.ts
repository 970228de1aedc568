/**
 * The one layout of the app's e-mail: a title, paragraphs, an optional table of amounts, an
 * optional button and a footer, as an HTML part and a plain-text part that say the same thing.
 * Mail clients drop <style> blocks and scripts, so the HTML is tables with inline styles, one
 * column at most 560px wide (readable on a phone), no images, no tracking. Every piece of text
 * is escaped here: callers pass plain text, names included.
 */
import { escapeHtml } from '../http/html-document.ts';
import type { MailMessage } from './mailer.ts';

export interface EmailRow {
  readonly label: string;
  /** Already formatted, e.g. '$1,234.56'. */
  readonly value: string;
  /** Set in bold with a rule above: a total. */
  readonly total?: boolean;
}

export interface EmailContent {
  readonly subject: string;
  /** The heading at the top of the message. */
  readonly title: string;
  readonly paragraphs: readonly string[];
  readonly rows?: readonly EmailRow[];
  /** A button in HTML, the text and the address on their own line in plain text. */
  readonly action?: { readonly text: string; readonly url: string };
  /** Small print under a rule: why the reader gets this message, where to ask. */
  readonly footer: readonly string[];
}

export type RenderedEmail = Pick<MailMessage, 'subject' | 'html' | 'text'>;

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const TEXT_COLOR = '#1b1f24';
const MUTED = '#57606a';
const ACCENT = '#0b6bcb';
const LINE = '#d0d7de';

/** A page of the app for an e-mail's button: `path` ('/account') on the app's address, slash or not. */
export const appLink = (appUrl: string, path: string): string => `${appUrl.replace(/\/+$/, '')}${path}`;

export function emailLayout(content: EmailContent): RenderedEmail {
  if (content.action && !/^https?:\/\//i.test(content.action.url))
    throw new Error(`An e-mail link must be http(s), got '${content.action.url}'`);
  return { subject: content.subject, html: htmlPart(content), text: textPart(content) };
}

function htmlPart({ subject, title, paragraphs, rows, action, footer }: EmailContent): string {
  const p = (text: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${TEXT_COLOR}">${escapeHtml(text)}</p>`;
  const blocks = [
    `<h1 style="margin:0 0 20px;font-size:22px;line-height:1.3;color:${TEXT_COLOR}">${escapeHtml(title)}</h1>`,
    ...paragraphs.map(p),
    rows && rows.length > 0 ? rowsTable(rows) : '',
    action
      ? `<p style="margin:8px 0 24px"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;background:${ACCENT};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600;font-size:16px">${escapeHtml(action.text)}</a></p>`
      : '',
  ].filter((block) => block !== '');
  const small = footer
    .map(
      (line) =>
        `<p style="margin:0 0 8px;font-size:13px;line-height:1.5;color:${MUTED}">${escapeHtml(line)}</p>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f6f8;${FONT}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f8">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid ${LINE};border-radius:8px">
<tr><td style="padding:24px 24px 8px;${FONT};font-size:18px;font-weight:700;color:${ACCENT}">OptionScout</td></tr>
<tr><td style="padding:8px 24px 8px;${FONT}">
${blocks.join('\n')}
</td></tr>
<tr><td style="padding:16px 24px 24px;border-top:1px solid ${LINE};${FONT}">
${small}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

function rowsTable(rows: readonly EmailRow[]): string {
  const cell = (text: string, row: EmailRow, align: 'left' | 'right') => {
    const border = row.total ? `border-top:1px solid ${LINE};` : '';
    const weight = row.total ? 'font-weight:700;' : '';
    return `<td align="${align}" style="padding:8px 0;${border}${weight}font-size:16px;line-height:1.4;color:${TEXT_COLOR}${align === 'right' ? ';white-space:nowrap;padding-left:16px' : ''}">${escapeHtml(text)}</td>`;
  };
  const body = rows.map((row) => `<tr>${cell(row.label, row, 'left')}${cell(row.value, row, 'right')}</tr>`);
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse">
${body.join('\n')}
</table>`;
}

function textPart({ title, paragraphs, rows, action, footer }: EmailContent): string {
  const blocks = [title, ...paragraphs];
  if (rows && rows.length > 0) {
    const labels = Math.max(...rows.map((row) => row.label.length));
    const values = Math.max(...rows.map((row) => row.value.length));
    const line = (row: EmailRow) => `${row.label.padEnd(labels)}  ${row.value.padStart(values)}`;
    const rule = '-'.repeat(labels + 2 + values);
    blocks.push(rows.map((row) => (row.total ? `${rule}\n${line(row)}` : line(row))).join('\n'));
  }
  if (action) blocks.push(`${action.text}: ${action.url}`);
  // "-- " is the signature separator mail clients recognise.
  return `${blocks.join('\n\n')}\n\n-- \n${footer.join('\n')}\n`;
}
