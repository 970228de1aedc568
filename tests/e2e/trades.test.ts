/**
 * The trade log in Chromium at 375px and 1280px: trading accounts in Settings, a covered call
 * from a ticket, a custom three-leg trade from scratch, the Open list with P/L, adjusting a
 * comment, closing, realized P/L in Closed, archive and un-archive, an iron condor sent to both
 * brokers, and the editor's validation and error messages where they belong.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { OptionChainRow } from '#api/market.ts';
import { encodeTicket } from '#domain/orders/ticket.ts';
import { type SignedInClient, setPlan, signedIn, signInBrowser } from '../support/auth.ts';
import { button, DESKTOP, PHONE, screenshot, VIEWPORTS } from '../support/browser.ts';
import { e2eSession, startAppServer } from '../support/e2e-session.ts';
import {
  expirationAfter,
  lastPrice,
  midPrice,
  openLongCall,
  optionChain,
  optionRow,
  strikeNear,
  TEST_MARKET,
} from '../support/trades.ts';

const e2e = e2eSession(() => startAppServer({ market: TEST_MARKET }));

async function sendTo(page: Page, target: 'Trade Log' | 'Thinkorswim' | 'Tradier') {
  await button(page, 'Send To').click();
  const item = page.locator('.send-to-menu ion-item', { hasText: target });
  await item.waitFor();
  await item.click();
}

/** The covered call ticket: 100 KO shares at the last price, the call two strikes up sold. */
async function coveredCallTicket(client: SignedInClient): Promise<string> {
  const chain: OptionChainRow[] = await optionChain(client, 'KO');
  const ko = await lastPrice(client, 'KO');
  const exp = expirationAfter(chain, 20);
  const call = optionRow(chain, exp, 'CALL', strikeNear(chain, exp, ko, 2));
  return encodeTicket({
    strategy: 'covered_call',
    legs: [
      { contractId: 'KO', quantity: 100, limitPrice: Math.round(ko * 100) / 100 },
      { contractId: call.id, quantity: -1, limitPrice: midPrice(call) },
    ],
    size: 1,
  });
}

async function chooseTicker(page: Page, symbol: string) {
  await page.getByLabel('Ticker').fill(symbol);
  await page.locator('.ticker-matches button', { hasText: symbol }).first().click();
}

async function openTrades(page: Page, view: 'Open' | 'Closed' | 'Archived') {
  await page.locator('ion-segment-button', { hasText: view }).click();
}

