/**
 * Web Push (docs/WATCHING.md, "Alerts on a device"): the server's public key a browser subscribes
 * with, and the subscription the browser hands back (`PushSubscription.toJSON()`), which the
 * server keeps to send a watched scan's alerts to that browser.
 */
import { z } from 'zod';

/** base64url without padding, as browsers write the keys: exactly `bytes` long when decoded. */
const base64UrlKey = (bytes: number, what: string) =>
  z
    .string()
    .length(Math.ceil((bytes * 4) / 3), `${what}: ${bytes} bytes, base64url.`)
    .regex(/^[A-Za-z0-9_-]+$/, `${what}: ${bytes} bytes, base64url.`);

/**
 * Web Push encrypts for the browser's key (RFC 8291): an uncompressed P-256 point, 0x04 then x and
 * y. Anything else cannot be sent to, so it is refused here rather than at the first alert. In
 * base64url the byte 0x04 makes the first character 'B' and the second one of 'A'–'P' (the app
 * reads this contract too, so no Buffer).
 */
const p256dhSchema = base64UrlKey(65, 'An uncompressed P-256 public key').regex(
  /^B[A-P]/,
  'An uncompressed P-256 public key: 65 bytes starting 0x04, base64url.',
);

/** The push service's address for this browser: an https URL (docs/WATCHING.md says which hosts). */
export const pushEndpointSchema = z.url({ protocol: /^https?$/ }).max(2048);

export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  /** Milliseconds since the epoch, or null: browsers send it, the server does not use it. */
  expirationTime: z.number().nullish(),
  keys: z.strictObject({
    /** The browser's P-256 public key (65 bytes, 87 characters). */
    p256dh: p256dhSchema,
    /** The shared authentication secret (16 bytes, 22 characters). */
    auth: base64UrlKey(16, 'The authentication secret'),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

export const pushEndpointQuerySchema = z.strictObject({ endpoint: pushEndpointSchema });

/** `GET /push/key`: the VAPID public key, base64url, the browser's `applicationServerKey`. */
export interface PushKeyAnswer {
  readonly publicKey: string;
}
