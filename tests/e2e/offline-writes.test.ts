/**
 * Writes made offline are never lost (docs/OFFLINE.md, "Writes"), in Chromium: a new app version
 * taking over while one is pending, a sign-in that expired meanwhile, a refusal shown until
 * dismissed, and two open tabs sending it once.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { EARLIER_WRITE_LABEL } from '#app/features/trades/earlier-writes.ts';
import { type SignedInClient, signedIn, tokenFor } from '../support/auth.ts';
import { button, PHONE, screenshot } from '../support/browser.ts';
import { e2eSession, startAppServer } from '../support/e2e-session.ts';
import { openLongCall, TEST_MARKET } from '../support/trades.ts';

const e2e = e2eSession(() => startAppServer({ market: TEST_MARKET }));

const archivedIds = async (client: SignedInClient, accountId: number) => {
  const res = await client.request(`/api/v1/trades/archived?accountId=${accountId}`);
  return ((await res.json()) as { openingOrderId: number }[]).map((p) => p.openingOrderId);
};

/** A signed-in phone page on the trade log with one open trade, its cache warm. */
async function tradeLog(email: string) {
  const client = await signedIn(e2e.server, email);
  const trade = await openLongCall(client, 'Main');
  const { context, page } = await e2e.signedInPage(PHONE, email);
  await page.goto('/trades');
  await page.locator('tr.trade-row').waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);
  return { client, context, page, ...trade };
}

/** Offline, the trade is archived: recorded and marked pending, not sent. */
async function archiveOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
  await page.locator('tr.trade-row').click();
  await button(page, 'Archive').click();
  await page.getByText('Archive a trade: Pending — will be sent when online').waitFor();
  await page.getByText('1 change pending — will be sent when online').waitFor();
}

/** The pending writes as stored in the page's IndexedDB (state of each). */
const storedStates = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('optionscout-writes');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('writes').objectStore('writes').getAll();
          all.onsuccess = () => {
            resolve((all.result as { state: string }[]).map((w) => w.state));
            open.result.close();
          };
        };
      }),
  );

/**
 * Turns the persisted query cache into one an earlier build wrote (another buster), with
 * `mutations` added as that build's paused ones. The cache is written at most a second after a
 * change (docs/OFFLINE.md): polled until it is on the device.
 */
