/**
 * "Show the math" in Chromium at 375px and 1280px, read as a person would: opened from a scan
 * result's Analyze panel and from the order editor, its numbers recompute by hand (net cost =
 * Σ weight × fill, the price intervals' probabilities add up to 1, the expected value is the sum
 * of its terms; in the editor the fills are the limit prices), it never makes the page scroll
 * sideways, and Escape closes it alone.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { OptionChainRow } from '#api/market.ts';
import { encodeTicket } from '#domain/orders/ticket.ts';
import { signedIn, signInBrowser } from '../support/auth.ts';
import { button, screenshot, VIEWPORTS } from '../support/browser.ts';
import { e2eSession } from '../support/e2e-session.ts';
import { results, rows, startScanPageServer } from '../support/scan-page.ts';
import {
  expirationAfter,
  lastPrice,
  midPrice,
  optionChain,
  optionRow,
  strikeNear,
} from '../support/trades.ts';

const e2e = e2eSession(startScanPageServer);

/** The first decimal number of a text ('-0.9500 (-$95.00)' → −0.95); commas are grouping. */
const firstNumber = (text: string): number =>
  Number(/-?[\d,]*\.\d+|-?\d+/.exec(text)![0].replaceAll(',', ''));
/** The number a line's arithmetic ends in ('… = 2.0000', '… = 0.2393 (23.93%)'). */
const result = (text: string): number => firstNumber(text.slice(text.lastIndexOf('= ') + 2));

const items = (panel: Locator, list: string) => panel.getByRole('list', { name: list }).getByRole('listitem');
const stepValue = async (panel: Locator, list: string, label: string) =>
  firstNumber(
    (await items(panel, list)
      .filter({ has: panel.page().locator('strong', { hasText: label }) })
      .first()
      .locator('.math-value')
      .textContent()) ?? '',
  );

interface Reading {
  readonly fills: number[];
  readonly weights: number[];
  readonly netCost: number;
  readonly probabilities: number[];
}

/** Reads the panel and checks its sums by hand. */
async function readMath(panel: Locator): Promise<Reading> {
  const legs = await items(panel, 'Legs').allInnerTexts();
  const weights = legs.map((t) => firstNumber(/weight (-?[\d.,]+)/.exec(t)![1]!));
  const fills = await items(panel, 'Legs').locator('code').allInnerTexts();
  const fillValues = fills.map(result);
  const netCost = await stepValue(panel, 'Price', 'Net cost');
  const byHand = weights.reduce((s, w, i) => s + w * fillValues[i]!, 0);
  expect(Math.abs(byHand - netCost)).toBeLessThan(1e-3);

  const probabilities = (await items(panel, 'Price intervals').locator('code').allInnerTexts()).map(result);
  expect(Math.abs(probabilities.reduce((s, p) => s + p, 0) - 1)).toBeLessThan(5e-4);

  const evLines = items(panel, 'Expected value');
  const labels = await evLines.locator('strong').allInnerTexts();
  const values = (await evLines.locator('.math-value').allInnerTexts()).map(firstNumber);
  const terms = values.filter((_, i) => /^(Constant|Shares term|Strike)/.test(labels[i]!));
  const ev = values[labels.indexOf('Expected value')]!;
  if (terms.length > 0) {
    expect(Math.abs(terms.reduce((s, t) => s + t, 0) - ev)).toBeLessThan(1e-3 * terms.length);
  }
  return { fills: fillValues, weights, netCost, probabilities };
}

/** Neither the page nor the panel scrolls sideways. */
async function noSidewaysScroll(page: Page, panel: Locator) {
  await expect(
    page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).resolves.toBeLessThanOrEqual(0);
  await expect(
    panel.locator('.math-body').evaluate((el) => el.scrollWidth - el.clientWidth),
  ).resolves.toBeLessThanOrEqual(0);
}

