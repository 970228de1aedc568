/** The scan page in Chromium: its server, its result rows, a finished run, and its menus. */
import type { Locator, Page } from 'playwright-core';
import { projectRoot } from '#server/config.ts';
import type { SimulatorConfig } from '#server/market/sim-config.ts';
import { button } from './browser.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { TEST_MARKET } from './trades.ts';

/** The test market's seed over the whole small universe (500 names): results run to several pages. */
const { symbols: _four, ...SCAN_MARKET } = TEST_MARKET;

/**
 * A Wednesday evening after the close, on NYSE hours: the market stands still with the day's
 * volumes, so a column read after sorting still holds the values the run sorted by (on a moving
 * market live quotes change a Last in place, and two close neighbours may swap), and a rerun meets
 * the same prices in the same order.
 */
export const AFTER_THE_CLOSE: Partial<SimulatorConfig> = {
  hours: 'nyse',
  asOfMs: Date.parse('2026-03-04T22:00:00Z'),
};

/** A server of the built app on that market (`market` changes some of its settings). */
export const startScanPageServer = (market: Partial<SimulatorConfig> = {}): Promise<TestServer> =>
  startTestServer({ staticDir: `${projectRoot}/dist`, market: { ...SCAN_MARKET, ...market } });

export const rows = (page: Page) => page.locator('.results-table tbody tr.result-row:not(.similar)');

/** Waits for a finished run: rows or an empty text, nothing pending. */
export async function results(page: Page) {
  await page.locator('.scan-results[aria-busy="false"]').waitFor();
  await page.locator('.results-table, .scan-results .empty-state').first().waitFor();
}

/** Opens a menu and picks `item` (strategy entries carry their icon's name before the title). */
export async function menu(page: Page, opener: Locator, item: string) {
  await opener.click();
  const ends = new RegExp(`(^|\\s)${item.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await page.getByRole('menuitem', { name: ends }).click();
}

/**
 * Opens a scan online and reloads it once the service worker is ready, so that the app (and what
 * it loads later) is served offline too; waits for its results and skips the first visit's
 * walkthrough, which would cover the page.
 */
export async function openScanForOffline(page: Page, scan: { readonly id: number; readonly title: string }) {
  await page.goto(`/screener/scan/${scan.id}`);
  await page.getByRole('heading', { name: scan.title }).waitFor();
  // As a string: this module is also compiled without the DOM's types.
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  await page.reload();
  await results(page);
  const walkthrough = page.getByRole('dialog', { name: 'Walkthrough' });
  await button(walkthrough, 'Skip').click();
  await walkthrough.waitFor({ state: 'detached' });
}
