/**
 * A scan's results page and sort live in the address (Chromium, 375px and 1280px): after sorting
 * by a column and paging to page 3, a reload (or the same link opened elsewhere) shows page 3
 * sorted that way; a malformed value in the address is ignored, not an error.
 */
import { describe, expect, test } from 'vitest';
import { signInBrowser } from '../support/auth.ts';
import { button, screenshot, VIEWPORTS } from '../support/browser.ts';
import { e2eSession } from '../support/e2e-session.ts';
import { AFTER_THE_CLOSE, menu, results, rows, startScanPageServer } from '../support/scan-page.ts';

const e2e = e2eSession(() => startScanPageServer(AFTER_THE_CLOSE));

describe.each(VIEWPORTS)('the scan page’s address at %s width', (name, viewport) => {
  test('page 3 sorted by Last survives a reload', async () => {
    const { context, page } = await e2e.open(viewport);
    try {
      await signInBrowser(context, e2e.server, `scan-url-${name}@example.com`);
      await page.addInitScript(() => localStorage.setItem('optionscout.walkthrough', 'false'));
      await page.goto('/screener/scan');
      await results(page);

      await menu(page, button(page, 'Sort by Last'), 'Sort ascending');
      await results(page);
      await page.waitForURL(/sort=stock_last\.asc/);
      await button(page, 'Next page').click();
      await results(page);
      await button(page, 'Page 3').click();
      await results(page);
      await page.waitForURL(/page=3/);
      const shown = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-symbol')));
      expect(shown.length).toBeGreaterThan(0);

      await page.reload();
      await results(page);
      await expect.poll(() => button(page, 'Page 3').getAttribute('aria-current')).toBe('page');
      await page.getByText('Sorted by Last (ascending)', { exact: false }).waitFor();
      const again = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-symbol')));
      expect(again).toEqual(shown);
      const lasts = (await rows(page).locator('td[data-column="stock_last"]').allTextContents()).map((t) =>
        Number(t.replace(/[$,]/g, '')),
      );
      expect(lasts).toEqual([...lasts].sort((a, b) => a - b));
      await screenshot(page, `scan-url-${name}-page-3`);

      // A malformed address value is ignored: the scan's own sort, the first page.
      await page.goto('/screener/scan?page=x&sort=%3Cscript%3E');
      await results(page);
      await expect.poll(() => button(page, 'Page 1').getAttribute('aria-current')).toBe('page');
    } finally {
      await context.close();
    }
  });
});