/** Screenshots of the panel's top and of its end. */
async function screenshots(page: Page, panel: Locator, name: string) {
  await screenshot(page, `${name}-top`);
  await panel.locator('.math-body').evaluate((el) => el.scrollTo(0, el.scrollHeight / 2));
  await screenshot(page, `${name}-middle`);
  await panel.locator('.math-body').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await screenshot(page, `${name}-end`);
}

async function bullPutTicket(client: Awaited<ReturnType<typeof signedIn>>): Promise<string> {
  const chain: OptionChainRow[] = await optionChain(client, 'SPY');
  const spy = await lastPrice(client, 'SPY');
  const exp = expirationAfter(chain, 20);
  const short = optionRow(chain, exp, 'PUT', strikeNear(chain, exp, spy, -2));
  const long = optionRow(chain, exp, 'PUT', strikeNear(chain, exp, spy, -5));
  return encodeTicket({
    strategy: 'bull_put_spread',
    legs: [
      { contractId: short.id, quantity: -1, limitPrice: midPrice(short) },
      { contractId: long.id, quantity: 1, limitPrice: midPrice(long) },
    ],
    size: 1,
  });
}

describe.each(VIEWPORTS)('show the math at %s width', (name, viewport) => {
  test('from a scan result and from the order editor', async () => {
    const email = `show-math-${name}@example.com`;
    const { context, page } = await e2e.open(viewport);
    await context.addInitScript(() => localStorage.setItem('optionscout.walkthrough', 'false'));
    await signInBrowser(context, e2e.server, email);
    const client = await signedIn(e2e.server, email);

    // A scan result: its Analyze panel, then the math of its trade.
    await page.goto('/screener/scan');
    await results(page);
    const symbol = (await rows(page).first().getAttribute('data-symbol')) ?? '';
    await rows(page).first().getByRole('button', { name: 'Analyze', exact: true }).click();
    const analyze = page.getByRole('dialog', { name: `ANALYZE - ${symbol}` });
    await analyze.waitFor();
    await screenshot(page, `show-math-${name}-analyze`);
    await button(analyze, 'Show the math').click();
    const math = page.getByRole('dialog', { name: new RegExp(`^Show the math: ${symbol} `) });
    await math.getByRole('heading', { name: 'Margin and returns' }).waitFor();
    await expect(button(math, 'Close').evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    const scanMath = await readMath(math);
    expect(scanMath.fills.length).toBeGreaterThan(0);
    await noSidewaysScroll(page, math);
    await screenshots(page, math, `show-math-${name}-scan`);
    await page.keyboard.press('Escape');
    await math.waitFor({ state: 'detached' });
    await analyze.waitFor();
    await expect(
      button(analyze, 'Show the math').evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);
    await button(analyze, 'Close').click();

    // The order editor: the made trade's math, at the limit prices.
    const ticket = await bullPutTicket(client);
    await page.goto(`/order/open/${ticket}`);
    await page.getByRole('heading', { name: 'New Order' }).waitFor();
    await page.locator('.metrics-strip').getByText('Max. Profit').waitFor();
    await button(page, 'Show the math').click();
    const orderMath = page.getByRole('dialog', { name: 'Show the math: SPY Bull Put Spread' });
    await orderMath.getByRole('heading', { name: 'Margin and returns' }).waitFor();
    const orderReading = await readMath(orderMath);
    const limits = await page
      .locator('.legs-table tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) =>
          Number((tr.querySelector('input[aria-label$="price"]') as HTMLInputElement | null)?.value),
        ),
      );
    expect(orderReading.fills).toEqual(limits);
    // The strip's credit is the net cost's: a 1-lot's dollars.
    const credit = await page
      .locator('.metrics-strip dt', { hasText: 'Credit' })
      .locator('xpath=following-sibling::dd')
      .textContent();
    expect(firstNumber((credit ?? '').replace('$', ''))).toBeCloseTo(-orderReading.netCost * 100, 6);
    await noSidewaysScroll(page, orderMath);
    await screenshots(page, orderMath, `show-math-${name}-order`);
    await button(orderMath, 'Close').click();
    await orderMath.waitFor({ state: 'detached' });
    await context.close();
  });
});
