/**
 * The Analyzer in Chromium at 375px and 1280px, on the real server and its simulated market:
 * a ticker fills in its defaults, each of the four price targets runs and shows cards, the slider
 * picks other trades, a unit change keeps the level, the Saved and Predefined views page their
 * scans, a card's Trade opens the order editor with its legs, and a shared address shows the
 * same analysis after a reload; a blank analyzer loads the results' code only once a ticker is
 * chosen. Screenshots go to test-artifacts/analyzer-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { ExpirationRow, UnderlyingFacts } from '#api/market.ts';
import { signedIn } from '../support/auth.ts';
import { button, PHONE, screenshot, VIEWPORTS } from '../support/browser.ts';
import { e2eSession, startAppServer } from '../support/e2e-session.ts';
import { saveScan } from '../support/screener.ts';
import { createAccount, json, TEST_MARKET } from '../support/trades.ts';

const e2e = e2eSession(() => startAppServer({ market: TEST_MARKET }));

const SYMBOL = 'SPY';

const inputValue = (page: Page, label: string) => page.getByLabel(label, { exact: true }).inputValue();

const results = (page: Page) => page.locator('.analyzer-results');

/** Waits until the view's runs are all in (the results say they are not busy). */
async function settled(page: Page, view = 'scenario') {
  await page.locator(`.analyzer-results[data-view="${view}"][aria-busy="false"]`).waitFor();
}

/** Presses Run and waits for that run's answers. */
async function run(page: Page) {
  const before = await results(page).getAttribute('data-run');
  await button(page, 'Run').click();
  await expect.poll(() => results(page).getAttribute('data-run')).not.toBe(before);
  await settled(page);
}

async function showView(page: Page, label: string, view: string) {
  await page.locator('ion-segment-button', { hasText: label }).click();
  await settled(page, view);
}

const legLines = (page: Page) => page.locator('.result-card .leg-summary').allInnerTexts();

