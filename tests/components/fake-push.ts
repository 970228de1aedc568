/**
 * A stand-in for the browser's push in jsdom (which has none): `Notification` with the permission
 * given (and the answer to asking for it), `PushManager`, and a service worker registration whose
 * push manager records what the app subscribes with and unsubscribes. Restore with
 * `vi.unstubAllGlobals()` and `removeFakePush()`.
 */
import { vi } from 'vitest';

export const PUSH_ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc';
/** A server's public key as `GET /push/key` answers it (base64url of 65 bytes). */
export const PUSH_KEY = Buffer.from(Uint8Array.from({ length: 65 }, (_, i) => i + 1)).toString('base64url');

/** Stand-ins for the browser's constructors: the app only checks that they exist. */
class FakeNotification {}
class FakePushManager {}
export const notificationWith = (fields: object) => Object.assign(class extends FakeNotification {}, fields);

export interface FakePush {
  readonly subscribedWith: Uint8Array[];
  unsubscribed: number;
}

export function fakePush(
  permission: NotificationPermission,
  answer: NotificationPermission = permission,
): FakePush {
  const push: FakePush = { subscribedWith: [], unsubscribed: 0 };
  let subscription: PushSubscription | null = null;
  const pushManager = {
    getSubscription: async () => subscription,
    subscribe: async (options: PushSubscriptionOptionsInit) => {
      push.subscribedWith.push(options.applicationServerKey as Uint8Array);
      const made: PushSubscription = {
        endpoint: PUSH_ENDPOINT,
        expirationTime: null,
        options: { applicationServerKey: null, userVisibleOnly: true },
        getKey: () => null,
        toJSON: () => ({
          endpoint: PUSH_ENDPOINT,
          expirationTime: null,
          keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
        }),
        unsubscribe: async () => {
          push.unsubscribed++;
          subscription = null;
          return true;
        },
      };
      subscription = made;
      return subscription;
    },
  };
  // Asking answers `answer`, and the permission is that answer from then on.
  const notification = notificationWith({
    permission,
    requestPermission: async () => {
      Object.assign(notification, { permission: answer });
      return answer;
    },
  });
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', FakePushManager);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ pushManager }) },
  });
  return push;
}

export function removeFakePush(): void {
  Reflect.deleteProperty(navigator, 'serviceWorker');
}
