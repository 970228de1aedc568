/**
 * Live updates in Chromium at 375px and 1280px.
 * - The trade log's P/L: an open covered call on SPY (100 shares, so every one-cent move of SPY
 *   moves the P/L by a dollar) updates within seconds, far sooner than the list's own 30 s
 *   refetch, and the cell flashes green or red; the indicator says Live with the data's age. After
 *   a server restart (same data folder and port) the app reconnects on its own, subscribes again,
 *   and the P/L moves again.
 * - Scan results: the underlyings' last prices move and their cells flash while the page shows
 *   them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projectRoot } from '#server/config.ts';
import { signedIn, signInBrowser } from '../support/auth.ts';
import { launchBrowser, openPage, screenshot, VIEWPORTS } from '../support/browser.ts';
import { freePort, startTestServer, type TestServer } from '../support/test-server.ts';
import {
  coveredCall,
  createAccount,
  lastPrice,
  optionChain,
  submit,
  TEST_MARKET,
} from '../support/trades.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'live-e2e-'));
let port: number;
let server: TestServer | null = null;
let browser: Browser;

const start = () => startTestServer({ staticDir: `${projectRoot}/dist`, market: TEST_MARKET, dataDir, port });

beforeAll(async () => {
  port = await freePort();
  server = await start();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Distinct P/L texts the cell shows over `ms`, sampled every 100 ms. */
async function plTexts(page: Page, ms: number): Promise<Set<string>> {
  const cell = page.locator('tr.trade-row [data-column="pl"]').first();
  const seen = new Set<string>();
  const until = Date.now() + ms;
  while (Date.now() < until) {
    seen.add((await cell.textContent()) ?? '');
    await page.waitForTimeout(100);
  }
  return seen;
}

describe.each(VIEWPORTS)('live at %s width', (name, viewport) => {
  test('updates, flashes, shows its state, and comes back after a server restart', async () => {
    if (!server) throw new Error('no server');
    const email = `live-${name}@example.com`;
    const client = await signedIn(server, email);
    const accountId = (await createAccount(client, 'Live')).account_id;
    const legs = coveredCall(await optionChain(client, 'SPY'), 'SPY', await lastPrice(client, 'SPY'));
    const opened = await submit(client, accountId, 'covered_call', { legs, size: 1 });
    expect(opened.status, await opened.clone().text()).toBe(200);

    const { context, page } = await openPage(browser, server.url, viewport);
    await signInBrowser(context, server, email);
    await page.goto(`/trades?accountId=${accountId}`);
    await page.locator('tr.trade-row').first().waitFor();
    const indicator = page.locator('.live-indicator');
    await indicator.getByText('Live', { exact: true }).waitFor();

    // The value changes within seconds: live pushes, not the list's 30 s refetch. (SPY's last
    // price, in cents, stays put in about a quarter of the seconds, so allow for a few.)
    expect((await plTexts(page, 8000)).size).toBeGreaterThanOrEqual(2);
    await page
      .locator('[data-column="pl"] .live-cell.flash-up, [data-column="pl"] .live-cell.flash-down')
      .first()
      .waitFor();
    await expect(indicator.textContent()).resolves.toMatch(/Live · updated \d+ s ago/);
    await screenshot(page, `live-${name}-trades`);

    // The server restarts: the app shows it reconnecting, then live again, with moving values.
    await server.stop();
    server = null;
    await indicator.getByText('Reconnecting…').waitFor({ timeout: 15_000 });
    await screenshot(page, `live-${name}-reconnecting`);
    server = await start();
    await indicator.getByText('Live', { exact: true }).waitFor({ timeout: 30_000 });
    expect((await plTexts(page, 8000)).size).toBeGreaterThanOrEqual(2);
    await context.close();
  });

  test('scan results update live and their price cells flash', async () => {
    if (!server) throw new Error('no server');
    const email = `live-scan-${name}@example.com`;
    const { context, page } = await openPage(browser, server.url, viewport);
    await context.addInitScript(() => localStorage.setItem('optionscout.walkthrough', 'false'));
    await signInBrowser(context, server, email);
    // A new scan runs its strategy's defaults at once.
    await page.goto('/screener/scan');
    const lasts = page.locator('.results-table tbody tr.result-row td[data-column="stock_last"]');
    await lasts.first().waitFor();
    await page.locator('.live-indicator').getByText('Live', { exact: true }).waitFor();
    const before = await lasts.allTextContents();
    await expect
      .poll(async () => (await lasts.allTextContents()).some((text, i) => text !== before[i]), {
        timeout: 20_000,
      })
      .toBe(true);
    await page
      .locator('.results-table .live-cell.flash-up, .results-table .live-cell.flash-down')
      .first()
      .waitFor();
    await screenshot(page, `live-${name}-scan`);
    await context.close();
  });
});
