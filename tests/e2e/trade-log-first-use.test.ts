/**
 * What a new trader meets in the trade log, in Chromium at 375px and 1280px: a first trade with
 * no trading account yet, legs that stop fitting the strategy, a 256-character account name, and
 * the Closed list after a closed trade's prices are adjusted (and the page reloaded).
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { OrderAnswer } from '#api/trades.ts';
import { type SignedInClient, signedIn } from '../support/auth.ts';
import { button, expectOnScreen, screenshot, VIEWPORTS } from '../support/browser.ts';
import { e2eSession, startAppServer } from '../support/e2e-session.ts';
import {
  bullCallSpread,
  createAccount,
  json,
  legsOn,
  submit,
  TEST_MARKET,
  ticketOf,
} from '../support/trades.ts';

const e2e = e2eSession(() => startAppServer({ market: TEST_MARKET }));

const sendToItem = (page: Page, target: string) =>
  page.locator('.send-to-menu ion-item', { hasText: target });

const bullCallTicket = async (client: SignedInClient): Promise<string> =>
  ticketOf('bull_call_spread', await legsOn(client, 'SPY', bullCallSpread));

describe.each(VIEWPORTS)('trade log first use at %s width', (name, viewport) => {
  test("a new user's first trade: no account yet, created right in the editor, then logged", async () => {
    const email = `first-${name}@example.com`;
    const client = await signedIn(e2e.server, email);
    const { context, page } = await e2e.signedInPage(viewport, email);

    // The Trades screen makes the same offer.
    await page.goto('/trades');
    await page.getByText('No trading accounts').waitFor();
    await button(page, 'Create Account').waitFor();

    await page.goto(`/order/open/${await bullCallTicket(client)}`);
    await page.getByRole('heading', { name: 'New Order' }).waitFor();
    await page.locator('.metrics-strip').waitFor();
    await page.getByText('No trading accounts').waitFor();
    await page
      .getByText('Trades are logged in a trading account. Create one to start your trade log.')
      .waitFor();
    // Trade Log is greyed out, and says why.
    await button(page, 'Send To').click();
    await expect(sendToItem(page, 'Trade Log').getAttribute('class')).resolves.toContain('item-disabled');
    await page
      .locator('.menu-note', { hasText: 'Create a trading account above to log this trade.' })
      .waitFor();
    await screenshot(page, `first-use-${name}-no-account`);
    await page.locator('.menu-backdrop').click();

    await expect(page.getByLabel('New trading account name').inputValue()).resolves.toBe('Main');
    await button(page, 'Create Account').click();
    await page.locator('.account-select select option', { hasText: 'Main' }).waitFor({ state: 'attached' });
    await button(page, 'Send To').click();
    await expect(sendToItem(page, 'Trade Log').getAttribute('class')).resolves.not.toContain('item-disabled');
    await sendToItem(page, 'Trade Log').click();
    await page.waitForURL('**/trades?**');
    await page.locator('tr.trade-row', { hasText: 'Bull Call Spread' }).click();
    // Opened seconds ago: ROI, but no annualized ROI before 7 days held (the ROI alone).
    const roi = page
      .locator('.trade-detail div', { has: page.getByText('ROI', { exact: true }) })
      .locator('dd');
    await expect.poll(() => roi.textContent()).toMatch(/^-?[\d,]+\.\d\d%$/);
    await screenshot(page, `first-use-${name}-logged`);
    await context.close();
  });

  test('legs that do not fit: one steady message, no calculation per quote, Trade Log disabled', async () => {
    const email = `misfit-${name}@example.com`;
    const client = await signedIn(e2e.server, email);
    await createAccount(client, 'Checks');
    const { context, page } = await e2e.signedInPage(viewport, email);
    const calculations: number[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/api/v1/trades/trade'))
        calculations.push(Date.now());
    });

    await page.goto(`/order/open/${await bullCallTicket(client)}`);
    await page.locator('.metrics-strip').waitFor();
    // The long call moved above the short one: no longer a bull call spread. The strikes are a
    // choice once the chain is in, which may be after the figures.
    await page.getByLabel('Leg 1 strike').locator('option').last().waitFor({ state: 'attached' });
    const strikes = await page.getByLabel('Leg 1 strike').locator('option').allTextContents();
    await page.getByLabel('Leg 1 strike').selectOption(strikes.at(-1)!);
    const message = page.locator('.order-editor [data-code="LEGS_MISMATCH"]', {
      hasText:
        "The selected parameters don't fit the strategy definition. Buy the lower strike call and sell the higher strike call.",
    });
    await message.waitFor();
    const changedAt = Date.now();
    // Twenty seconds of live quotes: the message never leaves, and the legs are not recalculated.
    let hidden = 0;
    while (Date.now() - changedAt < 20_000) {
      if ((await message.count()) !== 1) hidden += 1;
      await page.waitForTimeout(200);
    }
    expect(hidden).toBe(0);
    const after = calculations.filter((t) => t >= changedAt).length;
    expect(after).toBeLessThanOrEqual(1);
    await page.locator('.profile-chart.dimmed').waitFor();

    await button(page, 'Send To').click();
    await expect(sendToItem(page, 'Trade Log').getAttribute('class')).resolves.toContain('item-disabled');
    await page
      .locator('.menu-note', { hasText: "The selected parameters don't fit the strategy definition." })
      .waitFor();
    await expect(page.locator('.menu-note').count()).resolves.toBe(1);
    await screenshot(page, `first-use-${name}-misfit`);
    // Fitting legs again: logged as usual.
    await page.locator('.menu-backdrop').click();
    const first = await page.getByLabel('Leg 2 strike').inputValue();
    await page.getByLabel('Leg 1 strike').selectOption(strikes[Math.max(0, strikes.indexOf(first) - 2)]!);
    await page.locator('.metrics-strip').waitFor();
    await expect(message.count()).resolves.toBe(0);
    await context.close();
  });

  test('a 256-character account name leaves Add, Edit, Delete and the trade toolbar reachable', async () => {
    const email = `long-name-${name}@example.com`;
    const client = await signedIn(e2e.server, email);
    // No spaces to break at: the hardest case.
    const longName = 'LongTermCoveredCallsAndCashSecuredPuts_'.repeat(7).slice(0, 256);
    expect(longName).toHaveLength(256);
    await createAccount(client, longName);
    const { context, page } = await e2e.signedInPage(viewport, email);

    await page.goto('/settings/tradeAccounts');
    const item = page.locator('[data-account]').first();
    await item.getByText('Virtual trading account').waitFor();
    await expectOnScreen(page, 'Add', button(page, 'Add'));
    await expectOnScreen(page, 'Edit', button(item, 'Edit'));
    await expectOnScreen(page, 'Delete', button(item, 'Delete'));
    await screenshot(page, `first-use-${name}-long-name-settings`);
    await button(item, 'Edit').click();
    await expectOnScreen(page, 'OK', button(page, 'OK'));
    await button(page, 'Cancel').click();
    await button(item, 'Delete').click();
    await expectOnScreen(page, 'delete OK', button(item, 'OK'));
    await button(item, 'Cancel').click();

    await page.goto('/trades');
    await page.locator('.account-select select').waitFor();
    await expectOnScreen(page, 'account', page.locator('.account-select select'));
    await expectOnScreen(page, 'NEW TRADE', button(page, 'NEW TRADE'));
    await screenshot(page, `first-use-${name}-long-name-trades`);
    await context.close();
  });

  test('adjusting a closed trade: the Closed list shows the new realized P/L, after a reload too', async () => {
    const email = `adjust-closed-${name}@example.com`;
    const client = await signedIn(e2e.server, email);
    const account = await createAccount(client, 'Main');
    const legs = await legsOn(client, 'SPY', bullCallSpread);
    // Bought at 3.00 / 1.00 (−$200.00), closed at 4.02 / 1.20 (+$282.00): realized +$82.00.
    const opening = legs.map((leg, i) => ({ ...leg, limitPrice: i === 0 ? 3 : 1 }));
    const opened = await json<OrderAnswer>(
      await submit(client, account.account_id, 'bull_call_spread', { legs: opening, size: 1 }),
    );
    const closing = legs.map((leg, i) => ({
      ...leg,
      quantity: -leg.quantity,
      limitPrice: i === 0 ? 4.02 : 1.2,
    }));
    const closed = await client.request(
      `/api/v1/trades/${opened.orderId}?accountId=${account.account_id}&strategy=bull_call_spread`,
      { method: 'PUT', body: JSON.stringify({ legs: closing, size: 1, comment: '' }) },
    );
    expect(closed.status).toBe(200);

    const { context, page } = await e2e.signedInPage(viewport, email);
    await page.goto(`/trades?accountId=${account.account_id}&view=closed`);
    const row = page.locator('tr.trade-row', { hasText: 'Bull Call Spread' });
    await expect.poll(() => row.locator('[data-column="pl"]').textContent()).toBe('$82.00');
    // The cache is persisted after a moment; a reload then restores the list as it was.
    await page.waitForTimeout(1500);
    await row.click();
    await button(page, 'Adjust').click();
    await page.waitForURL('**/order/edit/*');
    await page.getByLabel('Leg 1 limit price').fill('3.82');
    await expect.poll(() => page.locator('[data-field="effect"]').textContent()).toBe('$62.00');
    await button(page, 'Submit').click();
    await page.waitForURL('**/trades?**');
    await page.locator('ion-segment-button', { hasText: 'Closed' }).click();
    await expect.poll(() => row.locator('[data-column="pl"]').textContent()).toBe('$62.00');
    await page.waitForTimeout(1500);
    await page.reload();
    await row.waitFor();
    // What the list shows after the reload, before and after it asks the server again.
    await expect.poll(() => row.locator('[data-column="pl"]').textContent()).toBe('$62.00');
    await page.waitForTimeout(2000);
    await expect(row.locator('[data-column="pl"]').textContent()).resolves.toBe('$62.00');
    await screenshot(page, `first-use-${name}-adjusted-closed`);
    const list = await json<{ plCents: number }[]>(
      await client.request(`/api/v1/trades/closed?accountId=${account.account_id}`),
    );
    expect(list.map((p) => p.plCents)).toEqual([6200]);
    await context.close();
  });
});
