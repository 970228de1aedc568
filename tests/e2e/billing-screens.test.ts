/**
 * The plan-change confirmation, the store frame and the account page in Chromium at 375px, 820px
 * and 1280px, on the real server: users buy through the embedded test store, the preview and the
 * change are the server's, the store's own page pays in the frame and its webhook makes the user
 * premium. Advanced Yearly is promoted with the coupon SPRING. Screenshots go to test-artifacts/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { billingDate, dollars } from '#app/features/billing/billing-text.ts';
import { DAY_MS } from '#domain/plans/calendar.ts';
import { projectRoot } from '#server/config.ts';
import { moveClock, signedIn, signInBrowser } from '../support/auth.ts';
import { billingRecord, buy, promoteSpring, startBillingServer } from '../support/billing.ts';
import { button, screenshot, VIEWPORTS } from '../support/browser.ts';
import { e2eSession } from '../support/e2e-session.ts';

/** The page never scrolls sideways: the screen's content fits its width. */
const fitsWidth = (page: Page) =>
  page.locator('main.screen').evaluate((el) => el.scrollWidth <= el.clientWidth + 1);

/** Tall enough to see the whole screen in one screenshot (the app scrolls inside ion-content). */
async function fullScreenshot(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: 1500 });
  await screenshot(page, name);
}

const subscriptionOf = async (client: Awaited<ReturnType<typeof signedIn>>) =>
  (await (await client.request('/api/v1/account/subscription')).json()) as { status: number; planId: number };

/** '$685.13' or '−$22.87' as cents. */
const cents = (text: string | undefined) => Math.round(Number(text?.replace(/[^\d.]/g, '')) * 100);

/** Days into the Beginner Monthly period when the user upgrades. */
const DAYS_USED = 16;

const e2e = e2eSession(async () => {
  const started = await startBillingServer({ staticDir: `${projectRoot}/dist` });
  await promoteSpring(started, 'Spring offer: $10 off every month');
  return started;
});

/** And a tablet: the invoices' one-line layout and the order summary beside the frame. */
const WIDTHS = [...VIEWPORTS, ['tablet', { width: 820, height: 1180 }]] as const;

describe.each(WIDTHS)('subscription screens at %s width', (name, viewport) => {
  test('Beginner Monthly → Advanced Yearly 16 days in: the preview, PROCEED, the account page with its invoices', async () => {
    const email = `billing-${name}@example.com`;
    const { context, page } = await e2e.open(viewport);
    try {
      await signInBrowser(context, e2e.server, email);
      const client = await signedIn(e2e.server, email);
      await buy(e2e.server, client, 1);
      const bought = await billingRecord(client);
      const periodMs = Date.parse(bought.periodEnd ?? '') - Date.parse(bought.periodStart ?? '');
      await moveClock(e2e.server, DAYS_USED);
      // The unused part of the $49.00 month is credited against Advanced Yearly's promoted price
      // (the grid shows $49 a month on it: $708.00 less $120.00 for the first year).
      // The server prorates to the millisecond: the seconds this test takes may move it a cent.
      const credit = (4900 * (periodMs - DAYS_USED * DAY_MS)) / periodMs;

      await page.goto('/checkout/112');
      await page.getByRole('heading', { name: 'Change Plan' }).waitFor();
      await page.getByText('Charged today').waitFor();
      const [price, discount, credited, charged, nextDate] = await page
        .locator('.plan-change .billing-figures dd')
        .allTextContents();
      expect([price, discount]).toEqual(['$708.00', '−$120.00']);
      expect(credited).toMatch(/^−\$\d+\.\d\d$/);
      const creditShown = cents(credited);
      expect(Math.abs(creditShown - credit)).toBeLessThanOrEqual(1);
      expect(cents(charged)).toBe(70800 - 12000 - creditShown);
      const nextBilling = new Date(Date.now() + DAYS_USED * DAY_MS);
      nextBilling.setUTCFullYear(nextBilling.getUTCFullYear() + 1);
      expect(nextDate).toBe(billingDate(nextBilling.toISOString()));
      // A button once Ionic defines it, after the screen shows its content.
      await button(page, 'PROCEED').waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await fullScreenshot(page, `billing-plan-change-${name}`, viewport.width);

      await page.setViewportSize(viewport);
      await button(page, 'PROCEED').click();
      await page.waitForURL((url) => url.pathname === '/thankyou/112');
      await page.getByText('Your plan was changed successfully.').waitFor();
      expect(await subscriptionOf(client)).toMatchObject({ status: 2, planId: 112 });

      const [upgrade, purchase] = (await billingRecord(client)).invoices;
      expect(upgrade).toMatchObject({ reason: 'upgrade', status: 'paid' });
      expect(Math.abs((upgrade?.totalCents ?? 0) - cents(charged))).toBeLessThanOrEqual(1);
      await page.goto('/account');
      await page.getByRole('heading', { name: 'Advanced Yearly' }).waitFor();
      await page.getByText(purchase?.number ?? 'purchase', { exact: true }).waitFor();
      await page.getByText(upgrade?.number ?? 'upgrade', { exact: true }).click();
      await page.getByText('Credit for the unused part of the previous plan').waitFor();
      const creditLine = -(upgrade?.lines.at(-1)?.amountCents ?? 0);
      expect(await page.locator('.receipt').first().textContent()).toContain(`−${dollars(creditLine)}`);
      expect(await fitsWidth(page)).toBe(true);
      await fullScreenshot(page, `billing-account-${name}`, viewport.width);
    } finally {
      await moveClock(e2e.server, 0);
      await context.close();
    }
  });

  test('the store’s page in the frame with the order summary; paying goes to the thank-you page and makes the user premium', async () => {
    const email = `store-${name}@example.com`;
    const { context, page } = await e2e.open(viewport);
    try {
      await signInBrowser(context, e2e.server, email);
      const views: string[] = [];
      await page.exposeFunction('recordView', (path: string) => views.push(path));
      await page.addInitScript(() =>
        window.addEventListener('app:pageview', (e) =>
          (window as unknown as { recordView: (p: string) => void }).recordView(
            String((e as CustomEvent<string>).detail),
          ),
        ),
      );

      await page.goto('/checkout/112');
      const summary = page.getByRole('complementary', { name: 'Order summary' });
      await summary.waitFor();
      expect(await summary.textContent()).toContain('$588.00');
      expect(await summary.textContent()).toContain('SPRING');
      const store = page.frameLocator('iframe[title="Secure payment"]');
      await store.getByRole('heading', { name: 'Advanced Yearly' }).waitFor();
      await store.getByText('TEST MODE — no real money moves').waitFor();
      const pay = store.getByRole('button', { name: 'Pay $588.00' });
      await pay.waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await fullScreenshot(page, `billing-store-${name}`, viewport.width);

      await page.setViewportSize(viewport);
      await store.getByLabel('Card number').fill('4242 4242 4242 4242');
      await store.getByLabel('Expiry (MM/YY)').pressSequentially('1240');
      await store.getByLabel('CVC').fill('123');
      await pay.click();
      await page.waitForURL((url) => url.pathname === '/thankyou/112');
      await page.getByText('Your plan was changed successfully.').waitFor();
      expect(views).toContain('/checkout/success');
      const client = await signedIn(e2e.server, email);
      expect(await subscriptionOf(client)).toMatchObject({ status: 2, planId: 112 });
      expect((await billingRecord(client)).invoices[0]).toMatchObject({
        reason: 'purchase',
        totalCents: 58800,
      });
    } finally {
      await context.close();
    }
  });
});
