/**
 * A new user's first visit to the scan page in Chromium at 375px and 1280px, the scan page
 * opened straight away (no other screen before it): every dialog drawn as a dialog over the page
 * and inside the screen, the symbol filters typed letter by letter, and the phone layout (results
 * within the first screen, touch targets of 44px, readable scenario text, the walkthrough's steps
 * beside their elements).
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { UnderlyingRow } from '#api/market.ts';
import { signedIn } from '../support/auth.ts';
import { button, screenshot, VIEWPORTS } from '../support/browser.ts';
import { e2eSession } from '../support/e2e-session.ts';
import { startScanPageServer } from '../support/scan-page.ts';
import { json } from '../support/trades.ts';

const e2e = e2eSession(startScanPageServer);

async function results(page: Page) {
  await page.locator('.scan-results[aria-busy="false"]').waitFor();
  await page.locator('.results-table, .scan-results .empty-state').first().waitFor();
}

/** The dialog is drawn over the page (fixed, dimmed backdrop) and wholly inside the screen. */
async function expectOverlay(page: Page, dialog: Locator, viewport: { width: number; height: number }) {
  // An editor loaded on first opening shows its frame first: measured once its buttons are there.
  await dialog.locator('.dialog-actions button').last().waitFor();
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

/** On a phone the filters start folded under their count. */
async function unfoldFilters(page: Page, name: string) {
  if (name === 'phone') await page.getByRole('button', { name: /^Filters \(\d+\)$/ }).click();
}

/** The part of the screen the page shows: below the header, above the phone's tab bar. */
async function visibleArea(page: Page, viewport: { height: number }) {
  const header = await page.locator('.app-header').boundingBox();
  const tabs = await page.locator('.app-tab-bar').boundingBox();
  return {
    top: header ? header.y + header.height : 0,
    bottom: tabs && tabs.height > 0 ? tabs.y : viewport.height,
  };
}

async function noWalkthrough(page: Page) {
  await page.addInitScript(() => localStorage.setItem('optionscout.walkthrough', 'false'));
}

describe.each(VIEWPORTS)('a first visit to the scan page at %s width', (name, viewport) => {
  test('every dialog is drawn over the page and inside the screen', async () => {
    const email = `first-dialogs-${name}@example.com`;
    const { context, page } = await e2e.signedInPage(viewport, email);
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
    await unfoldFilters(page, name);

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

describe.each(VIEWPORTS)('the scan page laid out at %s width', (name, viewport) => {
  test('results in the first screen, 44px touch targets, readable scenarios', async () => {
    const email = `first-layout-${name}@example.com`;
    const { context, page } = await e2e.signedInPage(viewport, email);
    await noWalkthrough(page);
    await page.goto('/screener/scan');
    await results(page);
    const area = await visibleArea(page, viewport);
    await screenshot(page, `scan-first-${name}-opened`);

    // The first result row is on the first screen, with room to read it.
    const firstRow = page.locator('.results-table tbody tr.result-row').first();
    const row = await firstRow.boundingBox();
    if (!row) throw new Error('no result row');
    expect(row.y + row.height).toBeLessThanOrEqual(area.bottom);

    // The similar-trades expander and the drill-down are finger-sized on a phone.
    const targets = [
      page.getByRole('button', { name: /^Show similar trades of / }).first(),
      page.getByRole('button', { name: 'Narrow scan results to this ticker.' }).first(),
    ];
    for (const target of targets) {
      const box = await target.boundingBox();
      if (!box) throw new Error('no target');
      if (name === 'phone') {
        expect(box.width).toBeGreaterThanOrEqual(44);
        expect(box.height).toBeGreaterThanOrEqual(44);
      }
    }
    // The expander still opens the ticker's similar trades.
    await targets[0]!.click();
    await page.locator('.results-table tbody tr.result-row.similar').first().waitFor();

    // A scenario's summary and its metric read on whole lines.
    await unfoldFilters(page, name);
    await button(page, 'ADD SCENARIO').click();
    const scenario = page.locator('.active-filter[data-filter="shift_pl_margin_1"]');
    await scenario.scrollIntoViewIfNeeded();
    // Lines of a text: the distinct tops of its line boxes.
    const lines = (el: Element) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    };
    await expect(scenario.locator('.filter-label').evaluate(lines)).resolves.toBe(1);
    await expect(scenario.locator('.filter-summary').evaluate(lines)).resolves.toBe(1);
    // The metric chooser has a line of its own, as wide as the row.
    const scenarioBox = await scenario.boundingBox();
    const metric = await scenario.getByRole('combobox', { name: 'Scenario 1 metric' }).boundingBox();
    expect(metric && scenarioBox && metric.width / scenarioBox.width).toBeGreaterThan(0.9);
    await screenshot(page, `scan-first-${name}-scenario`);
    await context.close();
  });

  test('every walkthrough step shows beside its element, inside the visible area', async () => {
    const email = `first-walkthrough-${name}@example.com`;
    const { context, page } = await e2e.signedInPage(viewport, email);
    await page.goto('/screener/scan');
    const walkthrough = page.getByRole('dialog', { name: 'Walkthrough' });
    await walkthrough.getByText('Step 1 of 11').waitFor();
    await results(page);
    const area = await visibleArea(page, viewport);
    for (let step = 1; step <= 11; step += 1) {
      await walkthrough.getByText(`Step ${step} of 11`).waitFor();
      // The card follows the page as it settles (results arriving move the elements).
      await expect
        .poll(
          async () => {
            const card = await walkthrough.boundingBox();
            return card !== null && card.y >= area.top && card.y + card.height <= area.bottom;
          },
          { message: `step ${step} inside the visible area`, timeout: 5000 },
        )
        .toBe(true);
      if (step === 5) await screenshot(page, `scan-first-${name}-walkthrough-5`);
      await button(walkthrough, step === 11 ? 'Done' : 'Next').click();
    }
    await walkthrough.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe.each(VIEWPORTS)('the Analyze panel at %s width', (name, viewport) => {
  test('Stock and Options tabs show their data whatever the columns; IV vs HV with its kept choices', async () => {
    const email = `first-analyze-${name}@example.com`;
    const { context, page } = await e2e.signedInPage(viewport, email);
    await noWalkthrough(page);
    await page.goto('/screener/scan');
    await results(page);
    const rows = page.locator('.results-table tbody tr.result-row');
    // A company's row (funds and indexes have no fundamentals), and another one.
    const client = await signedIn(e2e.server, email);
    const universe = await json<UnderlyingRow[]>(await client.request('/api/v1/underlyings'));
    const stocks = new Set(universe.filter((u) => u.type === 1).map((u) => u.contract.symbol));
    const symbols = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-symbol') ?? ''));
    const company = symbols.findIndex((s) => stocks.has(s));
    expect(company).toBeGreaterThanOrEqual(0);
    const open = async (index: number) => {
      const symbol = (await rows.nth(index).getAttribute('data-symbol')) ?? '';
      await rows.nth(index).getByRole('button', { name: 'Analyze', exact: true }).click();
      const panel = page.getByRole('dialog', { name: `ANALYZE - ${symbol}` });
      await panel.waitFor();
      return panel;
    };

    // The default columns carry no fundamentals: the tab loads them.
    let panel = await open(company);
    await panel.getByRole('tab', { name: 'Stock' }).click();
    const fundamentals = panel.getByLabel('Fundamentals');
    await expect.poll(() => fundamentals.textContent()).toContain('Market Cap');
    await screenshot(page, `scan-first-${name}-analyze-stock`);

    await panel.getByRole('tab', { name: 'Options' }).click();
    const options = panel.getByLabel('Options data');
    await expect.poll(() => options.textContent()).toContain('Skew');
    await expect(options.textContent()).resolves.toContain('Total OI');
    // The trade's option legs: bid-ask, IV, open interest and dates.
    const legs = panel.getByRole('table', { name: 'Option legs' });
    await expect.poll(() => legs.locator('tbody tr').count()).toBeGreaterThan(0);
    await expect.poll(async () => (await legs.boundingBox())?.height ?? 0).toBeGreaterThan(40);
    const ivHv = panel.getByRole('region', { name: 'IV vs HV' });
    await ivHv.locator('canvas').first().waitFor();
    await ivHv.getByLabel('Delta').selectOption('20');
    await ivHv.getByLabel('Options').selectOption({ label: 'Only PUTs' });
    await ivHv.getByLabel('Days to expiry').fill('45');
    await ivHv.locator('canvas').first().waitFor();
    await ivHv.scrollIntoViewIfNeeded();
    await screenshot(page, `scan-first-${name}-analyze-options`);
    await button(panel, 'Close').click();
    await panel.waitFor({ state: 'detached' });

    // Another trade, the same session: the chart opens with the choices made.
    panel = await open(company === 0 ? 1 : 0);
    const again = panel.getByRole('region', { name: 'IV vs HV' });
    await expect(again.getByLabel('Delta').inputValue()).resolves.toBe('20');
    await expect(again.getByLabel('Days to expiry').inputValue()).resolves.toBe('45');
    await expect(again.getByLabel('Options').inputValue()).resolves.toBe('PUT');
    await again.locator('canvas').first().waitFor();
    await context.close();
  });
});
