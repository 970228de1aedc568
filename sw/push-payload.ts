/**
 * Turns a push message into a notification. Pure, so it is unit-tested without a browser.
 * A payload that is not JSON still shows (as the body): `userVisibleOnly` requires a
 * notification for every push.
 */
export interface PushPayload {
  title?: string;
  body?: string;
  scanId?: string | number;
  url?: string;
}

export interface NotificationSpec {
  title: string;
  options: { body?: string; tag?: string; icon: string; badge: string; data: { url: string } };
}

const DEFAULT_TITLE = 'OptionScout';

/** A path inside the app; `//host` is another origin and is refused. */
const isAppPath = (u: unknown): u is string =>
  typeof u === 'string' && u.startsWith('/') && !u.startsWith('//');

export function notificationFromPush(raw: string | null): NotificationSpec {
  let payload: PushPayload = {};
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      payload = parsed && typeof parsed === 'object' ? (parsed as PushPayload) : { body: raw };
    } catch {
      payload = { body: raw };
    }
  }
  const scanId = payload.scanId === undefined ? undefined : String(payload.scanId);
  const url = isAppPath(payload.url)
    ? payload.url
    : scanId
      ? `/screener/scan/${encodeURIComponent(scanId)}`
      : '/';
  return {
    title: payload.title || DEFAULT_TITLE,
    options: {
      ...(payload.body ? { body: payload.body } : {}),
      ...(scanId ? { tag: `scan-${scanId}` } : {}),
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url },
    },
  };
}

export function urlForNotification(data: unknown): string {
  const url = (data as { url?: unknown } | null)?.url;
  return isAppPath(url) ? url : '/';
}
