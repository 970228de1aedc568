/** The scan page in Chromium: its result rows, a finished run, and its menus. */
import type { Locator, Page } from 'playwright-core';

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
