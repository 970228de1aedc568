/**
 * What a trader on a phone (375px) needs, beside the desktop (1280px): scan results as cards whose
 * sort and filter figures sit inside the screen, a tap opening the Analyze panel; the trade log's
 * cards with each position's P/L in view; every menu entry reachable from the tab bar or the ⋮
 * menu (Excel/Sheets integration among them); the Settings strip with every section, Appearance
 * included; the favourite star at 3:1 or more in light and dark mode.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ListRole } from '#api/screener-model.ts';
import { PHONE_MENU_EXTRAS, PRIMARY_MENU, SECONDARY_MENU, TABS } from '#app/shell/navigation.ts';
import { signedIn, signInBrowser } from '../support/auth.ts';
import { launchBrowser, openPage, screenshot, VIEWPORTS } from '../support/browser.ts';
import { results, rows, startScanPageServer } from '../support/scan-page.ts';
import { listOf, lists } from '../support/screener.ts';
import type { TestServer } from '../support/test-server.ts';
import {
  bullCallSpread,
  coveredCall,
  createAccount,
  lastPrice,
  optionChain,
  submit,
} from '../support/trades.ts';
import { controlContrast } from './contrast.ts';

const EMAIL = 'phone-layouts@example.com';
const SETTINGS_LABELS = ['Universes', 'Trading Accounts', 'Reports', 'Appearance', 'Account'];

let server: TestServer;
let browser: Browser;
let sampleId: number;

beforeAll(async () => {
  server = await startScanPageServer();
  browser = await launchBrowser();
  const client = await signedIn(server, EMAIL);
  const account = await createAccount(client, 'Main');
  const ko = await optionChain(client, 'KO');
  const orders = [
    ['covered_call', coveredCall(ko, 'KO', await lastPrice(client, 'KO'))],
    ['bull_call_spread', bullCallSpread(ko, await lastPrice(client, 'KO'))],
  ] as const;
  for (const [strategy, legs] of orders) {
    const res = await submit(client, account.account_id, strategy, { legs, size: 1 });
    if (res.status !== 200) throw new Error(`submitting a trade: ${res.status} ${await res.text()}`);
  }
  const sample = listOf(await lists(client), ListRole.Predefined).items[0];
  if (!sample) throw new Error('no sample scans');
  sampleId = Number(sample.id);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A signed-in page in `mode`, with no walkthrough over the scan page. */
async function pageAt(viewport: { width: number; height: number }, mode: 'light' | 'dark' = 'light') {
  const { context, page } = await openPage(browser, server.url, viewport);
  await page.emulateMedia({ colorScheme: mode });
  await context.addInitScript((m) => {
    localStorage.setItem('appearance', m);
    localStorage.setItem('optionscout.walkthrough', 'false');
  }, mode);
  await signInBrowser(context, server, EMAIL);
  return { context, page };
}

/** Whether the element is drawn wholly inside the window's width (no sideways scroll to see it). */
async function insideWidth(element: Locator, width: number): Promise<boolean> {
  const box = await element.boundingBox();
  return box !== null && box.width > 0 && box.x >= 0 && box.x + box.width <= width;
}

/** The figures' titles as a card reads them: by line, then left to right. */
const readingOrder = (figures: Locator): Promise<(string | null)[]> =>
  figures.evaluateAll((tds) =>
    tds
      .map((td) => ({ label: td.getAttribute('data-label'), box: td.getBoundingClientRect() }))
      .sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left)
      .map((f) => f.label),
  );

