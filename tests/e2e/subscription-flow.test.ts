/**
 * A whole subscription in Chromium at 375px and 1280px, on the real server and its embedded
 * test store: the trial ends and the user lands on /pricing; a declined card stays in the store
 * frame with its message; Beginner Monthly is bought with the success card and the user reaches
 * /thankyou, then the screener as premium; an upgrade to Advanced Yearly shows a preview whose
 * figures match a hand computation and is charged on PROCEED; a downgrade is scheduled
 * ('pending'); a cancel keeps access until the period end, after which the user is sent to
 * /pricing. Each step's screenshot goes to test-artifacts/subscription-*.png.
 */
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BillingAnswer } from '#api/billing.ts';
import { DAY_MS } from '#domain/plans/calendar.ts';
import { projectRoot } from '#server/config.ts';
import { moveClock, signedIn, signInBrowser } from '../support/auth.ts';
import { CARDS, TEST_STORE_SECRET } from '../support/billing.ts';
import { launchBrowser, openPage, screenshot, VIEWPORTS } from '../support/browser.ts';
import { startTestServer } from '../support/test-server.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function payInFrame(store: FrameLocator, card: string): Promise<void> {
  await store.locator('#card-number').fill(card);
  await store.locator('#card-expiry').fill('12/40');
  await store.locator('#card-cvc').fill('123');
  await store.locator('#pay-button').click();
}

/** The link of a plan card's button, by its spoken name ('UPGRADE Advanced Yearly'). */
const planLink = (page: Page, name: string) => page.getByRole('link', { name, exact: true });

async function chooseCycle(page: Page, cycle: 'Monthly' | 'Yearly'): Promise<void> {
  await page.getByRole('radio', { name: new RegExp(`^${cycle}`) }).check();
}

/** The figure on the plan-change confirmation's row `label`. */
async function figure(page: Page, label: string): Promise<string> {
  const row = page.locator('.plan-change dl div, dl div').filter({ hasText: label }).first();
  return (await row.textContent()) ?? '';
}

