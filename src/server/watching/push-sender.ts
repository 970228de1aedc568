/**
 * Sends one Web Push message (RFC 8030, payload encrypted per RFC 8291, signed with the server's
 * VAPID keys) with `fetch`: web-push builds the request, and `fetch` posts it, so the sender
 * speaks to a fake push service on the loopback address in tests as to a real one (web-push's
 * own sender always opens TLS). A push service answering 404 or 410 has dropped the
 * subscription, and a subscription whose keys no message can be encrypted for is as good as
 * dropped: the caller forgets it. A send never rejects.
 */
import webpush from 'web-push';
import type { VapidKeys } from './vapid-keys.ts';

export interface StoredPushSubscription {
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
}

/** 'sent', 'gone' (forget the subscription) or 'failed' (try again at the next alert). */
export type PushOutcome = 'sent' | 'gone' | 'failed';

export type PushSend = (subscription: StoredPushSubscription, payload: string) => Promise<PushOutcome>;

/** An alert loses its worth within the hour: a phone offline longer does not get it later. */
const TTL_SECONDS = 3600;
const SEND_TIMEOUT_MS = 10_000;

/** The encrypted, signed request, or null for keys no message can be encrypted for (off the curve). */
function pushRequest(
  keys: VapidKeys,
  subject: string,
  subscription: StoredPushSubscription,
  payload: string,
) {
  try {
    return webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
      {
        vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: TTL_SECONDS,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
      },
    );
  } catch {
    return null;
  }
}

export function pushSender(keys: VapidKeys, subject: string): PushSend {
  return async (subscription, payload) => {
    const request = pushRequest(keys, subject, subscription, payload);
    // No alert will ever reach this browser; a throw would stop everyone's alerts.
    if (!request) return 'gone';
    try {
      const answer = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers,
        body: new Uint8Array(request.body),
        redirect: 'error',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      if (answer.status === 404 || answer.status === 410) return 'gone';
      return answer.ok ? 'sent' : 'failed';
    } catch {
      return 'failed';
    }
  };
}
