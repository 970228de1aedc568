/**
 * The order editor on a phone (375px): each leg of a four-leg trade from a ticket is a card of
 * labelled fields, so every leg's Strike and Limit Price (and, where the legs can be changed,
 * every other field) is on screen without scrolling sideways: an iron condor, whose strikes
 * and prices change, and the same legs as a custom strategy, whose every field and remove button
 * do. Screenshots in test-artifacts/.
 */
import { describe, expect, test } from 'vitest';
import { signedIn } from '../support/auth.ts';
import { expectOnScreen, PHONE, screenshot } from '../support/browser.ts';
import { e2eSession, startAppServer } from '../support/e2e-session.ts';
import { createAccount, ironCondor, legsOn, TEST_MARKET, ticketOf } from '../support/trades.ts';

const e2e = e2eSession(() => startAppServer({ market: TEST_MARKET }));

const FIELDS = ['type', 'side', 'quantity', 'expiration', 'strike', 'limit price'] as const;

describe.each([
  ['iron_condor', ['expiration', 'strike', 'limit price']],
  ['custom', FIELDS],
] as const)('a %s order at 375px', (strategy, editable: readonly string[]) => {
  test("every leg's fields lie inside the screen, and the page never scrolls sideways", async () => {
    const email = `phone-${strategy}@example.com`;
    const client = await signedIn(e2e.server, email);
    await createAccount(client, 'Main');
    const ticket = ticketOf(strategy, await legsOn(client, 'SPY', ironCondor));
    const { context, page } = await e2e.signedInPage(PHONE, email);
    try {
      await page.goto(`/order/open/${ticket}`);
      await page.getByRole('heading', { name: 'New Order' }).waitFor();
      await page.locator('.metrics-strip').waitFor();
      await expect.poll(() => page.locator('.legs-table tbody tr').count()).toBe(4);
      for (let leg = 1; leg <= 4; leg++) {
        // Fixed by the strategy, the others are text: only the fields the order may change are inputs.
        for (const field of FIELDS) {
          const control = page.getByLabel(`Leg ${leg} ${field}`, { exact: true });
          await expect(control.count()).resolves.toBe(editable.includes(field) ? 1 : 0);
          if (editable.includes(field)) await expectOnScreen(page, `leg ${leg} ${field}`, control);
        }
        const remove = page.getByRole('button', { name: `Remove leg ${leg}` });
        if (strategy === 'custom') await expectOnScreen(page, `remove leg ${leg}`, remove);
      }
      // A field still works where it now stands.
      const price = page.getByLabel('Leg 4 limit price', { exact: true });
      await price.fill('0.05');
      await expect(price.inputValue()).resolves.toBe('0.05');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await screenshot(page, `order-phone-${strategy}`);
    } finally {
      await context.close();
    }
  });
});
