/**
 * The e-mail seam (docs/EMAIL.md): billing sends receipts, trial reminders and end
 * notices through it; later features (alerts, reports) will too. `createMailer` picks SMTP
 * (`SMTP_URL`) or the outbox folder (`DATA_DIR/outbox`, one `.eml` file a message).
 */

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  /** The plain-text part. */
  readonly text: string;
  /** The HTML part. */
  readonly html: string;
}

export interface Mailer {
  /** Where messages go: 'smtp' or 'outbox'. */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
