import { describe, expect, test } from 'vitest';
import { notificationFromPush, urlForNotification } from '#sw/push-payload.ts';

describe('push payload → notification', () => {
  test('a scan alert opens its scan and replaces earlier alerts of the same scan', () => {
    const n = notificationFromPush(
      JSON.stringify({ title: 'Watch: Covered calls', body: '3 new trades', scanId: 42 }),
    );
    expect(n.title).toBe('Watch: Covered calls');
    expect(n.options.body).toBe('3 new trades');
    expect(n.options.tag).toBe('scan-42');
    expect(n.options.data.url).toBe('/screener/scan/42');
  });

  test('a payload that is not JSON still shows, as the body', () => {
    const n = notificationFromPush('plain text');
    expect(n.title).toBe('OptionScout');
    expect(n.options.body).toBe('plain text');
    expect(n.options.data.url).toBe('/');
  });

  test('an empty push shows the default notification', () => {
    expect(notificationFromPush(null).title).toBe('OptionScout');
  });

  test('only paths inside the app are followed on click', () => {
    expect(notificationFromPush(JSON.stringify({ url: 'https://evil.example/x' })).options.data.url).toBe(
      '/',
    );
    expect(notificationFromPush(JSON.stringify({ url: '//evil.example/x' })).options.data.url).toBe('/');
    expect(urlForNotification({ url: '/trades' })).toBe('/trades');
    expect(urlForNotification({ url: '//evil.example' })).toBe('/');
    expect(urlForNotification(null)).toBe('/');
  });
});
