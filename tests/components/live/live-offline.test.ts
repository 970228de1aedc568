/**
 * The indicator leaves Live as soon as the browser says the network is gone: a socket the network
 * took can stay open, silent, until the server's 30 s time-out. Back online, it says where the
 * connection stands.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, expect, test, vi } from 'vitest';
import { LiveConnection } from '#app/live/live-connection.ts';
import { liveStatus, setLiveStatus } from '#app/live/live-status.ts';

/** A connection to an address nothing listens on: every start fails, and is retried after a minute. */
const unreachable = () =>
  new LiveConnection(new QueryClient(), {
    url: 'http://127.0.0.1:9/hub',
    reconnectDelaysMs: [60_000],
    lingerMs: 0,
  });

afterEach(() => {
  vi.restoreAllMocks();
  setLiveStatus({ state: 'idle' });
});

test('the offline event says Offline at once, and a failed retry while offline does not say Reconnecting', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const live = unreachable();
  live.acquire();
  expect(liveStatus().state).toBe('connecting');
  setLiveStatus({ state: 'live' });

  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  window.dispatchEvent(new Event('offline'));
  expect(liveStatus().state).toBe('offline');
  // The start in flight fails meanwhile; the state stays Offline.
  await vi.waitFor(() => expect(console.warn).toHaveBeenCalled());
  expect(liveStatus().state).toBe('offline');

  onLine.mockReturnValue(true);
  window.dispatchEvent(new Event('online'));
  expect(liveStatus().state).toBe('reconnecting');
  live.release();
  await vi.waitFor(() => expect(liveStatus().state).toBe('idle'));
});

test('a screen without live data is not told it is offline', () => {
  new LiveConnection(new QueryClient(), { url: 'http://127.0.0.1:9/hub' });
  window.dispatchEvent(new Event('offline'));
  expect(liveStatus().state).toBe('idle');
});

test('a screen opened offline says Offline, not Connecting… forever', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  const live = unreachable();
  live.acquire();
  expect(liveStatus().state).toBe('offline');
  await vi.waitFor(() => expect(console.warn).toHaveBeenCalled());
  expect(liveStatus().state).toBe('offline');
  live.release();
  await vi.waitFor(() => expect(liveStatus().state).toBe('idle'));
});
