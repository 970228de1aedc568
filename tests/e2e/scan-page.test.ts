/**
 * The scan page in Chromium at 375px and 1280px: a new scan composed, its strategy changed,
 * filters of several kinds added, edited and removed, run, sorted on two columns, paged, narrowed
 * to a ticker and back, saved, renamed and favourited; each CSV export downloaded and checked;
 * a sample duplicated; the copy deleted after the confirmation.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ListRole } from '#api/screener-model.ts';
import { signedIn } from '../support/auth.ts';
import { button, screenshot, VIEWPORTS } from '../support/browser.ts';
import { e2eSession } from '../support/e2e-session.ts';
import { AFTER_THE_CLOSE, menu, results, rows, startScanPageServer } from '../support/scan-page.ts';
import { getScan, listOf, lists } from '../support/screener.ts';

// The market stands still, so the Last column read after sorting holds the values sorted by.
const e2e = e2eSession(() => startScanPageServer(AFTER_THE_CLOSE));

async function filterDialog(page: Page, filterKey: string) {
  await page.locator(`.active-filter[data-filter="${filterKey}"] .filter-open`).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

/** The CSV lines of an export, and the cache id its request named (null: the scan ran again). */
async function download(page: Page, item: string): Promise<{ lines: string[]; cacheId: string | null }> {
  const [file, request] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForRequest((r) => new URL(r.url()).pathname.includes('/export/')),
    menu(page, button(page, 'EXPORT'), item),
  ]);
  const body = JSON.parse(new URLSearchParams(request.postData() ?? '').get('body') ?? '{}');
  const path = await file.path();
  return { lines: readFileSync(path, 'utf8').trim().split(/\r?\n/), cacheId: body.cacheId ?? null };
}

