/**
 * A new user's first visit to the scan page in Chromium at 375px and 1280px, the scan page
 * opened straight away (no other screen before it): every dialog drawn as a dialog over the page
 * and inside the screen, the symbol filters typed letter by letter, and the phone layout (results
 * within the first screen, touch targets of 44px, readable scenario text, the walkthrough's steps
 * beside their elements).
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projectRoot } from '../../src/server/config.ts';
import { signInBrowser } from '../support/auth.ts';
import { button, launchBrowser, openPage, screenshot, VIEWPORTS } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { TEST_MARKET } from '../support/trades.ts';

/** The test market's seed over the whole small universe (500 names): a scan finds trades. */
const { symbols: _four, ...SCAN_MARKET } = TEST_MARKET;

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer({ staticDir: `${projectRoot}/dist`, market: SCAN_MARKET });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function results(page: Page) {
  await page.locator('.scan-results[aria-busy="false"]').waitFor();
  await page.locator('.results-table, .scan-results .empty-state').first().waitFor();
}

/** The dialog is drawn over the page (fixed, dimmed backdrop) and wholly inside the screen. */
async function expectOverlay(page: Page, dialog: Locator, viewport: { width: number; height: number }) {
  await dialog.waitFor();
  const backdrop = await dialog.evaluate((el) => {
    const style = getComputedStyle(el.parentElement as Element);
    return { position: style.position, background: style.backgroundColor };
  });
  expect(backdrop.position).toBe('fixed');
  expect(backdrop.background).not.toBe('rgba(0, 0, 0, 0)');
  const box = await dialog.boundingBox();
  if (!box) throw new Error('dialog not drawn');
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
  // Its buttons can be reached without scrolling the page under it.
  const last = dialog.locator('.dialog-actions button').last();
  const actions = await last.boundingBox();
  expect(actions && actions.y + actions.height).toBeLessThanOrEqual(viewport.height + 0.5);
  await expect(page.locator('.dialog-backdrop').count()).resolves.toBe(1);
}

async function noWalkthrough(page: Page) {
  await page.addInitScript(() => localStorage.setItem('optionscout.walkthrough', 'false'));
}

describe.each(VIEWPORTS)('a first visit to the scan page at %s width', (name, viewport) => {
  test('every dialog is drawn over the page and inside the screen', async () => {
    const email = `first-dialogs-${name}@example.com`;
    const { context, page } = await openPage(browser, server.url, viewport);
    await signInBrowser(context, server, email);
    await noWalkthrough(page);
    await page.goto('/screener/scan');
    await page.getByRole('heading', { name: 'Untitled Scan' }).waitFor();
    await results(page);

    await button(page, 'ADD FILTERS').click();
    const add = page.getByRole('dialog', { name: 'Add Filters' });
    await expectOverlay(page, add, viewport);
    await screenshot(page, `scan-first-${name}-add-filters`);
    await page.getByLabel('Search filters').fill('symbols');
    await add.getByLabel('Include Symbols', { exact: true }).check();
    await add.getByLabel('Exclude Symbols', { exact: true }).check();
    await button(add, 'Done').click();
    await add.waitFor({ state: 'detached' });

    // The symbol lists typed letter by letter: the editor stays, Apply keeps the cleaned list.
    for (const [key, typed, summary] of [
      ['include_symbols', 'aapl, msft;aapl', 'AAPL, MSFT'],
      ['exclude_symbols', 'tsla', 'TSLA'],
    ] as const) {
      await page.locator(`.active-filter[data-filter="${key}"] .filter-open`).click();
      const editor = page.getByRole('dialog');
      await expectOverlay(page, editor, viewport);
      await editor.getByLabel('Symbols').pressSequentially(typed);
      await expect(editor.getByLabel('Symbols').inputValue()).resolves.toBe(typed);
      await screenshot(page, `scan-first-${name}-${key}`);
      await button(editor, 'Apply').click();
      await editor.waitFor({ state: 'detached' });
      await expect
        .poll(() => page.locator(`.active-filter[data-filter="${key}"] .filter-summary`).textContent())
        .toBe(summary);
    }
    await expect(page.getByText('Something went wrong').count()).resolves.toBe(0);

    // The ratio editor opens on choosing the ratio strategy again.
    await button(page, 'Strategy: Covered Call').click();
    await page.getByRole('menuitem', { name: /Call Ratio Spread$/ }).click();
    await button(page, 'Strategy: Call Ratio Spread').waitFor();
    await button(page, 'Change').click();
    const ratio = page.getByRole('dialog', { name: 'Ratio Spread' });
    await expectOverlay(page, ratio, viewport);
    await screenshot(page, `scan-first-${name}-ratio`);
    await button(ratio, 'Cancel').click();
    await ratio.waitFor({ state: 'detached' });

    // The delete confirmation of a saved scan.
    await button(page, 'SAVE').click();
    await page.waitForURL(/\/screener\/scan\/\d+$/);
    await button(page, 'DELETE').click();
    const confirm = page.getByRole('dialog', { name: 'Delete scan' });
    await expectOverlay(page, confirm, viewport);
    await screenshot(page, `scan-first-${name}-delete`);
    await button(confirm, 'No').click();
    await context.close();
  });
});
