/**
 * Reading offline in Chromium at 375px and 1280px (docs/OFFLINE.md): a scan opened online shows
 * its last results after going offline and reloading, with their time and the offline banner; a
 * scan never opened says plainly that it needs a connection; the live indicator leaves Live within
 * 5 s of the network dropping; Sign Out leaves the IndexedDB cache empty.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { ScanRunAnswer } from '#api/scans.ts';
import { ListRole } from '#api/screener-model.ts';
import { signedIn } from '../support/auth.ts';
import { DESKTOP, screenshot, VIEWPORTS } from '../support/browser.ts';
import { e2eSession } from '../support/e2e-session.ts';
import { openScanForOffline, results, rows, startScanPageServer } from '../support/scan-page.ts';
import { listOf, lists } from '../support/screener.ts';

declare global {
  /** The page's count of writes to the cache's IndexedDB store, and their characters. */
  interface Window {
    cacheWrites: number;
    cacheChars: number;
  }
}

const e2e = e2eSession(startScanPageServer);

/** The persisted query cache as the app stored it in IndexedDB: its keys, values and text. */
const storedCache = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ keys: string[]; values: string[]; text: string }>((resolve, reject) => {
        const open = indexedDB.open('optionscout-cache', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('kv');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('kv');
          const keys = tx.objectStore('kv').getAllKeys();
          const values = tx.objectStore('kv').getAll();
          tx.oncomplete = () => {
            open.result.close();
            const texts = values.result.map(String);
            resolve({ keys: keys.result.map(String), values: texts, text: texts.join('\n') });
          };
        };
      }),
  );

/**
 * The first ticker of the newest scan result stored in the cache: what a reload offline shows.
 * (The page may run the scan again while online, on a fresher definition, so the ticker first
 * shown online need not be the one stored last.)
 */
async function storedFirstTicker(page: Page): Promise<string | undefined> {
  const { keys, values } = await storedCache(page);
  const client = JSON.parse(values[keys.indexOf('query-cache')] ?? '{}') as {
    clientState: {
      queries: { queryKey: unknown[]; state: { dataUpdatedAt: number; data: { answer: ScanRunAnswer } } }[];
    };
  };
  const [newest] = client.clientState.queries
    .filter((q) => q.queryKey[1] === 'last-result')
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  return newest?.state.data.answer.items[0]?.underlying;
}

describe.each(VIEWPORTS)('offline reading at %s width', (name, viewport) => {
  const phone = viewport.width < 768;

  test('last results with their age, the banner, a plain message, Live left, and Sign Out wipes the cache', async () => {
    const email = `offline-read-${name}@example.com`;
    const client = await signedIn(e2e.server, email);
    const [opened, neverOpened] = listOf(await lists(client), ListRole.Predefined).items;
    if (!opened || !neverOpened) throw new Error('two sample scans expected');
    const { context, page } = await e2e.signedInPage(viewport, email);

    // Online, with the service worker in control so the app itself loads offline.
    await openScanForOffline(page, opened);
    const ticker = () => rows(page).first().getAttribute('data-symbol');
    expect(await ticker()).toBeTruthy();
    const indicator = page.locator('.live-indicator');
    await indicator.getByText('Live', { exact: true }).waitFor();
    // The run's results reach IndexedDB within the persister's 5 s.
    await expect
      .poll(async () => (await storedCache(page)).text.includes('"last-result"'), { timeout: 15_000 })
      .toBe(true);
    await screenshot(page, `offline-reading-${name}-online`);

    // The network drops: the indicator leaves Live within 5 s, and the banner shows.
    await context.setOffline(true);
    const droppedAt = Date.now();
    await indicator.getByText('Offline', { exact: true }).waitFor({ timeout: 5_000 });
    expect(Date.now() - droppedAt).toBeLessThan(5_000);
    await page.getByText(/^Offline — showing data from \d\d:\d\d$/).waitFor();

    // A reload offline shows the last results, with their time.
    await page.reload();
    await page.getByRole('heading', { name: opened.title }).waitFor();
    await page.getByText(/^Results from \d\d:\d\d$/).waitFor();
    const stored = await storedFirstTicker(page);
    expect(stored).toBeTruthy();
    await expect(ticker()).resolves.toBe(stored);
    await page.getByText(/^Offline — showing data from \d\d:\d\d$/).waitFor();
    await expect(page.getByText('An error has occurred', { exact: false }).count()).resolves.toBe(0);
    await screenshot(page, `offline-reading-${name}-offline-results`);

    // A scan never opened on this device says so, instead of a spinner forever.
    await page.goto(`/screener/scan/${neverOpened.id}`);
    await page
      .getByText('This scan needs a connection: it has not been opened on this device yet.', { exact: false })
      .waitFor();
    await expect(page.locator('.scan-page').count()).resolves.toBe(0);
    await screenshot(page, `offline-reading-${name}-never-opened`);

    // Back online, Sign Out: nothing of this user is left in IndexedDB.
    await context.setOffline(false);
    await page.goto('/screener');
    await page.getByRole('heading', { name: 'All Scans' }).waitFor();
    expect((await storedCache(page)).keys).toContain('query-cache');
    if (phone) {
      await page.locator('.secondary-toggle').click();
      await page.locator('ion-popover.secondary-popover').getByText('Sign Out').click();
    } else {
      await page.locator('.secondary-menu').getByText('Sign Out').click();
    }
    // Signed out, the provider's sign-in page (same origin) is where the browser settles.
    await page.waitForURL('**/oidc/interaction/**');
    await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
    expect(await storedCache(page)).toEqual({ keys: [], values: [], text: '' });
    await screenshot(page, `offline-reading-${name}-signed-out`);
    await context.close();
  });
});

test('30 s of live scan results write the persisted cache at most twice (the former persister: every 1–2 s)', async () => {
  const email = 'offline-writes@example.com';
  const client = await signedIn(e2e.server, email);
  const [scan] = listOf(await lists(client), ListRole.Predefined).items;
  if (!scan) throw new Error('a sample scan expected');
  const { context, page } = await e2e.signedInPage(DESKTOP, email);
  // Every write to the cache's IndexedDB store, counted in the page.
  await context.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    const counted = window;
    counted.cacheWrites = 0;
    counted.cacheChars = 0;
    IDBObjectStore.prototype.put = function (value: unknown, key?: IDBValidKey) {
      if (this.name === 'kv') {
        counted.cacheWrites += 1;
        counted.cacheChars += typeof value === 'string' ? value.length : 0;
      }
      return put.call(this, value, key);
    };
  });
  await page.goto(`/screener/scan/${scan.id}`);
  await results(page);
  await page.locator('.live-indicator').getByText('Live', { exact: true }).waitFor();
  // The run's own write has happened (within the persister's 5 s).
  await page.waitForTimeout(6_000);
  const before = await page.evaluate(() => window.cacheWrites);
  const flashes = page.locator('.results-table .live-cell.flash-up, .results-table .live-cell.flash-down');
  await flashes.first().waitFor();
  await page.waitForTimeout(30_000);
  const after = await page.evaluate(() => ({
    cacheWrites: window.cacheWrites,
    cacheChars: window.cacheChars,
  }));
  const writes = after.cacheWrites - before;
  console.info(
    `IndexedDB cache writes in 30 s of live scan results: ${writes} (${after.cacheChars} characters since load)`,
  );
  // At most the system message's 30 s poll and the subscription's refresh: no write for a live tick.
  expect(writes).toBeLessThanOrEqual(2);
  await context.close();
});
