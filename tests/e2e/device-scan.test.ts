/**
 * Scans on the device in Chromium at 375px and 1280px (docs/OFFLINE.md, "Scans on the device"):
 * the scan page keeps a market snapshot in IndexedDB while online; offline, RUN SCAN runs the scan
 * in the page's scan worker over it (the app and its worker served by the service worker, under
 * the product's CSP) and shows the results with "Scanned on this device · data from HH:MM".
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ListRole } from '#api/screener-model.ts';
import { signedIn } from '../support/auth.ts';
import { button, screenshot, VIEWPORTS } from '../support/browser.ts';
import { e2eSession } from '../support/e2e-session.ts';
import { openScanForOffline, results, rows, startScanPageServer } from '../support/scan-page.ts';
import { listOf, lists } from '../support/screener.ts';

const e2e = e2eSession(startScanPageServer);

/** The device snapshot's size as kept in IndexedDB, or 0 when none is kept. */
const keptSnapshotBytes = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('optionscout-market', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('snapshot');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('snapshot').objectStore('snapshot').get('device');
          get.onsuccess = () => {
            open.result.close();
            resolve((get.result as { bytes?: ArrayBuffer } | undefined)?.bytes?.byteLength ?? 0);
          };
          get.onerror = () => reject(get.error);
        };
      }),
  );

describe.each(VIEWPORTS)('scans on the device at %s width', (name, viewport) => {
  test('offline, RUN SCAN scans on the device and says so', async () => {
    const email = `device-scan-${name}@example.com`;
    const client = await signedIn(e2e.server, email);
    const [scan] = listOf(await lists(client), ListRole.Predefined).items;
    if (!scan) throw new Error('a sample scan expected');
    const { context, page } = await e2e.signedInPage(viewport, email);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // Online, with the service worker in control so the app and its worker load offline.
    await openScanForOffline(page, scan);
    // The page keeps the market snapshot on the device a moment after it opens.
    await expect.poll(() => keptSnapshotBytes(page), { timeout: 60_000 }).toBeGreaterThan(0);

    await context.setOffline(true);
    await page.getByText(/^Offline — showing data from/).waitFor();
    await button(page, 'RUN SCAN').click();
    await page.getByText(/^Scanned on this device · data from \d\d:\d\d$/).waitFor({ timeout: 60_000 });
    await results(page);
    expect(await rows(page).count()).toBeGreaterThan(0);
    await expect(page.getByText('An error has occurred', { exact: false }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await screenshot(page, `device-scan-${name}-offline`);
    await context.close();
  });
});
