/**
 * WATCH on the scan page (spec 2 §4.6, §6, §8; docs/WATCHING.md): the popover's counter and
 * explanation, watching and stopping with the scan's cached watch replaced by the server's answer,
 * a plan without watching offered the upgrade, a failed watch explained with Confirm stopping it,
 * and the device's alerts in a browser without push.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { Scan, ScanWatch } from '#api/screener-model.ts';
import { createQueryClient } from '#app/api/query-client.ts';
import { storeToken } from '#app/auth/token.ts';
import { DEVICE_ALERTS_TEXT } from '#app/features/alerts/device-alerts.ts';
import { screenerKeys } from '#app/features/screener/keys.ts';
import { WATCH_ERRORS, WATCH_EXPLAINED, WATCH_UPGRADE } from '#app/screens/scan/WatchDialog.tsx';
import { TRIAL_SUBSCRIPTION } from '../api-stub.ts';
import { fakePush, PUSH_KEY, removeFakePush } from '../fake-push.ts';
import { renderAt } from '../render-app.tsx';
import { SAVED_SCAN } from './saved-scan.ts';

vi.mock('#app/live/live-client.ts', () => ({ loadLiveConnection: () => new Promise(() => {}) }));

beforeEach(() => storeToken('test-token'));
afterEach(() => {
  storeToken(null);
  vi.unstubAllGlobals();
  removeFakePush();
  localStorage.clear();
});

const SCAN = SAVED_SCAN;

interface Call {
  readonly method: string;
  readonly path: string;
}

function stubServer(
  scan: Scan,
  watchAnswer: (method: string) => Response,
  more: (method: string, path: string) => Response | null = () => null,
): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://app.test').pathname.replace(/^\/api\/v1/, '');
      const method = init?.method ?? 'GET';
      calls.push({ method, path });
      if (path === '/account/subscription') return Response.json(TRIAL_SUBSCRIPTION);
      if (path === '/scans/5' && method === 'GET') return Response.json(scan);
      if (path === '/scans/5/watch') return watchAnswer(method);
      if (path === '/scans/run')
        return Response.json({
          items: [],
          pageSize: 20,
          totalCount: 0,
          page: 0,
          cacheId: 'c-000001',
          narrowed: false,
          asOf: '2026-01-05T15:00:00.000Z',
          columns: [],
        });
      return (
        more(method, path) ?? Response.json({ code: 'NOT_FOUND', message: 'not found' }, { status: 404 })
      );
    }),
  );
  return calls;
}

async function openWatch(
  scan: Scan,
  watchAnswer: (method: string) => Response = () => new Response(null, { status: 500 }),
  more?: (method: string, path: string) => Response | null,
) {
  const calls = stubServer(scan, watchAnswer, more);
  const queryClient = createQueryClient();
  await renderAt('/screener/scan/5', queryClient);
  fireEvent.click(
    await screen.findByRole('button', { name: scan.watch.status === true ? 'WATCHING' : /^WATCH/ }),
  );
  // The dialog's code loads on first opening, its frame saying so meanwhile.
  await waitFor(() => expect(screen.queryByText('Loading...')).toBeNull());
  // The page's walkthrough may show its own dialog on a first visit.
  const dialog = await screen.findByRole('dialog', {
    name: /^(Watch this scan|Watching this scan|This scan takes too long to monitor\.|An error has occurred\.)$/,
  });
  return { calls, queryClient, dialog };
}

test('WATCH says how many scans are watched, what watching does, and watches', async () => {
  const answer: ScanWatch = { status: true, maxCount: 20, usedCount: 3 };
  const { calls, queryClient, dialog } = await openWatch(SCAN, () => Response.json(answer));
  expect(dialog.getAttribute('aria-label')).toBe('Watch this scan');
  await within(dialog).findByText('Watching 2 out of 20 available scans');
  expect(within(dialog).getByText(WATCH_EXPLAINED)).toBeTruthy();
  // jsdom has no push: alerts come by e-mail only.
  await within(dialog).findByText(DEVICE_ALERTS_TEXT.unsupported);

  fireEvent.click(within(dialog).getByRole('button', { name: 'WATCH' }));
  await within(dialog).findByText('Watching 3 out of 20 available scans');
  expect(calls).toContainEqual({ method: 'PUT', path: '/scans/5/watch' });
  expect(queryClient.getQueryData<Scan>(screenerKeys.scan(5))?.watch).toEqual(answer);
  expect(within(dialog).getByRole('button', { name: 'STOP WATCHING' })).toBeTruthy();
  // The toolbar follows the cached scan.
  expect(screen.getByRole('button', { name: 'WATCHING' }).getAttribute('aria-pressed')).toBe('true');
});

test('alerts on this device the server refuses stay off, and the dialog says why', async () => {
  const push = fakePush('default', 'granted');
  const refusal = 'Alerts cannot be sent through this browser’s push service.';
  const { calls, dialog } = await openWatch(SCAN, undefined, (method, path) => {
    if (path === '/push/key') return Response.json({ publicKey: PUSH_KEY });
    if (path === '/push/subscriptions' && method === 'PUT')
      return Response.json({ code: 'PUSH_ENDPOINT_REFUSED', message: refusal }, { status: 422 });
    return null;
  });
  await within(dialog).findByText(DEVICE_ALERTS_TEXT.off);
  fireEvent.click(within(dialog).getByRole('button', { name: 'TURN ON ALERTS HERE' }));
  expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
  expect(calls).toContainEqual({ method: 'PUT', path: '/push/subscriptions' });
  expect(within(dialog).getByText(DEVICE_ALERTS_TEXT.off)).toBeTruthy();
  expect(within(dialog).getByRole('button', { name: 'TURN ON ALERTS HERE' })).toBeTruthy();
  expect(push.unsubscribed).toBe(1);
});

test('STOP WATCHING stops and closes', async () => {
  const watched = { ...SCAN, watch: { status: true, maxCount: 20, usedCount: 3 } };
  const { calls, dialog } = await openWatch(watched, () =>
    Response.json({ status: false, maxCount: 20, usedCount: 2 }),
  );
  expect(dialog.getAttribute('aria-label')).toBe('Watching this scan');
  fireEvent.click(within(dialog).getByRole('button', { name: 'STOP WATCHING' }));
  await waitFor(() => expect(dialog.isConnected).toBe(false));
  expect(calls).toContainEqual({ method: 'DELETE', path: '/scans/5/watch' });
  expect(screen.getByRole('button', { name: 'WATCH' }).getAttribute('aria-pressed')).toBe('false');
});

test("at the plan's cap WATCH is off and says why", async () => {
  const full = { ...SCAN, watch: { status: false, maxCount: 20, usedCount: 20 } };
  const { dialog } = await openWatch(full);
  expect(within(dialog).getByRole('button', { name: 'WATCH' }).hasAttribute('disabled')).toBe(true);
  expect(within(dialog).getByText(/You watch as many scans as your plan allows/)).toBeTruthy();
});

test("the server's refusal is said in the dialog", async () => {
  const { dialog } = await openWatch(SCAN, () =>
    Response.json(
      {
        code: 'PLAN_LIMIT_REACHED',
        message: 'Unable to watch the scan due to current subscription plan limitations.',
      },
      { status: 422 },
    ),
  );
  fireEvent.click(within(dialog).getByRole('button', { name: 'WATCH' }));
  expect((await within(dialog).findByRole('alert')).textContent).toBe(
    'Unable to watch the scan due to current subscription plan limitations.',
  );
});

test('a plan without watching is offered the upgrade', async () => {
  const beginner = { ...SCAN, watch: { status: false, maxCount: 0, usedCount: 0 } };
  const { calls, dialog } = await openWatch(beginner);
  expect(within(dialog).getByText(WATCH_UPGRADE)).toBeTruthy();
  expect(within(dialog).getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/pricing');
  expect(within(dialog).queryByRole('button', { name: 'WATCH' })).toBeNull();
  expect(calls.some((c) => c.path === '/scans/5/watch')).toBe(false);
});

test('a failed watch explains itself, and Confirm stops watching', async () => {
  const failed = { ...SCAN, watch: { status: 'WATCHING_TOO_EXPENSIVE', maxCount: 20, usedCount: 3 } };
  const { calls, dialog } = await openWatch(failed, () =>
    Response.json({ status: false, maxCount: 20, usedCount: 2 }),
  );
  expect(dialog.getAttribute('aria-label')).toBe(WATCH_ERRORS.WATCHING_TOO_EXPENSIVE!.title);
  expect(within(dialog).getByText(WATCH_ERRORS.WATCHING_TOO_EXPENSIVE!.text)).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'CONFIRM' }));
  await waitFor(() => expect(dialog.isConnected).toBe(false));
  expect(calls).toContainEqual({ method: 'DELETE', path: '/scans/5/watch' });
});

test('a new scan cannot be watched until saved', async () => {
  stubServer(SCAN, () => new Response(null, { status: 500 }));
  await renderAt('/screener/scan', createQueryClient());
  const watch = await screen.findByRole('button', { name: 'WATCH' });
  expect(watch.hasAttribute('disabled')).toBe(true);
  expect(watch.getAttribute('title')).toBe('Save this scan to enable watching');
});