describe.each(VIEWPORTS)('trade log at %s width', (name, viewport) => {
  test('accounts, a ticket and a custom trade, adjust, close, archive, broker exports', async () => {
    const email = `trader-${name}@example.com`;
    const client = await signedIn(e2e.server, email);
    const { context, page } = await e2e.signedInPage(viewport, email);

    // Settings → Trading Accounts: add one; blank and duplicate names are refused.
    await page.goto('/settings/tradeAccounts');
    await page.getByRole('heading', { name: 'Trading Accounts', exact: true }).waitFor();
    await button(page, 'Add').click();
    await page.getByLabel('Name').fill('   ');
    await button(page, 'OK').click();
    await page.getByText("Name can't be empty").waitFor();
    await page.getByLabel('Name').fill('Main');
    await button(page, 'OK').click();
    await page.locator('[data-account="Main"]').getByText('Virtual trading account').waitFor();
    await button(page, 'Add').click();
    await page.getByLabel('Name').fill('main');
    await button(page, 'OK').click();
    await page
      .getByText("Trading Accounts' names have to be unique. Please choose a different name.")
      .waitFor();
    await screenshot(page, `trades-${name}-accounts`);
    await button(page, 'Cancel').click();
    await expect(page.locator('[data-account]').count()).resolves.toBe(1);

    // A covered call from a ticket.
    await page.goto(`/order/open/${await coveredCallTicket(client)}`);
    await page.getByRole('heading', { name: 'New Order' }).waitFor();
    await expect(page.getByLabel('Strategy').inputValue()).resolves.toBe('covered_call');
    await expect(page.locator('.legs-table tbody tr').allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/^STOCK\s+BUY\s+100/),
      expect.stringMatching(/^CALL\s+SELL\s+1/),
    ]);
    await page.locator('.metrics-strip').getByText('Max. Profit').waitFor();
    await page.getByText('PL Profile').waitFor();
    await page.locator('.uplot-box canvas').first().waitFor();
    await screenshot(page, `trades-${name}-ticket`);
    await sendTo(page, 'Trade Log');
    await page.waitForURL('**/trades?**');

    // A custom three-leg trade from scratch.
    await button(page, 'NEW TRADE').click();
    await page.waitForURL('**/order/edit');
    await page.getByText('Please choose Ticker and Strategy to begin (e.g. KO and Covered call)').waitFor();
    await chooseTicker(page, 'SPY');
    await page.getByLabel('Strategy').selectOption('custom');
    await page.getByText('Use the buttons below to add legs to your strategy.', { exact: false }).waitFor();
    for (let i = 0; i < 3; i++) await button(page, 'Option Leg').click();
    await expect(page.locator('.legs-table tbody tr').count()).resolves.toBe(3);
    await page.getByLabel('Leg 2 side').selectOption('-1');
    const strikes = await page.getByLabel('Leg 2 strike').locator('option').allTextContents();
    const atm = await page.getByLabel('Leg 2 strike').inputValue();
    await page.getByLabel('Leg 2 strike').selectOption(strikes[strikes.indexOf(atm) + 2]!);
    await page.getByLabel('Leg 3 type').selectOption('PUT');
    await page.getByLabel('Leg 3 side').selectOption('-1');
    await page.getByLabel('Comment').fill('custom three');
    await page.locator('.metrics-strip').waitFor();
    await button(page, 'Send To').click();
    await page.getByText('This feature is not available for a custom strategy.').waitFor();
    await expect(
      page.locator('.send-to-menu ion-item', { hasText: 'Tradier' }).getAttribute('class'),
    ).resolves.toContain('item-disabled');
    await screenshot(page, `trades-${name}-custom-send-to`);
    await page.locator('.send-to-menu ion-item', { hasText: 'Trade Log' }).click();
    await page.waitForURL('**/trades?**');

    // Open: both trades, with P/L.
    await expect.poll(() => page.locator('tr.trade-row').count()).toBe(2);
    const custom = page.locator('tr.trade-row', { hasText: 'Custom' });
    await expect(custom.locator('[data-column="pl"]').textContent()).resolves.toMatch(/^-?\$[\d,]+\.\d\d$/);
    await screenshot(page, `trades-${name}-open`);

    // Adjust its comment.
    await custom.click();
    await button(page, 'Adjust').click();
    await page.waitForURL('**/order/edit/*');
    await expect(page.getByLabel('Comment').inputValue()).resolves.toBe('custom three');
    await expect(page.getByLabel('Size').getAttribute('readonly')).resolves.not.toBeNull();
    await page.getByLabel('Comment').fill('custom three, adjusted');
    await sendTo(page, 'Trade Log');
    await page.waitForURL('**/trades?**');
    await page.locator('tr.trade-row', { hasText: 'Custom' }).click();
    await page.getByText('custom three, adjusted').first().waitFor();

    // Close it: the legs reversed, Realized PL.
    await button(page, 'Close').click();
    await page.waitForURL('**/order/close/*');
    await page.getByText('Realized PL').waitFor();
    await expect(page.getByLabel('Comment').inputValue()).resolves.toBe('');
    await screenshot(page, `trades-${name}-close`);
    await sendTo(page, 'Trade Log');
    await page.waitForURL('**/trades?**');
    await expect.poll(() => page.locator('tr.trade-row').count()).toBe(1);
    await openTrades(page, 'Closed');
    const closed = page.locator('tr.trade-row', { hasText: 'Custom' });
    await closed.waitFor();
    await expect(closed.locator('[data-column="pl"]').textContent()).resolves.toMatch(/^-?\$[\d,]+\.\d\d$/);
    await closed.click();
    await page.getByText('Realized PL').waitFor();
    await screenshot(page, `trades-${name}-closed`);

    // Archive and un-archive.
    await button(page, 'Archive').click();
    await page.getByText("You don't have any closed trades in this trading account yet.").waitFor();
    await openTrades(page, 'Archived');
    await page.locator('tr.trade-row', { hasText: 'Custom' }).click();
    await button(page, 'Un-Archive').click();
    await page.getByText("You don't have any archived trades in this trading account yet.").waitFor();
    await openTrades(page, 'Closed');
    await page.locator('tr.trade-row', { hasText: 'Custom' }).waitFor();

    // An iron condor to both brokers.
    await page.goto('/order/edit');
    await chooseTicker(page, 'SPY');
    await page.getByLabel('Strategy').selectOption('iron_condor');
    await page.locator('.metrics-strip').waitFor();
    await sendTo(page, 'Thinkorswim');
    const dialog = page.getByRole('dialog');
    await dialog.locator('.export-text').waitFor();
    await expect(dialog.locator('.export-text').inputValue()).resolves.toMatch(
      /^SELL -1 IRON CONDOR SPY 100 (\((Weeklys|Quarterlys)\) )?\d{1,2} [A-Z]{3} \d\d [\d.]+\/[\d.]+\/[\d.]+\/[\d.]+ CALL\/PUT @[\d.]+ LMT$/,
    );
    await screenshot(page, `trades-${name}-thinkorswim`);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await sendTo(page, 'Tradier');
    const link = page.getByRole('dialog').locator('a.export-link');
    await link.waitFor();
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^https:\/\/dash\.tradier\.com\/trade\?class=multileg&symbol=SPY/);
    await expect(link.textContent()).resolves.toBe(`${href.slice(0, 50)}…`);
    await screenshot(page, `trades-${name}-tradier`);
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await context.close();
  });
});

