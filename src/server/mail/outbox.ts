/**
 * The outbox folder (`DATA_DIR/outbox`): where e-mail goes when no SMTP server is configured.
 * Each message is `<name>.eml` (the RFC 822 message as an SMTP server would have received it)
 * and `<name>.json` beside it (to, subject, date and both parts), which the dev inbox lists and
 * shows without parsing MIME. Names sort by the time they were written.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailMessage } from './mailer.ts';

/** What the sidecar holds: the message as it was sent, and when. */
export interface OutboxEntry extends MailMessage {
  /** The file name without its extension. */
  readonly name: string;
  /** ISO date-time the message was written. */
  readonly date: string;
}

/** `2026-03-05T14-07-09-123Z-` and 8 hex digits: the time it was written, then a random part. */
const NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{8}$/;

/** Only names the outbox writes: no dots, no slashes, nothing that reaches another folder. */
export const isOutboxName = (name: string): boolean => NAME.test(name);

function newName(date: Date): string {
  return `${date.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
}

/** Writes the message's `.eml` and its sidecar (the message's own fields); the folder is created owner-only. */
export async function writeToOutbox(
  dir: string,
  message: MailMessage,
  date: Date,
  eml: Buffer,
): Promise<OutboxEntry> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = newName(date);
  const entry: OutboxEntry = { name, date: date.toISOString(), ...message };
  await writeFile(join(dir, `${name}.eml`), eml, { mode: 0o600 });
  // The sidecar last: a listed message always has its .eml.
  await writeFile(join(dir, `${name}.json`), JSON.stringify(entry), { mode: 0o600 });
  return entry;
}

/** Every message of the outbox, newest first; an absent folder is an empty outbox. */
export async function listOutbox(dir: string): Promise<OutboxEntry[]> {
  const files = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const names = files
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .filter(isOutboxName)
    .sort()
    .reverse();
  const entries = await Promise.all(names.map((name) => readOutboxEntry(dir, name)));
  return entries.filter((entry) => entry !== null);
}

/** One message by its name, or null when the name is not one of the outbox's. */
export async function readOutboxEntry(dir: string, name: string): Promise<OutboxEntry | null> {
  if (!isOutboxName(name)) return null;
  const text = await readFile(join(dir, `${name}.json`), 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  return text === null ? null : { ...(JSON.parse(text) as OutboxEntry), name };
}