/** Nothing in the page is wider than the viewport (no sideways scrolling at 375px). */
async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.each(VIEWPORTS)('analyzer at %s width', (name, viewport) => {
  test('defaults, the four targets, slider, units, scan views, Trade and a shared address', async () => {
    const email = `analyst-${name}@example.com`;
    const client = await signedIn(e2e.server, email);
    // A trading account for the order editor, and two scans of the user's own for the Saved view.
    await createAccount(client, 'Main');
    await saveScan(client, { title: 'My calls', strategy: 'long_call' });
    await saveScan(client, { title: 'My put spreads', strategy: 'bull_put_spread' });
    const facts = await json<UnderlyingFacts>(await client.request(`/api/v1/underlyings/${SYMBOL}/facts`));
    const expirations = await json<ExpirationRow[]>(
      await client.request(`/api/v1/underlyings/${SYMBOL}/expirations`),
    );
    const last = Number(facts.values.stock_last);
    const date = expirations.find((e) => e.daysToExpiry > 20)?.date ?? '';

    const { context, page } = await e2e.signedInPage(viewport, email);
    await page.goto('/analyzer');
    await page.getByText('Enter ticker and expected behavior and press run to start.').waitFor();

    // A ticker fills in its defaults: the last price, the realised volatility, the risk-free rate.
    await page.getByLabel('Ticker').fill('spdr');
    await page.locator('.ticker-matches button', { hasText: SYMBOL }).first().click();
    await page.waitForURL(`**/analyzer/${SYMBOL}`);
    // The market moves on between the facts read here and the screen's: within a percent.
    await expect
      .poll(async () => Math.abs(Number(await inputValue(page, 'Price')) / last - 1))
      .toBeLessThan(0.01);
    await button(page, 'Advanced Settings').click();
    expect(Number(await inputValue(page, 'Volatility %'))).toBeCloseTo(
      Number(facts.values.stock_rv) * 100,
      0,
    );
    expect(Number(await inputValue(page, 'Drift %'))).toBeGreaterThan(0);
    await button(page, 'Advanced Settings').click();
    // Disabled, as drawn before Ionic defines the button and as Ionic reads it after.
    await expect(page.locator('ion-button', { hasText: 'Run' }).getAttribute('disabled')).resolves.toBe('');
    await page.getByLabel('On Date').selectOption(date);
    await screenshot(page, `analyzer-${name}-form`);

    // A unit change keeps the level.
    await page.getByLabel('Price', { exact: true }).fill(String(Math.round(last * 1.03 * 100) / 100));
    const price = await inputValue(page, 'Price');
    await page.getByLabel('Unit').selectOption('pct');
    expect(Number(await inputValue(page, 'Price'))).toBeCloseTo(3, 1);
    await page.getByLabel('Unit').selectOption('atr');
    await page.getByLabel('Unit').selectOption('std');
    await page.getByLabel('Unit').selectOption('abs');
    expect(await inputValue(page, 'Price')).toBe(price);

    // Above Price: the strategies run in parallel and show cards; the slider picks other trades.
    await run(page);
    await page.locator('.result-card').first().waitFor();
    await screenshot(page, `analyzer-${name}-above`);
    await page.locator('.result-card').nth(1).scrollIntoViewIfNeeded();
    await screenshot(page, `analyzer-${name}-cards`);
    await expectNoOverflow(page);
    const atFive = await legLines(page);
    await page.getByRole('slider').fill('0');
    await expect.poll(() => legLines(page)).not.toEqual(atFive);
    await screenshot(page, `analyzer-${name}-max-return`);
    await page.getByRole('slider').fill('9');
    await expect.poll(() => legLines(page)).not.toEqual(atFive);

    // The other three targets.
    for (const target of ['belowPrice', 'insideRange', 'outsideRange'] as const) {
      await page.getByLabel('Price Target').selectOption(target);
      if (target === 'insideRange') {
        // 90% and 110% of the last price (which moves on meanwhile).
        const ratio =
          Number(await inputValue(page, 'Lower price')) / Number(await inputValue(page, 'Upper price'));
        expect(ratio).toBeCloseTo(0.9 / 1.1, 3);
        await button(page, 'Set the range to ±1 implied move').click();
      }
      await run(page);
      expect(await page.locator('.result-card').count()).toBeGreaterThan(0);
      await screenshot(page, `analyzer-${name}-${target}`);
    }
    await expectNoOverflow(page);

    // A shared address shows the same inputs and runs them after a reload.
    const shared = page.url();
    const lower = await inputValue(page, 'Lower price');
    const upper = await inputValue(page, 'Upper price');
    const other = await context.newPage();
    await other.goto(shared);
    await settled(other);
    await other.locator('.result-card').first().waitFor();
    expect(await other.getByLabel('Price Target').inputValue()).toBe('outsideRange');
    expect(await other.getByLabel('On Date').inputValue()).toBe(date);
    expect(await other.getByLabel('Lower price', { exact: true }).inputValue()).toBe(lower);
    expect(await other.getByLabel('Upper price', { exact: true }).inputValue()).toBe(upper);
    await other.close();

    // Saved scans: the user's two; Predefined: ten at a time.
    await showView(page, 'Saved Scans', 'saved');
    await expect
      .poll(() => page.locator('.result-card h3').allInnerTexts())
      .toEqual(expect.arrayContaining(['My calls', 'My put spreads']));
    await showView(page, 'Predefined Scans', 'predefined');
    await expect.poll(() => page.locator('.result-card').count()).toBe(10);
    await screenshot(page, `analyzer-${name}-predefined`);
    await page.getByText('Check More Scans (11 – 20)').click();
    await settled(page, 'predefined');
    await expect.poll(() => page.locator('.result-card').count()).toBe(20);
    expect(await page.locator('.result-card h3 a').first().getAttribute('href')).toMatch(
      /^\/screener\/scan\/\d+$/,
    );

    // A card's Trade opens the order editor with its legs.
    await showView(page, 'Scenario', 'scenario');
    // An options trade of the Outside Range set.
    const card = page
      .locator('.result-card')
      .filter({ has: page.locator('h3', { hasText: /Straddle|Strangle/ }) })
      .first();
    const legs = ((await card.locator('.leg-summary').textContent()) ?? '').split(' · ').length;
    await card.locator('.trade-link').click();
    await page.waitForURL('**/order/open/**');
    await page.getByRole('heading', { name: 'New Order' }).waitFor();
    await screenshot(page, `analyzer-${name}-order`);
    await expect.poll(() => page.locator('.legs-table tbody tr').count()).toBe(legs);

    // A stock card's Trade opens the order editor with its 100 shares.
    await page.goBack();
    await settled(page);
    const stockCard = page
      .locator('.result-card')
      .filter({ has: page.locator('h3', { hasText: 'Long Stock' }) })
      .first();
    await stockCard.locator('.trade-link').click();
    await page.waitForURL('**/order/open/**');
    await page.getByRole('heading', { name: 'New Order' }).waitFor();
    await expect.poll(() => page.locator('.legs-table tbody tr').count()).toBe(1);
    await expect.poll(() => page.locator('.legs-table').textContent()).toMatch(/STOCK/);
    await screenshot(page, `analyzer-${name}-stock-order`);
    await context.close();
  });
});