/** The page itself never scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe.each(VIEWPORTS)('phone layouts at %s width', (name, viewport) => {
  const phone = name === 'phone';

  test('scan results: cards with the sort and filter figures in view on a phone, the table on a desktop; a tap opens Analyze', async () => {
    const { context, page } = await pageAt(viewport);
    await page.goto(`/screener/scan/${sampleId}`);
    await results(page);
    const first = rows(page).first();
    await first.waitFor();
    let symbol = (await first.getAttribute('data-symbol')) ?? '';
    const figures = first.locator('td.card-figure');
    const legs = first.locator('.legs-line');
    if (phone) {
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      await expect(figures.count()).resolves.toBe(4);
      // Each figure under its column's title, the value as the table formats it, inside the screen.
      const hint = (await page.locator('.sorting-hint').textContent()) ?? '';
      const sortedBy = /^Sorted by (.+?) \((?:ascending|descending)\)/.exec(hint)?.[1];
      for (const figure of await figures.all()) {
        await expect(figure.isVisible()).resolves.toBe(true);
        await expect(insideWidth(figure, viewport.width)).resolves.toBe(true);
        await expect(figure.getAttribute('data-label')).resolves.toMatch(/\S/);
        await expect(figure.textContent()).resolves.toMatch(/\S/);
      }
      // The sort column's figure comes first, as the card reads.
      const labels = await readingOrder(figures);
      expect(labels[0], labels.join(', ')).toBe(sortedBy);
      await expect(legs.isVisible()).resolves.toBe(true);
      await expect(insideWidth(legs, viewport.width)).resolves.toBe(true);
      await expect(legs.textContent()).resolves.toMatch(
        new RegExp(
          `^(Buy|Sell) \\d+ ${symbol.replace('.', '\\.')}( [A-Z][a-z]{2} \\d{1,2} '\\d\\d [\\d.]+[CP])?( · |$)`,
        ),
      );
      // The columns past the four are in the Analyze panel, not beside the card; the stock's
      // last price is on the ticker's line.
      await expect(
        first.locator('td:not(.card-figure, .analyze-cell, [data-column="stock_last"])').first().isVisible(),
      ).resolves.toBe(false);
      await expect(first.locator('td[data-column="stock_last"]').isVisible()).resolves.toBe(true);
      await screenshot(page, `phone-layouts-${name}-scan-cards`);
      // Sorting and paging stay within reach: a sort button of the strip opens its menu over the
      // cards, and the card then leads with the new sort column; the pager turns the page.
      await page.getByRole('button', { name: 'Sort by Last', exact: true }).tap();
      await page.getByRole('menuitem', { name: 'Sort ascending' }).tap();
      await expect
        .poll(() => page.locator('.sorting-hint').textContent())
        .toMatch(/^Sorted by Last \(ascending\)/);
      await results(page);
      await expect
        .poll(async () => (await readingOrder(rows(page).first().locator('td.card-figure')))[0])
        .toBe('Last');
      await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next page' }).tap();
      await page.waitForURL(/[?&]page=2/);
      await results(page);
      symbol = (await rows(page).first().getAttribute('data-symbol')) ?? '';
      await rows(page).first().tap();
    } else {
      await expect(page.locator('.results-table thead').isVisible()).resolves.toBe(true);
      await expect(first.locator('td:not(.card-figure)').first().isVisible()).resolves.toBe(true);
      await expect(legs.isVisible()).resolves.toBe(false);
      await screenshot(page, `phone-layouts-${name}-scan-table`);
      await first.click();
    }
    const dialog = page.getByRole('dialog', { name: `ANALYZE - ${symbol}` });
    await dialog.waitFor();
    // The legs fit the panel's width: cards headed by the leg in one line on a phone, columns on a
    // wider screen; no sideways scroll either way.
    const legsTable = dialog.locator('table.analyze-legs').first();
    await legsTable.locator('tbody tr').first().waitFor();
    const summary = legsTable.locator('tbody tr').first().locator('th.leg-summary');
    await expect(summary.isVisible()).resolves.toBe(phone);
    if (phone) await expect(summary.textContent()).resolves.toMatch(/^(BUY|SELL) \d+ (Call|Put|Stock)/);
    await expect(legsTable.locator('thead').isVisible()).resolves.toBe(!phone);
    const overflow = (table: typeof legsTable) =>
      table.evaluate((t) => {
        const box = t.parentElement as HTMLElement;
        return box.scrollWidth - box.clientWidth;
      });
    await expect(overflow(legsTable)).resolves.toBeLessThanOrEqual(0);
    await screenshot(page, `phone-layouts-${name}-scan-analyze`);
    await dialog.getByRole('tab', { name: 'Options' }).click();
    const optionLegs = dialog.locator('table.analyze-option-legs');
    await optionLegs.locator('tbody tr').first().waitFor();
    await expect(overflow(optionLegs)).resolves.toBeLessThanOrEqual(0);
    await screenshot(page, `phone-layouts-${name}-scan-analyze-options`);
    await context.close();
  });

  test("trade log: each position's card shows its symbol, strategy, legs and signed P/L in view", async () => {
    const { context, page } = await pageAt(viewport);
    await page.goto('/trades');
    const trades = page.locator('tr.trade-row');
    await expect.poll(() => trades.count()).toBe(2);
    for (const trade of await trades.all()) {
      const pl = trade.locator('td[data-column="pl"]');
      // Text, colour and sign read at one moment: a live mark may move the P/L between reads.
      const look = await pl.evaluate((el) => {
        const cell = el.querySelector('.live-cell') as Element;
        return {
          text: cell.textContent ?? '',
          tone: el.className,
          plus: getComputedStyle(cell, '::before').content,
        };
      });
      expect(look.text).toMatch(/^-?\$[\d,]+\.\d\d$/);
      if (!phone) continue;
      await expect(insideWidth(pl, viewport.width)).resolves.toBe(true);
      // Coloured by its sign, and a gain says '+'.
      const value = Number(look.text.replace(/[$,]/g, ''));
      expect(look.tone).toContain(value > 0 ? 'gain' : value < 0 ? 'loss' : 'card-figure');
      expect(look.plus).toBe(value > 0 ? '"+"' : 'none');
      const head = trade.locator('td.card-head');
      await expect(insideWidth(head, viewport.width)).resolves.toBe(true);
      await expect(head.textContent()).resolves.toMatch(
        /^KO (Covered Call|Bull Call Spread)(Buy|Sell) \d+ KO/,
      );
    }
    if (phone) expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
    await screenshot(page, `phone-layouts-${name}-trades`);
    // A tap opens the position's detail, as a row's click does.
    await (phone ? trades.first().tap() : trades.first().click());
    await page.locator('tr.detail-row .trade-detail').waitFor();
    await screenshot(page, `phone-layouts-${name}-trade-detail`);
    await context.close();
  });

  test('every menu entry is reachable: Excel/Sheets through the ⋮ menu on a phone', async () => {
    const { context, page } = await pageAt(viewport);
    await page.goto('/trades');
    await page.getByRole('heading', { name: 'Trades' }).waitFor();
    const routes = [
      ...PRIMARY_MENU.map((i) => i.to),
      ...SECONDARY_MENU.flatMap((i) => ('to' in i ? [i.to] : [])),
    ];
    if (phone) {
      const tabs = TABS.map((t) => t.to);
      for (const t of TABS) {
        await expect(page.locator(`ion-tab-button[tab="${t.tab}"]`).isVisible()).resolves.toBe(true);
      }
      await page.locator('.secondary-toggle').click();
      const popover = page.locator('ion-popover.secondary-popover');
      const inMenu = [...PHONE_MENU_EXTRAS, ...SECONDARY_MENU];
      for (const item of inMenu) await popover.getByText(item.label, { exact: true }).waitFor();
      const menuRoutes = inMenu.flatMap((i) => ('to' in i ? [i.to] : []));
      expect(
        routes.filter((to) => !tabs.includes(to as (typeof tabs)[number]) && !menuRoutes.includes(to)),
      ).toEqual([]);
      await screenshot(page, `phone-layouts-${name}-menu`);
      await popover.getByRole('link', { name: 'Excel/Sheets integration' }).click();
    } else {
      const header = page.locator('.header-bar');
      for (const item of [...PRIMARY_MENU, ...SECONDARY_MENU]) {
        await expect(header.getByText(item.label, { exact: true }).first().isVisible()).resolves.toBe(true);
      }
      await header.getByRole('link', { name: 'Excel/Sheets integration' }).click();
    }
    await page.waitForURL('**/integrations/excel');
    await screenshot(page, `phone-layouts-${name}-integrations`);
    await context.close();
  });

  test('the Settings strip shows every section, Appearance included', async () => {
    const { context, page } = await pageAt(viewport);
    await page.goto('/settings/universes');
    const strip = page.getByRole('navigation', { name: 'Settings sections' });
    await strip.getByRole('link').first().waitFor();
    await expect(strip.getByRole('link').allInnerTexts()).resolves.toEqual(SETTINGS_LABELS);
    for (const label of SETTINGS_LABELS) {
      await expect(
        insideWidth(strip.getByRole('link', { name: label, exact: true }), viewport.width),
      ).resolves.toBe(true);
    }
    await screenshot(page, `phone-layouts-${name}-settings`);
    await strip.getByRole('link', { name: 'Appearance' }).click();
    await page.waitForURL('**/settings/appearance');
    await context.close();
  });

  test.each(['light', 'dark'] as const)(
    'the favourite star, set and not, is 3:1 or more in %s mode',
    async (mode) => {
      const { context, page } = await pageAt(viewport, mode);
      await page.goto('/screener');
      await page.getByRole('heading', { name: 'All Scans' }).waitFor();
      // One star set, so both kinds are measured (an outline and a filled one).
      await page.getByRole('button', { name: 'Add to favorites' }).first().click();
      await page.getByRole('button', { name: 'Remove from favorites' }).first().waitFor();
      // The card is dimmed while its write is in flight (aria-busy): measured once it is done.
      await expect.poll(() => page.locator('article.scan-card[aria-busy="true"]').count()).toBe(0);
      await expect(
        page.evaluate(() => document.documentElement.classList.contains('ion-palette-dark')),
      ).resolves.toBe(mode === 'dark');
      const stars = await controlContrast(page, '.favorite-star');
      expect(stars.length).toBeGreaterThan(1);
      // Measured until the card's fade back from busy has ended (a transition of its opacity):
      // a star under 3:1 once the page is still fails.
      await expect
        .poll(async () => (await controlContrast(page, '.favorite-star')).filter((s) => s.ratio < 3))
        .toEqual([]);
      await screenshot(page, `phone-layouts-${name}-stars-${mode}`);
      await context.close();
    },
  );
});