describe('order editor messages (spec 3 §5, §8) where they belong', () => {
  test('field rules, custom limits, not traded, legs mismatch, plan limit, server failures', async () => {
    const email = 'messages@example.com';
    const client = await signedIn(e2e.server, email);
    await client.request('/api/v1/tradeaccount', {
      method: 'PATCH',
      body: JSON.stringify({ name: 'Checks' }),
    });
    // No service worker: the test answers some calls itself (page.route), which a worker would bypass.
    const context = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      viewport: DESKTOP,
      serviceWorkers: 'block',
    });
    context.setDefaultTimeout(60_000);
    const page = await context.newPage();
    await signInBrowser(context, e2e.server, email);

    // Limit price and size rules, under their fields.
    await page.goto(`/order/open/${await coveredCallTicket(client)}`);
    const price = page.getByLabel('Leg 2 limit price');
    for (const [value, message] of [
      ['', 'Limit price is required.'],
      ['0', 'Limit price must be at least 0.01.'],
      ['1.005', 'Limit price can have at most 2 decimals.'],
    ] as const) {
      await price.fill(value);
      await page.locator('tr[data-leg="1"] .field-error', { hasText: message }).waitFor();
    }
    await price.fill('1.00');
    await page.getByLabel('Size').fill('0');
    await page.getByText('Size must be a whole number, at least 1.').waitFor();
    await page.getByLabel('Size').fill('1');

    // Legs that break the strategy: LEGS_MISMATCH with the strategy's description; the profile dims.
    await page.goto('/order/edit');
    await chooseTicker(page, 'SPY');
    await page.getByLabel('Strategy').selectOption('bull_call_spread');
    await page.locator('.profile-chart:not(.dimmed)').waitFor();
    const longStrikes = await page.getByLabel('Leg 1 strike').locator('option').allTextContents();
    await page.getByLabel('Leg 1 strike').selectOption(longStrikes.at(-1)!);
    await page
      .locator('[data-code="LEGS_MISMATCH"]', {
        hasText:
          "The selected parameters don't fit the strategy definition. Buy the lower strike call and sell the higher strike call.",
      })
      .waitFor();
    await page.locator('.profile-chart.dimmed').waitFor();
    await screenshot(page, 'trades-desktop-messages-mismatch');

    // Quantities: a ratio spread's option legs, a custom stock leg.
    await page.goto('/order/edit');
    await chooseTicker(page, 'SPY');
    await page.getByLabel('Strategy').selectOption('call_ratio_spread');
    await page.getByLabel('Leg 2 quantity').fill('10');
    await page.getByText('Option quantity must be a whole number from 1 to 9.').waitFor();
    await page.getByLabel('Strategy').selectOption('custom');
    await button(page, 'Stock Leg').click();
    await page.getByText('Only one stock leg is allowed.').waitFor();
    await page.getByText('A custom strategy needs at least one option leg.').waitFor();
    await page.getByLabel('Leg 1 quantity').fill('150');
    await page.getByText('Stock quantity must be 100 to 900 shares, in steps of 100.').waitFor();
    await page.getByLabel('Leg 1 quantity').fill('100');
    for (let i = 0; i < 4; i++) await button(page, 'Option Leg').click();
    await page.getByText('Up to 4 option legs are allowed.').waitFor();
    const expirations = await page.getByLabel('Leg 2 expiration').locator('option').allTextContents();
    await page.getByLabel('Leg 2 expiration').selectOption(expirations.at(-1)!);
    await page.getByText('All legs must share the same expiration date.').waitFor();
    await screenshot(page, 'trades-desktop-messages-custom');

    // A contract the chain does not list.
    const ticket = encodeTicket({
      strategy: 'long_call',
      legs: [
        {
          contractId: `SPY${expirationAfter(await optionChain(client, 'SPY'), 20)
            .slice(2)
            .replaceAll('-', '')}C12345`,
          quantity: 1,
          limitPrice: 1,
        },
      ],
      size: 1,
    });
    await page.goto(`/order/open/${ticket}`);
    await page.getByText('NOT TRADED').waitFor();
    await page.getByText('All contracts must be traded.').waitFor();

    // Server failures the editor shows: a time-out and anything else.
    await page.route('**/api/v1/trades/trade', (route) =>
      route.fulfill({
        status: 504,
        contentType: 'application/json',
        body: '{"code":"TIMEOUT","message":"x"}',
      }),
    );
    await page.goto(`/order/open/${await coveredCallTicket(client)}`);
    await page
      .getByText(
        'Unable to handle the request in a reasonable amount of time. Please try to change the parameters and try again.',
      )
      .waitFor();
    await page.unroute('**/api/v1/trades/trade');
    await page.route('**/api/v1/trades/trade', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: '{"code":"BAD_LEG_PRICE","message":"x"}',
      }),
    );
    await page.goto(`/order/open/${await coveredCallTicket(client)}`);
    await page.getByText('All legs must have a price.').waitFor();
    await page.unroute('**/api/v1/trades/trade');
    await page.route('**/api/v1/trades/trade', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"code":"INTERNAL","message":"x"}',
      }),
    );
    await page.goto(`/order/open/${await coveredCallTicket(client)}`);
    await page.locator('.order-editor').getByText('An error has occurred. Please try again.').waitFor();
    await page.unroute('**/api/v1/trades/trade');

    // The plan's custom-leg cap: the warning with a link to /pricing, and the server's refusal
    // when the plan changed after the editor loaded.
    const spyChain = await optionChain(client, 'SPY');
    const spy = await lastPrice(client, 'SPY');
    const exp = expirationAfter(spyChain, 20);
    const legs = [0, 2, -2].map((offset, i) => {
      const row = optionRow(spyChain, exp, i === 2 ? 'PUT' : 'CALL', strikeNear(spyChain, exp, spy, offset));
      return { contractId: row.id, quantity: i === 0 ? 1 : -1, limitPrice: midPrice(row) };
    });
    await page.goto(`/order/open/${encodeTicket({ strategy: 'custom', legs, size: 1 })}`);
    await page.locator('.metrics-strip').waitFor();
    await setPlan(e2e.server, email, 1);
    await sendTo(page, 'Trade Log');
    const planLimit = page
      .locator('.order-editor')
      .getByText('Unable to proceed with the trade due to current subscription plan limitations.');
    await planLimit.waitFor();
    // A recalculation refused for the same reason: the message stays single.
    await page.getByLabel('Size').fill('2');
    await page.locator('.order-editor [data-code="PLAN_LIMIT_REACHED"]').waitFor();
    await expect(planLimit.count()).resolves.toBe(1);
    await page.reload();
    await page
      .getByText('You have reached the maximum legs (2) allowed on your current subscription plan.')
      .first()
      .waitFor();
    await expect(page.locator('.leg-buttons a[href="/pricing"]').count()).resolves.toBe(1);
    await screenshot(page, 'trades-desktop-messages-plan');
    await context.close();
  });
});

