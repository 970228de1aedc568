/**
 * Alerts on this device (docs/WATCHING.md): the browser's push subscription, made with the
 * server's key and registered with the server, and dropped again; the states a browser can be in.
 * jsdom has no push, so the browser's side is a stand-in that records what the app asks of it.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { storeToken } from '#app/auth/token.ts';
import { deviceAlerts, turnOffDeviceAlerts, turnOnDeviceAlerts } from '#app/features/alerts/device-alerts.ts';

const KEY = Buffer.from(Uint8Array.from({ length: 65 }, (_, i) => i + 1)).toString('base64url');
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc';

/** Stand-ins for the browser's constructors: the app only checks that they exist. */
class FakeNotification {}
class FakePushManager {}
const notificationWith = (fields: object) => Object.assign(class extends FakeNotification {}, fields);

interface FakeBrowser {
  subscribedWith: Uint8Array[];
  unsubscribed: number;
  calls: { method: string; path: string; body: unknown }[];
}

function fakeBrowser(
  permission: NotificationPermission,
  answer: NotificationPermission = permission,
): FakeBrowser {
  const browser: FakeBrowser = { subscribedWith: [], unsubscribed: 0, calls: [] };
  let subscription: PushSubscription | null = null;
  const pushManager = {
    getSubscription: async () => subscription,
    subscribe: async (options: PushSubscriptionOptionsInit) => {
      browser.subscribedWith.push(options.applicationServerKey as Uint8Array);
      const made: PushSubscription = {
        endpoint: ENDPOINT,
        expirationTime: null,
        options: { applicationServerKey: null, userVisibleOnly: true },
        getKey: () => null,
        toJSON: () => ({
          endpoint: ENDPOINT,
          expirationTime: null,
          keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
        }),
        unsubscribe: async () => {
          browser.unsubscribed++;
          subscription = null;
          return true;
        },
      };
      subscription = made;
      return subscription;
    },
  };
  const notification = { permission, requestPermission: async () => answer };
  vi.stubGlobal('Notification', notificationWith(notification));
  vi.stubGlobal('PushManager', FakePushManager);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ pushManager }) },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://app.test');
      const path = `${url.pathname.replace(/^\/api\/v1/, '')}${url.search}`;
      browser.calls.push({
        method: init?.method ?? 'GET',
        path,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      if (path === '/push/key') return Response.json({ publicKey: KEY });
      return new Response(null, { status: 204 });
    }),
  );
  return browser;
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  storeToken(null);
});

test('turning alerts on subscribes with the server key and registers the subscription; off undoes both', async () => {
  storeToken('test-token');
  const browser = fakeBrowser('default', 'granted');
  expect(await deviceAlerts()).toBe('off');
  expect(await turnOnDeviceAlerts()).toBe('on');
  expect([...browser.subscribedWith[0]!]).toEqual([...Buffer.from(KEY, 'base64url')]);
  expect(browser.calls).toContainEqual({
    method: 'PUT',
    path: '/push/subscriptions',
    body: {
      endpoint: ENDPOINT,
      expirationTime: null,
      keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
    },
  });
  // The permission is granted now (the stand-in keeps what it answered).
  vi.stubGlobal('Notification', notificationWith({ permission: 'granted' }));
  expect(await deviceAlerts()).toBe('on');

  expect(await turnOffDeviceAlerts()).toBe('off');
  expect(browser.unsubscribed).toBe(1);
  expect(browser.calls).toContainEqual({
    method: 'DELETE',
    path: `/push/subscriptions?endpoint=${encodeURIComponent(ENDPOINT)}`,
    body: undefined,
  });
});

test('a user who refuses notifications is told they are blocked, and nothing is subscribed', async () => {
  storeToken('test-token');
  const browser = fakeBrowser('default', 'denied');
  expect(await turnOnDeviceAlerts()).toBe('blocked');
  expect(browser.subscribedWith).toEqual([]);
  expect(browser.calls).toEqual([]);
  fakeBrowser('denied');
  expect(await deviceAlerts()).toBe('blocked');
});

test('without push: iOS Safari is told to add the app to the Home Screen, other browsers that it cannot', async () => {
  expect(await deviceAlerts()).toBe('unsupported');
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  );
  expect(await deviceAlerts()).toBe('install');
});
