/**
 * Long stock from a ticket, in Chromium at 375px and 1280px: the analyzer's card opens the order
 * editor at /order/open/{ticket} with one stock leg (shares and price editable, no option
 * fields), the metrics of shares alone, the submit, the position in the trade log with its
 * P/L marked to the last price, and its close by hand with the P/L realized.
 */
import { describe, expect, test } from 'vitest';
import type { Position } from '#api/trades.ts';
import { formatMoney } from '#domain/columns/number-format.ts';
import { encodeTicket } from '#domain/orders/ticket.ts';
import { signedIn } from '../support/auth.ts';
import { button, screenshot, VIEWPORTS } from '../support/browser.ts';
import { e2eSession, startAppServer } from '../support/e2e-session.ts';
import { createAccount, json, lastPrice, TEST_MARKET } from '../support/trades.ts';

const e2e = e2eSession(() => startAppServer({ market: TEST_MARKET }));

/** Dollars of a cell's text: '$12,300.00' → 12300, '-$5.00' → -5. */
const dollars = (text: string | null) => Number((text ?? '').replace(/[$,]/g, ''));

describe.each(VIEWPORTS)('long stock from a ticket at %s width', (name, viewport) => {
  test('opens with its stock leg, computes, submits, and shows in the trade log with its P/L', async () => {
    const email = `stock-${name}@example.com`;
    const client = await signedIn(e2e.server, email);
    const account = await createAccount(client, 'Main');
    const ko = await lastPrice(client, 'KO');
    const entry = Math.round(ko * 100) / 100;
    const ticket = encodeTicket({
      strategy: 'long_stock',
      legs: [{ contractId: 'KO', quantity: 100, limitPrice: entry }],
      size: 1,
    });
    const { context, page } = await e2e.signedInPage(viewport, email);

    await page.goto(`/order/open/${ticket}`);
    await page.getByRole('heading', { name: 'New Order' }).waitFor();
    await expect(page.getByLabel('Strategy').inputValue()).resolves.toBe('long_stock');
    const row = page.locator('.legs-table tbody tr');
    await expect(row.allInnerTexts()).resolves.toEqual([expect.stringMatching(/^STOCK\s+BUY\s+—\s+—/)]);
    await expect(page.getByLabel('Leg 1 quantity').inputValue()).resolves.toBe('100');
    // One stock leg: no option fields, the shares and the price editable.
    await expect(page.getByLabel('Leg 1 expiration').count()).resolves.toBe(0);
    await expect(page.getByLabel('Leg 1 strike').count()).resolves.toBe(0);
    await expect(page.getByLabel('Leg 1 type').count()).resolves.toBe(0);
    await page.getByLabel('Leg 1 quantity').fill('200');
    await page.getByLabel('Leg 1 limit price').fill(entry.toFixed(2));

    const strip = page.locator('.metrics-strip');
    const cell = (label: string) =>
      strip.getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
    // 200 shares at the entry: the debit and the max loss are the shares' cost.
    const cost = formatMoney(entry * 200, 2);
    await expect.poll(() => cell('Max. Loss').textContent()).toBe(cost);
    await expect(cell('Debit').textContent()).resolves.toBe(cost);
    await expect(cell('Max. Profit').textContent()).resolves.toBe('Unlimited');
    await expect(cell('Breakeven').textContent()).resolves.toBe(formatMoney(entry, 2));
    await expect(cell('Delta').textContent()).resolves.toBe('200.0');
    // A month of the model: near even odds, never a certainty.
    const prob = Number((await cell('Prob. Profit (30 days)').textContent())?.replace('%', ''));
    expect(prob).toBeGreaterThan(35);
    expect(prob).toBeLessThan(65);
    await page.getByText('PL Profile').waitFor();
    await page.getByLabel('Comment').fill('200 KO');
    await screenshot(page, `stock-order-${name}-ticket`);

    await button(page, 'Send To').click();
    const item = page.locator('.send-to-menu ion-item', { hasText: 'Trade Log' });
    await item.waitFor();
    await item.click();
    await page.waitForURL('**/trades?**');

    const trade = page.locator('tr.trade-row', { hasText: 'Long Stock' });
    await trade.waitFor();
    await expect(trade.locator('[data-column="accountEffect"]').textContent()).resolves.toBe(`-${cost}`);
    const [position] = await json<Position[]>(
      await client.request(`/api/v1/trades/open?accountId=${account.account_id}`),
    );
    expect(position).toMatchObject({ strategy: 'long_stock', size: 1, comments: { open: '200 KO' } });
    // P/L: 200 shares from the entry to the last price, within a few cents a share of the API's.
    const pl = dollars(await trade.locator('[data-column="pl"]').textContent());
    expect(Math.abs(pl - position!.plCents! / 100)).toBeLessThan(200 * 0.25);
    expect(Math.abs(pl)).toBeLessThan(entry * 200 * 0.05);
    await trade.click();
    await expect(page.locator('.detail-legs tbody tr').allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/^STOCK\s+BUY\s+200\s+—\s+—/),
    ]);
    await screenshot(page, `stock-order-${name}-trade-log`);

    // Closed by hand (shares never expire): the shares sold at the mark, the P/L realized.
    await button(page, 'Close').click();
    await page.waitForURL('**/order/close/*');
    await page.getByText('Realized PL').waitFor();
    await expect(page.locator('.legs-table tbody tr').allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/^STOCK\s+SELL\s+200\s+—\s+—/),
    ]);
    const exit = Number(await page.getByLabel('Leg 1 limit price').inputValue());
    expect(Math.abs(exit - entry)).toBeLessThan(entry * 0.05);
    await button(page, 'Send To').click();
    await page.locator('.send-to-menu ion-item', { hasText: 'Trade Log' }).click();
    await page.waitForURL('**/trades?**');
    await page.locator('ion-segment-button', { hasText: 'Closed' }).click();
    const closed = page.locator('tr.trade-row', { hasText: 'Long Stock' });
    await closed.waitFor();
    const realized = formatMoney(Math.round((exit - entry) * 200 * 100) / 100, 2);
    await expect(closed.locator('[data-column="pl"]').textContent()).resolves.toBe(realized);
    await context.close();
  });
});
