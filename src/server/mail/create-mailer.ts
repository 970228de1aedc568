/**
 * The mailer the configuration asks for: SMTP when `SMTP_URL` is set, otherwise the outbox
 * folder. Both build the same MIME message with nodemailer (a plain-text and an HTML part), so
 * what lands in the outbox is what an SMTP server would receive.
 */
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Mailer, MailMessage } from './mailer.ts';
import { writeToOutbox } from './outbox.ts';

export interface MailerOptions {
  /** `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://…:465`; null → outbox. */
  readonly smtpUrl: string | null;
  /** The From header, e.g. `"OptionScout" <no-reply@example.com>`. */
  readonly from: string;
  /** Where messages go without SMTP (`DATA_DIR/outbox`). */
  readonly outboxDir: string;
}

/** The outbox folder of a data folder. */
export const outboxDirOf = (dataDir: string): string => join(dataDir, 'outbox');

/** The mailer of the configuration: SMTP_URL's server, or the data folder's outbox. */
export const mailerFor = (config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer =>
  createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: outboxDirOf(config.dataDir) });

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl === null ? outboxMailer(options) : smtpMailer(options.smtpUrl, options.from);
}

/** The message's own fields only: a caller's object may carry more. */
const mailOf = ({ to, subject, text, html }: MailMessage): MailMessage => ({ to, subject, text, html });

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl, { from });
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail(mailOf(message));
    },
    async close() {
      transport.close();
    },
  };
}

function outboxMailer({ from, outboxDir }: MailerOptions): Mailer {
  const transport = nodemailer.createTransport(
    { streamTransport: true, buffer: true, newline: 'unix' },
    { from },
  );
  return {
    kind: 'outbox',
    async send(message) {
      const date = new Date();
      const mail = mailOf(message);
      const { message: eml } = await transport.sendMail({ ...mail, date });
      if (!Buffer.isBuffer(eml)) throw new Error('The outbox transport gave a stream, not the message');
      await writeToOutbox(outboxDir, mail, date, eml);
    },
    async close() {
      transport.close();
    },
  };
}
