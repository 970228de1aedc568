/**
 * Web Push (docs/WATCHING.md, "Alerts on a device"): the server's public key a browser subscribes
 * with, and the subscription the browser hands back (`PushSubscription.toJSON()`), which the
 * server keeps to send a watched scan's alerts to that browser.
 */
import { z } from 'zod';

/** base64url without padding, as browsers write the keys. */
const base64Url = (max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'Not base64url.')
    .min(16)
    .max(max);

/** The push service's address for this browser: an https URL (docs/WATCHING.md says which hosts). */
export const pushEndpointSchema = z.url({ protocol: /^https?$/ }).max(2048);

export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  /** Milliseconds since the epoch, or null: browsers send it, the server does not use it. */
  expirationTime: z.number().nullish(),
  keys: z.strictObject({
    /** The browser's P-256 public key (65 bytes, 87 characters). */
    p256dh: base64Url(128),
    /** The shared authentication secret (16 bytes, 22 characters). */
    auth: base64Url(64),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

export const pushEndpointQuerySchema = z.strictObject({ endpoint: pushEndpointSchema });

/** `GET /push/key`: the VAPID public key, base64url, the browser's `applicationServerKey`. */
export interface PushKeyAnswer {
  readonly publicKey: string;
}
