/**
 * The test store's webhook signature, the same scheme as Stripe's:
 * `teststore-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 * The timestamp is signed with the body, so an old request cannot be replayed with a fresh time.
 * Times are real (wall-clock) time on both sides, never the movable business clock.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookRejected } from '../processor.ts';

/** How far a signature's time may be from the receiver's clock, either way, seconds. */
const SIGNATURE_TOLERANCE_S = 300;

function hmacHex(secret: string, seconds: number, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${seconds}.`).update(rawBody).digest('hex');
}

/** The signature header's value for `rawBody` sent at `nowMs`. */
export function signWebhook(rawBody: string, secret: string, nowMs: number): string {
  const seconds = Math.floor(nowMs / 1000);
  return `t=${seconds},v1=${hmacHex(secret, seconds, rawBody)}`;
}

/** Throws WebhookRejected unless `header` signs `rawBody` with `secret` within the tolerance of `nowMs`. */
export function verifyWebhookSignature(
  rawBody: Buffer,
  header: string | readonly string[] | undefined,
  secret: string,
  nowMs: number,
): void {
  if (header === undefined || header === '') throw new WebhookRejected('The signature header is missing.');
  if (typeof header !== 'string') throw new WebhookRejected('The signature header is sent more than once.');
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const [key, value, ...rest] = part.trim().split('=');
    if (key === undefined || value === undefined || rest.length > 0 || parts.has(key)) {
      throw new WebhookRejected('The signature header is not in the form t=<seconds>,v1=<hex>.');
    }
    parts.set(key, value);
  }
  const t = parts.get('t');
  const v1 = parts.get('v1');
  if (t === undefined || !/^\d{1,12}$/.test(t) || v1 === undefined || !/^[0-9a-f]{64}$/.test(v1)) {
    throw new WebhookRejected('The signature header is not in the form t=<seconds>,v1=<hex>.');
  }
  const seconds = Number(t);
  const expected = Buffer.from(hmacHex(secret, seconds, rawBody), 'hex');
  // Compared in constant time: how many leading bytes match must not show in the answer's timing.
  if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) {
    throw new WebhookRejected('The signature does not match the body.');
  }
  if (Math.abs(nowMs / 1000 - seconds) > SIGNATURE_TOLERANCE_S) {
    throw new WebhookRejected(`The signature's time is more than ${SIGNATURE_TOLERANCE_S} s from now.`);
  }
}