describe('offline', () => {
  test('the trade log reads offline; a write made offline survives a reload and is sent once online', async () => {
    const email = 'offline-trader@example.com';
    const client = await signedIn(e2e.server, email);
    const { accountId, orderId } = await openLongCall(client, 'Offline');

    const { context, page } = await e2e.signedInPage(PHONE, email);
    await page.goto('/trades');
    await page.locator('tr.trade-row').waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.locator('tr.trade-row').waitFor();

    await context.setOffline(true);
    // The page has seen the network go before the write starts.
    await page.waitForFunction(() => !navigator.onLine);
    await page.locator('tr.trade-row').click();
    await button(page, 'Archive').click();
    // Recorded, not failed: no error, and the write waits in the pending-writes queue, unsent.
    await page.waitForTimeout(1500);
    const stored = await client.request(`/api/v1/trades/archived?accountId=${accountId}`);
    await expect(stored.json()).resolves.toEqual([]);
    // Checked before the reload: a reloaded page may read navigator.onLine as true for a moment
    // under the emulated offline, which does not cover the service worker's own requests either,
    // so the restored write can go out there where a real lost network would hold it.
    await page.reload();
    await page.locator('tr.trade-row').waitFor();
    await screenshot(page, 'trades-phone-offline');

    await context.setOffline(false);
    await expect
      .poll(async () => {
        const res = await client.request(`/api/v1/trades/archived?accountId=${accountId}`);
        return ((await res.json()) as { openingOrderId: number }[]).map((p) => p.openingOrderId);
      })
      .toEqual([orderId]);
    await page
      .getByText("You don't currently have any open trades in this trading account.", { exact: false })
      .waitFor();
    await context.close();
  });
});