describe.each(VIEWPORTS)('a subscription from trial to cancelled at %s width', (name, viewport) => {
  test('trial ends → declined card → buy → upgrade → downgrade pending → cancel → ended', async () => {
    const server = await startTestServer(
      { staticDir: `${projectRoot}/dist` },
      { TESTSTORE_WEBHOOK_SECRET: TEST_STORE_SECRET },
    );
    const { context, page } = await openPage(browser, server.url, viewport);
    try {
      const email = `flow-${name}@example.com`;
      const token = await signInBrowser(context, server, email);
      const client = { ...(await signedIn(server, email)), token };
      const record = async () =>
        (await (await client.request('/api/v1/account/billing')).json()) as BillingAnswer;

      // 1. Fifteen days later the trial has ended: every screen leads to /pricing.
      await moveClock(server, 15);
      await page.goto('/screener');
      await page.waitForURL((url) => url.pathname === '/pricing');
      await page.getByRole('alert', { name: 'Your free trial has ended' }).waitFor();
      await screenshot(page, `subscription-1-trial-ended-${name}`);

      // 2. Beginner Monthly: the declined card stays in the frame with its message.
      await chooseCycle(page, 'Monthly');
      await planLink(page, 'BUY Beginner Monthly').click();
      await page.waitForURL((url) => url.pathname === '/checkout/1');
      const store = page.frameLocator('iframe[title="Secure payment"]');
      await payInFrame(store, CARDS.declined);
      await expect.poll(() => store.locator('#pay-error').textContent()).toBe('Your card was declined.');
      expect(new URL(page.url()).pathname).toBe('/checkout/1');
      await screenshot(page, `subscription-2-declined-${name}`);

      // 3. The success card: the store's 'thankyou' leads to /thankyou, then the screener as premium.
      await payInFrame(store, CARDS.ok);
      await page.waitForURL((url) => url.pathname === '/thankyou/1');
      await page.getByText('Your plan was changed successfully.').waitFor();
      await screenshot(page, `subscription-3-thank-you-${name}`);
      await page.waitForURL((url) => url.pathname.startsWith('/screener'));
      const bought = await record();
      expect(bought).toMatchObject({ status: 2, planId: 1, processor: 'teststore' });
      expect(bought.invoices.map((i) => i.totalCents)).toEqual([4900]);

      // 4. Ten days into the month, Advanced Yearly. By hand: Beginner Monthly paid $49.00 for a
      //    month of P days; P − 10 days are unused, credited as 4900 × (P − 10) / P cents:
      //      P = 31: 4900 × 21/31 = 3319.35 → $33.19, charged 70800 − 3319 = $674.81
      //      P = 30: 4900 × 20/30 = 3266.67 → $32.67, charged $675.33
      //      P = 28: 4900 × 18/28 = 3150.00 → $31.50, charged $676.50
      const periodDays = Math.round(
        (Date.parse(bought.periodEnd ?? '') - Date.parse(bought.periodStart ?? '')) / DAY_MS,
      );
      const byPeriod: Record<number, [string, string]> = {
        31: ['$33.19', '$674.81'],
        30: ['$32.67', '$675.33'],
        28: ['$31.50', '$676.50'],
      };
      const [credit, charge] = byPeriod[periodDays] ?? ['?', '?'];
      await moveClock(server, 25);
      await page.goto('/pricing');
      await chooseCycle(page, 'Yearly');
      await planLink(page, 'UPGRADE Advanced Yearly').click();
      await page.waitForURL((url) => url.pathname === '/checkout/112');
      await page.getByRole('button', { name: 'PROCEED' }).waitFor();
      expect(await figure(page, 'New plan price')).toContain('$708.00');
      expect(await figure(page, 'Credit for the unused part')).toContain(credit);
      expect(await figure(page, 'Charged today')).toContain(charge);
      await screenshot(page, `subscription-4-upgrade-preview-${name}`);
      await page.getByRole('button', { name: 'PROCEED' }).click();
      await page.waitForURL((url) => url.pathname === '/thankyou/112');
      await page.getByText('Your plan was changed successfully.').waitFor();
      const upgraded = await record();
      expect(upgraded.planId).toBe(112);
      expect(dollars(upgraded.invoices[0]?.totalCents ?? 0)).toBe(charge);

      // 5. Back to Beginner Yearly: nothing charged, the change waits for the next billing date.
      await page.goto('/pricing');
      await chooseCycle(page, 'Yearly');
      await planLink(page, 'DOWNGRADE Beginner Yearly').click();
      await page.waitForURL((url) => url.pathname === '/checkout/12');
      await page.getByRole('button', { name: 'PROCEED' }).click();
      await page.waitForURL(
        (url) => url.pathname === '/thankyou/12' && url.searchParams.get('state') === 'pending',
      );
      await page.getByText(/Your plan will change to Beginner Yearly on/).waitFor();
      await screenshot(page, `subscription-5-downgrade-pending-${name}`);
      expect(await record()).toMatchObject({ planId: 112, pendingPlanId: 12 });

      // 6. Cancel with a reason: told so on /pricing, and the app still opens.
      await page.goto('/pricing');
      await planLink(page, 'CANCEL Advanced Yearly').click();
      await page.waitForURL((url) => url.pathname === '/account');
      await page.getByRole('radio', { name: 'Too expensive' }).check();
      await page
        .getByLabel('Anything you would like to tell us? (optional)')
        .fill('Trying a cheaper tool for a while.');
      await screenshot(page, `subscription-6-cancel-form-${name}`);
      await page.getByRole('button', { name: 'PROCEED' }).click();
      await page.waitForURL((url) => url.pathname === '/pricing');
      await page.getByText('Your subscription was cancelled.').waitFor();
      await screenshot(page, `subscription-7-cancelled-${name}`);
      expect(await record()).toMatchObject({ status: 3, cancelAtPeriodEnd: true });
      await page.goto('/screener');
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname).toBe('/screener');

      // 7. Past the period's end (a year after the upgrade) the subscription has ended.
      await moveClock(server, 25 + 367);
      await page.goto('/screener');
      await page.waitForURL((url) => url.pathname === '/pricing');
      await page.getByRole('alert', { name: 'Your subscription has ended' }).waitFor();
      await screenshot(page, `subscription-8-ended-${name}`);
    } finally {
      await context.close();
      await server.stop();
    }
  });
});