test("a blank analyzer shows without its results' code, which loads once a ticker is chosen", async () => {
  const { context, page } = await e2e.signedInPage(PHONE, 'analyst-blank@example.com');
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  const resultsCode = () => asked.filter((path) => /\/assets\/RunResults-[\w-]+\.js$/.test(path));
  await page.goto('/analyzer');
  await page.getByText('Enter ticker and expected behavior and press run to start.').waitFor();
  expect(resultsCode()).toEqual([]);
  await page.getByLabel('Ticker').fill('spdr');
  await page.locator('.ticker-matches button', { hasText: SYMBOL }).first().click();
  await expect.poll(() => resultsCode().length).toBe(1);
  await context.close();
});

test('at tablet width a shared address shows the form above two columns of cards', async () => {
  const email = 'analyst-tablet@example.com';
  const client = await signedIn(e2e.server, email);
  const expirations = await json<ExpirationRow[]>(
    await client.request(`/api/v1/underlyings/${SYMBOL}/expirations`),
  );
  const date = expirations.find((e) => e.daysToExpiry > 30)?.date ?? '';
  const facts = await json<UnderlyingFacts>(await client.request(`/api/v1/underlyings/${SYMBOL}/facts`));
  const last = Number(facts.values.stock_last);
  const { context, page } = await e2e.signedInPage({ width: 820, height: 1180 }, email);
  const from = Math.round(last * 0.95);
  const to = Math.round(last * 1.05);
  await page.goto(`/analyzer/${SYMBOL}?date=${date}&target=insideRange&from=${from}&to=${to}&vol=18&drift=4`);
  await settled(page);
  await page.locator('.underlying-panel canvas').first().waitFor();
  expect(await page.getByLabel('Lower price', { exact: true }).inputValue()).toBe(String(from));
  expect(await page.locator('.result-card').count()).toBeGreaterThan(1);
  const [first, second] = await page
    .locator('.result-card')
    .evaluateAll((cards) => cards.slice(0, 2).map((c) => c.getBoundingClientRect().top));
  expect(first).toBe(second);
  // The form's fields two by two: the date beside the ticker.
  const [ticker, onDate] = await Promise.all(
    ['Ticker', 'On Date'].map((label) => page.getByLabel(label, { exact: true }).boundingBox()),
  );
  expect(onDate?.y).toBe(ticker?.y);
  await expectNoOverflow(page);
  await screenshot(page, 'analyzer-tablet');
  await context.close();
});
