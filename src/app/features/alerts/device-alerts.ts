/**
 * Alerts on this device (docs/WATCHING.md, "Alerts on a device"): the browser's push subscription
 * for the app's service worker, registered with the server so a watched scan's alerts reach it.
 * Browsers differ: some have no push at all, Safari on iOS has it only for an app added to the Home
 * Screen, and a user may have blocked notifications for the site. Loaded only where the watch
 * dialog or Sign Out needs it.
 */
import { PUSH_CALLS } from '#api/contract/push.ts';
import { apiCaller } from '#app/api/api-caller.ts';
import { isIosSafari } from '#app/pwa/install.ts';

const call = apiCaller(PUSH_CALLS);

/**
 * 'on' / 'off' on this browser; 'blocked': notifications denied for the site; 'install': iOS
 * Safari, where push needs the app on the Home Screen; 'unsupported': no push in this browser.
 */
export type DeviceAlerts = 'on' | 'off' | 'blocked' | 'install' | 'unsupported';

/** A push service that never answers (a browser without one, headless ones) must not hang the dialog. */
const PUSH_TIMEOUT_MS = 15_000;

export const DEVICE_ALERTS_TEXT: Readonly<Record<DeviceAlerts, string>> = {
  on: 'Alerts are on for this device.',
  off: 'Turn on alerts to get a notification on this device as well as the e-mail.',
  blocked:
    'Notifications are blocked for this site: allow them in the browser’s site settings to get alerts here.',
  install:
    'To get alerts on this iPhone or iPad, add OptionScout to the Home Screen (Share, then Add to Home Screen) and open it from there.',
  unsupported: 'This browser cannot show alerts. They still come by e-mail.',
};

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} did not answer.`)), PUSH_TIMEOUT_MS),
    ),
  ]);
}

const hasPush = (): boolean =>
  'serviceWorker' in navigator &&
  typeof window.PushManager === 'function' &&
  typeof window.Notification === 'function';

/** The app's service worker registration, or null (none yet, or none in this build). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

export async function deviceAlerts(): Promise<DeviceAlerts> {
  if (!hasPush()) {
    const standalone = window.matchMedia?.('(display-mode: standalone)').matches ?? false;
    return isIosSafari(navigator.userAgent, navigator.maxTouchPoints, standalone) ? 'install' : 'unsupported';
  }
  if (Notification.permission === 'denied') return 'blocked';
  const reg = await registration();
  if (!reg) return 'unsupported';
  const subscription = await withTimeout(reg.pushManager.getSubscription(), 'The browser');
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/**
 * Asks for the permission, subscribes with the server's key and registers the subscription; when
 * the server does not take it, the browser's subscription is dropped again and the error thrown.
 */
export async function turnOnDeviceAlerts(): Promise<DeviceAlerts> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const reg = await registration();
  if (!reg) return 'unsupported';
  const { publicKey } = await call('push.key', {});
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await withTimeout(
      reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
          c.charCodeAt(0),
        ),
      }),
      'The push service',
    ));
  const json = subscription.toJSON();
  try {
    await call('push.subscribe', {
      body: {
        endpoint: subscription.endpoint,
        expirationTime: json.expirationTime ?? null,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      },
    });
  } catch (error) {
    // Refused by the server (or not delivered): a browser subscription it does not know of gets no
    // alerts, and kept it would read as 'on'.
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
  return 'on';
}

/**
 * Stops alerts on this browser: the server forgets it, the browser drops the subscription. Sign
 * Out runs it too, so the next person on this device does not get this user's alerts.
 */
export async function turnOffDeviceAlerts(): Promise<DeviceAlerts> {
  const reg = await registration();
  const subscription = reg ? await withTimeout(reg.pushManager.getSubscription(), 'The browser') : null;
  if (subscription) {
    await call('push.unsubscribe', { query: { endpoint: subscription.endpoint } }).catch(() => {});
    await subscription.unsubscribe();
  }
  return 'off';
}
