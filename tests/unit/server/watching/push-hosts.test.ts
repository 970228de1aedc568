import { describe, expect, test } from 'vitest';
import { KNOWN_PUSH_HOSTS, loadConfig } from '#server/config.ts';
import { isAllowedPushEndpoint } from '#server/watching/push-hosts.ts';

const allowed = (endpoint: string, loopback = false) =>
  isAllowedPushEndpoint(endpoint, KNOWN_PUSH_HOSTS, loopback);

describe('push endpoints the server posts alerts to', () => {
  test("the browsers' push services", () => {
    expect(allowed('https://fcm.googleapis.com/fcm/send/abc:def')).toBe(true);
    expect(allowed('https://updates.push.services.mozilla.com/wpush/v2/gAAAA')).toBe(true);
    expect(allowed('https://web.push.apple.com/QGu3h')).toBe(true);
    expect(allowed('https://wns2-par02p.notify.windows.com/w/?token=x')).toBe(true);
  });

  test('anything else is refused: other hosts, look-alikes, http, ports, credentials', () => {
    for (const endpoint of [
      'https://evil.example.com/push',
      'https://fcm.googleapis.com.evil.example/push',
      'https://notify.windows.com.evil.example/w',
      'https://evilnotify.windows.com/w',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'https://169.254.169.254/latest/meta-data',
      'http://127.0.0.1:9999/push',
      'not a url',
    ])
      expect(allowed(endpoint), endpoint).toBe(false);
  });

  test('a fake service on the loopback address, over http, only when allowed (test mode)', () => {
    expect(allowed('http://127.0.0.1:9999/push/1', true)).toBe(true);
    expect(allowed('http://localhost:9999/push/1', true)).toBe(false);
    expect(allowed('http://127.0.0.1:9999/push/1', false)).toBe(false);
  });

  test('PUSH_HOSTS adds hosts, checked', () => {
    const { pushHosts } = loadConfig({ PUSH_HOSTS: 'push.example.org, .push.example.net' }).watch;
    expect(isAllowedPushEndpoint('https://push.example.org/a', pushHosts, false)).toBe(true);
    expect(isAllowedPushEndpoint('https://eu.push.example.net/a', pushHosts, false)).toBe(true);
    expect(() => loadConfig({ PUSH_HOSTS: 'https://x.example' })).toThrow(/PUSH_HOSTS/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'x' })).toThrow(/VAPID/);
    expect(() => loadConfig({ WATCH_INTERVAL_MS: '1000' })).toThrow(/WATCH_INTERVAL_MS/);
  });
});