async function ageCache(page: Page, mutations: readonly object[]) {
  await expect
    .poll(
      () =>
        page.evaluate(
          (added) =>
            new Promise<boolean>((resolve, reject) => {
              const open = indexedDB.open('optionscout-cache');
              open.onsuccess = () => {
                const store = open.result.transaction('kv', 'readwrite').objectStore('kv');
                const read = store.get('query-cache');
                read.onsuccess = () => {
                  if (typeof read.result !== 'string') return resolve(false);
                  const cache = JSON.parse(read.result) as {
                    buster: string;
                    clientState: { mutations: object[] };
                  };
                  cache.buster = 'an-older-build';
                  cache.clientState.mutations.push(...added);
                  store.put(JSON.stringify(cache), 'query-cache');
                  store.transaction.oncomplete = () => resolve(true);
                };
              };
              open.onerror = () => reject(open.error);
            }),
          mutations,
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** A trade-log write as versions before the pending-writes queue left it paused in their cache. */
const earlierPausedWrite = (method: string, path: string) => ({
  mutationKey: ['trades', 'write'],
  state: {
    context: undefined,
    data: undefined,
    error: null,
    failureCount: 0,
    failureReason: null,
    isPaused: true,
    status: 'pending',
    variables: { method, path, refresh: 'lists' },
    submittedAt: Date.now(),
  },
});

describe('offline writes', () => {
  test('a new app version taking over while a write is pending still sends it', async () => {
    const { client, context, page, accountId, orderId } = await tradeLog('offline-update@example.com');
    await archiveOffline(context, page);
    await screenshot(page, 'offline-writes-pending-phone');
    // A new build: the persisted query cache no longer matches the app's version (its buster),
    // so the reloaded app drops it, as it drops it after an update.
    await ageCache(page, []);
    await page.reload();
    await page.locator('.screen').waitFor();
    await context.setOffline(false);
    await expect.poll(() => archivedIds(client, accountId), { timeout: 15_000 }).toEqual([orderId]);
    await expect.poll(() => storedStates(page)).toEqual([]);
    await context.close();
  });

  test('a write an earlier version left paused in its cache is sent after the update; one it cannot send is shown', async () => {
    const { client, page, accountId, orderId, context } = await tradeLog('offline-earlier@example.com');
    await ageCache(page, [
      earlierPausedWrite('POST', `/trades/${orderId}/archive`),
      earlierPausedWrite('POST', `/trades/${orderId}/frobnicate`),
    ]);
    await page.reload();
    await expect.poll(() => archivedIds(client, accountId), { timeout: 15_000 }).toEqual([orderId]);
    await page.getByText(`Not saved: ${EARLIER_WRITE_LABEL}`).waitFor();
    // The archived trade leaves the Open list, as after any archive.
    await page.locator('tr.trade-row').waitFor({ state: 'detached' });
    await screenshot(page, 'offline-writes-earlier-version-phone');
    expect(await storedStates(page)).toEqual(['refused']);
    await context.close();
  });

  test('a write whose sign-in expired meanwhile waits for sign-in, then is sent', async () => {
    const email = 'offline-expired@example.com';
    const { client, context, page, accountId, orderId } = await tradeLog(email);
    await archiveOffline(context, page);
    // The token the server no longer accepts (its signature fails as an expired one does: 401),
    // for the same user.
    await page.evaluate(() => {
      const token = localStorage.getItem('access_token') ?? '';
      localStorage.setItem('access_token', `${token.slice(0, -4)}AAAA`);
    });
    await context.setOffline(false);
    await expect.poll(() => storedStates(page), { timeout: 15_000 }).toEqual(['waitingSignIn']);
    expect(await archivedIds(client, accountId)).toEqual([]);
    // The refused token sends the user to the provider's sign-in page; the write stays queued.
    await page.waitForURL('**/oidc/interaction/**');
    expect(await storedStates(page)).toEqual(['waitingSignIn']);
    // Signing in again: a fresh token, and the app opens.
    const token = await tokenFor(e2e.server, email);
    await page.evaluate((t) => localStorage.setItem('access_token', t), token);
    await page.goto('/trades');
    await expect.poll(() => archivedIds(client, accountId), { timeout: 15_000 }).toEqual([orderId]);
    await expect.poll(() => storedStates(page)).toEqual([]);
    await context.close();
  });

  test('a write the server refuses is shown with its reason until dismissed', async () => {
    const { client, context, page, accountId } = await tradeLog('offline-refused@example.com');
    await archiveOffline(context, page);
    // Meanwhile, on another device, the trading account and its trades are deleted.
    expect((await client.request(`/api/v1/tradeaccount/${accountId}`, { method: 'DELETE' })).status).toBe(
      204,
    );
    await context.setOffline(false);
    const alert = page.getByRole('alert').filter({ hasText: 'Not saved: Archive a trade' });
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toMatch(/not found/i);
    await screenshot(page, 'offline-writes-refused-phone');
    await page.reload();
    await alert.waitFor();
    await page.getByLabel('Dismiss: Archive a trade').click();
    await alert.waitFor({ state: 'detached' });
    await page.reload();
    await page.locator('.screen').waitFor();
    await expect.poll(() => storedStates(page)).toEqual([]);
    await expect(alert.count()).resolves.toBe(0);
    await context.close();
  });

  test('with two tabs open, a pending write is sent once', async () => {
    const { client, context, page, accountId, orderId } = await tradeLog('offline-two-tabs@example.com');
    const second = await context.newPage();
    await second.goto('/trades');
    await second.locator('tr.trade-row').waitFor();
    await archiveOffline(context, page);
    const sent: string[] = [];
    context.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/archive')) sent.push(request.url());
    });
    await context.setOffline(false);
    await expect.poll(() => archivedIds(client, accountId), { timeout: 15_000 }).toEqual([orderId]);
    // Both tabs replay when the network is back; give the second every chance to send it again.
    await page.waitForTimeout(2000);
    expect(sent).toHaveLength(1);
    await second.getByText(/pending/).waitFor({ state: 'detached' });
    await context.close();
  });
});