describe.each(VIEWPORTS)('scan page at %s width', (name, viewport) => {
  test('compose, filter, run, sort, page, narrow, save, rename, favourite, export, duplicate, delete', async () => {
    const email = `scan-page-${name}@example.com`;
    const { context, page } = await e2e.signedInPage(viewport, email);
    const client = await signedIn(e2e.server, email);

    // A new scan: covered call, its default filters, run at once.
    await page.goto('/screener/scan');
    await page.getByRole('heading', { name: 'Untitled Scan' }).waitFor();

    // The first visit starts the walkthrough: its steps in order beside their elements; Skip
    // leaves it ('false' stored) and the icon starts it again.
    const walkthrough = page.getByRole('dialog', { name: 'Walkthrough' });
    await walkthrough.getByText('Step 1 of 11').waitFor();
    await walkthrough.getByRole('heading', { name: 'Choose a strategy' }).waitFor();
    await expect(page.locator('.walkthrough-highlight').count()).resolves.toBe(1);
    await button(walkthrough, 'Next').click();
    await walkthrough.getByRole('heading', { name: 'Default filters' }).waitFor();
    await button(walkthrough, 'Next').click();
    await walkthrough.getByText('Step 3 of 11').waitFor();
    await screenshot(page, `scan-page-${name}-walkthrough`);
    await button(walkthrough, 'Skip').click();
    await walkthrough.waitFor({ state: 'detached' });
    await expect(page.evaluate(() => localStorage.getItem('optionscout.walkthrough'))).resolves.toBe('false');
    await button(page, 'Restart the walkthrough').click();
    await walkthrough.getByText('Step 1 of 11').waitFor();
    await page.keyboard.press('Escape');
    await walkthrough.waitFor({ state: 'detached' });
    await button(page, 'Strategy: Covered Call').waitFor();
    await results(page);
    await screenshot(page, `scan-page-${name}-new`);
    // On a phone the filters start folded under their count, so the results show first.
    if (name === 'phone') {
      await page.getByRole('button', { name: /^Filters \(\d+\)$/ }).click();
    }

    // Another strategy: its defaults, rerun.
    await menu(page, button(page, 'Strategy: Covered Call'), 'Bull Put Spread');
    await button(page, 'Strategy: Bull Put Spread').waitFor();
    await page.locator('.active-filter[data-filter="max_loss"]').waitFor();
    await results(page);

    // Filters of three kinds: a sector choice, an indicator, a range by its preset.
    await button(page, 'ADD FILTERS').click();
    await page.getByLabel('Search filters').fill('sector');
    await page.getByRole('dialog').getByLabel('Sector', { exact: true }).check();
    await page.getByLabel('Search filters').fill('RSI');
    await page.getByRole('dialog').getByLabel('RSI', { exact: true }).check();
    await button(page, 'Done').click();
    let dialog = await filterDialog(page, 'sector');
    await dialog.getByLabel('Technology').check();
    await button(dialog, 'Apply').click();
    await expect
      .poll(() => page.locator('.active-filter[data-filter="sector"] .filter-summary').textContent())
      .toBe('Technology');
    dialog = await filterDialog(page, 'rsi');
    await dialog.getByLabel('Length').fill('0');
    await button(dialog, 'Apply').click();
    await dialog.getByRole('alert').waitFor();
    await dialog.getByLabel('Length').fill('10');
    await button(dialog, 'Apply').click();
    await expect
      .poll(() => page.locator('.active-filter[data-filter="rsi"] .filter-summary').textContent())
      .toContain('RSI(10)');
    dialog = await filterDialog(page, 'total_vol');
    await button(dialog, '≥ 1,000').click();
    await button(dialog, 'Apply').click();
    await expect
      .poll(() => page.locator('.active-filter[data-filter="total_vol"] .filter-summary').textContent())
      .toBe('≥ 1,000');
    await screenshot(page, `scan-page-${name}-filters`);
    // The sector and RSI go again, so the run below finds trades in the test market.
    await button(page, 'Remove Sector').click();
    await button(page, 'Remove RSI').click();
    await button(page, 'RUN SCAN').click();
    await results(page);
    expect(await rows(page).count()).toBeGreaterThan(0);

    // Sorting on two columns from the column menus.
    await menu(page, button(page, 'Sort by Last'), 'Sort descending');
    await results(page);
    await menu(page, button(page, 'Sort by Exp. Date'), 'Sort second');
    await results(page);
    await page.getByText('Sorted by Last (descending), then by Exp. Date', { exact: false }).waitFor();
    const lasts = await rows(page).locator('td[data-column="stock_last"]').allTextContents();
    const numbers = lasts.map((t) => Number(t.replace(/[$,]/g, '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    await screenshot(page, `scan-page-${name}-sorted`);
    // The wide table scrolls inside its own box; the page itself never scrolls sideways.
    await expect(
      page.locator('.scan-layout').evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
    ).resolves.toBe(true);
    await expect(
      page.locator('.results-table').evaluate((el) => getComputedStyle(el.parentElement!).overflowX),
    ).resolves.toBe('auto');

    // The Analyze panel on each tab; its Trade link opens a ticket for one unit of the trade.
    const analyzed = (await rows(page).first().getAttribute('data-symbol')) ?? '';
    await rows(page).first().getByRole('button', { name: 'Analyze', exact: true }).click();
    const panel = page.getByRole('dialog', { name: `ANALYZE - ${analyzed}` });
    await panel.waitFor();
    await panel.getByRole('tab', { name: 'Strategy' }).click();
    await panel.locator('.uplot canvas, .uplot-box canvas').first().waitFor();
    await expect(
      panel.getByRole('link', { name: 'Trade', exact: true }).getAttribute('href'),
    ).resolves.toMatch(/^\/order\/open\/[A-Za-z0-9_-]+/);
    await screenshot(page, `scan-page-${name}-analyze-strategy`);
    await panel.getByRole('tab', { name: 'Stock' }).click();
    await panel.locator('.uplot canvas, .uplot-box canvas, :text("No Data")').first().waitFor();
    await screenshot(page, `scan-page-${name}-analyze-stock`);
    await panel.getByRole('tab', { name: 'Options' }).click();
    await expect
      .poll(() => panel.getByRole('tab', { name: 'Options' }).getAttribute('aria-selected'))
      .toBe('true');
    await screenshot(page, `scan-page-${name}-analyze-options`);
    await button(panel, 'Close').click();
    await panel.waitFor({ state: 'detached' });

    // The column chooser: filter as you type, add a column, reorder; the rows carry it.
    await button(page, 'COLUMNS').click();
    const chooser = page.getByRole('dialog', { name: 'Columns' });
    await chooser.getByLabel('Filter as you type').fill('THETA');
    await chooser.getByRole('checkbox', { name: 'Theta', exact: true }).check();
    await results(page);
    await page.locator('.results-table thead th[data-column="theta"]').waitFor();
    await screenshot(page, `scan-page-${name}-columns`);
    await button(chooser, 'Close').click();
    await chooser.waitFor({ state: 'detached' });

    // Paging: the next page has other tickers; back to the first.
    const first = await rows(page).first().getAttribute('data-symbol');
    await button(page, 'Next page').click();
    await results(page);
    await expect.poll(() => button(page, 'Page 2').getAttribute('aria-current')).toBe('page');
    expect(await rows(page).first().getAttribute('data-symbol')).not.toBe(first);
    await screenshot(page, `scan-page-${name}-page-2`);
    await button(page, 'Page 1').click();
    await results(page);
    await expect.poll(() => rows(page).first().getAttribute('data-symbol')).toBe(first);
    const count = Number((await page.locator('.result-count').textContent())?.split(' ')[0]);

    // Narrow to a ticker and back.
    const symbol = (await rows(page).first().getAttribute('data-symbol')) ?? '';
    await rows(page).first().getByRole('button', { name: 'Narrow scan results to this ticker.' }).click();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText(symbol, { exact: true }).waitFor();
    await results(page);
    const symbols = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-symbol')));
    expect(new Set(symbols)).toEqual(new Set([symbol]));
    await screenshot(page, `scan-page-${name}-narrowed`);
    await button(page, '‹ Back to the whole market').click();
    await results(page);
    await expect.poll(() => page.locator('.result-count').textContent()).toContain(`${count} tickers`);

    // Save: the scan gets its address; then rename and favourite it.
    await button(page, 'SAVE').click();
    await page.waitForURL(/\/screener\/scan\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await button(page, 'UPDATE').waitFor();
    await button(page, 'Rename Untitled Scan').click();
    await page.getByLabel('Scan title').fill('Bull puts');
    await page.getByLabel('Scan title').press('Enter');
    await page.getByRole('heading', { name: 'Bull puts' }).waitFor();
    await expect.poll(async () => (await getScan(client, id)).title).toBe('Bull puts');
    expect((await getScan(client, id)).strategy).toBe('bull_put_spread');
    await button(page, 'Add to favorites').click();
    await button(page, 'Remove from favorites').waitFor();
    await expect.poll(async () => (await getScan(client, id)).isFavorite).toBe(true);

    // The three exports, of the result on show (a saved scan is the same definition): the
    // header row, then one line per row.
    const pageCsv = await download(page, 'Export this page');
    expect(pageCsv.cacheId).toEqual(expect.any(String));
    expect(pageCsv.lines[0]?.split(',')[0]).toBe('Symbol');
    expect(pageCsv.lines.length - 1).toBe(await rows(page).count());
    const allCsv = await download(page, 'Export all pages');
    expect(allCsv.cacheId).toBe(pageCsv.cacheId);
    expect(allCsv.lines[0]).toBe(pageCsv.lines[0]);
    expect(allCsv.lines.length - 1).toBe(count);
    const optionsCsv = await download(page, 'Export all options (up to 1,000)');
    expect(optionsCsv.cacheId).toBe(pageCsv.cacheId);
    expect(optionsCsv.lines[0]).toBe(pageCsv.lines[0]);
    expect(optionsCsv.lines.length - 1).toBeGreaterThanOrEqual(count);
    expect(optionsCsv.lines.length - 1).toBeLessThanOrEqual(1000);
    await screenshot(page, `scan-page-${name}-saved`);

    // A sample is duplicated, not changed: the copy opens as the user's own.
    const sample = listOf(await lists(client), ListRole.Predefined).items[0];
    if (!sample) throw new Error('no sample scans');
    await page.goto(`/screener/scan/${sample.id}`);
    await page.getByRole('heading', { name: sample.title }).waitFor();
    await expect(button(page, 'DELETE').count()).resolves.toBe(0);
    await button(page, 'DUPLICATE').click();
    await page.waitForURL(
      (url) => /\/screener\/scan\/\d+$/.test(url.pathname) && !url.pathname.endsWith(`/${sample.id}`),
    );
    const copyId = Number(new URL(page.url()).pathname.split('/').pop());
    await button(page, 'UPDATE').waitFor();
    expect((await getScan(client, copyId)).title).toBe(sample.title);

    // Delete asks first; No keeps the scan, Yes removes it and leaves the page.
    await button(page, 'DELETE').click();
    await page.getByText('Are you sure you want to delete this scan?').waitFor();
    await button(page, 'No').click();
    await button(page, 'DELETE').click();
    await button(page, 'Yes').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/screener/scan'));
    const res = await client.request(`/api/v1/scans/${copyId}`);
    expect(res.status).toBe(404);
    await context.close();
  });
});
