/**
 * Alerts on this device (docs/WATCHING.md): the browser's push subscription, made with the
 * server's key and registered with the server, and dropped again; the states a browser can be in.
 * jsdom has no push, so the browser's side is a stand-in that records what the app asks of it.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { storeToken } from '#app/auth/token.ts';
import { deviceAlerts, turnOffDeviceAlerts, turnOnDeviceAlerts } from '#app/features/alerts/device-alerts.ts';
import {
  PUSH_ENDPOINT as ENDPOINT,
  type FakePush,
  fakePush,
  PUSH_KEY as KEY,
  notificationWith,
  removeFakePush,
} from './fake-push.ts';

interface FakeBrowser extends FakePush {
  calls: { method: string; path: string; body: unknown }[];
}

/** The browser's push, and a server that answers the key, and `subscribed` to a registration. */
function fakeBrowser(
  permission: NotificationPermission,
  answer: NotificationPermission = permission,
  subscribed: () => Response = () => new Response(null, { status: 204 }),
): FakeBrowser {
  const browser: FakeBrowser = Object.assign(fakePush(permission, answer), { calls: [] });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://app.test');
      const path = `${url.pathname.replace(/^\/api\/v1/, '')}${url.search}`;
      const method = init?.method ?? 'GET';
      browser.calls.push({
        method,
        path,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      if (path === '/push/key') return Response.json({ publicKey: KEY });
      if (path === '/push/subscriptions' && method === 'PUT') return subscribed();
      return new Response(null, { status: 204 });
    }),
  );
  return browser;
}

afterEach(() => {
  vi.unstubAllGlobals();
  removeFakePush();
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

test('a subscription the server refuses is dropped in the browser too, so alerts read off', async () => {
  storeToken('test-token');
  const browser = fakeBrowser('default', 'granted', () =>
    Response.json(
      { code: 'PUSH_ENDPOINT_REFUSED', message: 'This push service is not accepted.' },
      { status: 422 },
    ),
  );
  await expect(turnOnDeviceAlerts()).rejects.toMatchObject({ code: 'PUSH_ENDPOINT_REFUSED' });
  expect(browser.subscribedWith).toHaveLength(1);
  expect(browser.unsubscribed).toBe(1);
  expect(await deviceAlerts()).toBe('off');
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
