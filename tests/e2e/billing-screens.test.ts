/**
 * The plan-change confirmation, the store frame and the account page in Chromium at 375px, 820px
 * and 1280px. The billing routes are not served yet, so every billing call (and the
 * subscription, to make the user a premium subscriber paying through the store, or a trial user)
 * is answered by `page.route` fixtures, and so is the store's page (a stand-in that posts
 * 'thankyou' as the store does); the app, its build and the sign-in are real. Screenshots go to
 * test-artifacts/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BillingAnswer, PlanChangeAnswer } from '#api/billing.ts';
import { projectRoot } from '#server/config.ts';
import { TRIAL_SUBSCRIPTION } from '../components/api-stub.ts';
import {
  BILLING_ANSWER,
  PLANS_ANSWER,
  PREMIUM_SUBSCRIPTION,
} from '../components/billing/billing-fixtures.ts';
import { signInBrowser } from '../support/auth.ts';
import { button, launchBrowser, openPage, screenshot, VIEWPORTS } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/** Beginner Monthly → Advanced Yearly with its $10-a-month promotion, 16 days into the month. */
const PREVIEW: PlanChangeAnswer = {
  kind: 'upgrade',
  planId: 112,
  immediateChargeAmount: 56271,
  newPlanPrice: 70800,
  discountAmount: 12000,
  deductAmount: 2529,
  nextBillingDate: '2027-01-16T00:00:00.000Z',
};

const RECORD: BillingAnswer = {
  ...BILLING_ANSWER,
  invoices: [
    ...BILLING_ANSWER.invoices,
    {
      id: 6,
      number: 'R-000006',
      issuedAt: '2025-01-01T00:00:00.000Z',
      planId: 12,
      reason: 'purchase',
      periodStart: '2025-01-01T00:00:00.000Z',
      periodEnd: '2026-01-01T00:00:00.000Z',
      lines: [{ description: 'Beginner Yearly, Jan 1, 2025 – Jan 1, 2026', amountCents: 46800 }],
      totalCents: 46800,
      status: 'paid',
      refundedCents: 0,
    },
  ],
};

const json = (body: unknown) => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

/** A stand-in for the store's page: a card form whose Pay button tells the app, as the store does. */
const STORE_PAGE = `<!doctype html><html><body style="font-family:sans-serif;margin:0;padding:16px">
<h2>Payment</h2>${['Card number', 'Expiry', 'CVC', 'Name on card', 'Country', 'ZIP']
  .map((l) => `<p><label>${l}<br><input style="width:100%;box-sizing:border-box;padding:8px"></label></p>`)
  .join('')}
<button id="pay" style="padding:12px 24px" onclick="window.parent.postMessage('thankyou', location.origin)">Pay</button>
</body></html>`;

async function answerBillingCalls(page: Page, subscription = PREMIUM_SUBSCRIPTION) {
  await page.route('**/api/v1/account/subscription', (route) => route.fulfill(json(subscription)));
  await page.route('**/api/v1/billing/checkout', (route) =>
    route.fulfill(json({ url: '/store/checkout?product=OS-ADV-Y&test=1&coupon=SPRING' })),
  );
  await page.route('**/store/checkout?*', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: STORE_PAGE }),
  );
  await page.route('**/api/v1/account/plan', (route) => route.fulfill(json(PREVIEW)));
  await page.route('**/api/v1/account/billing', (route) => route.fulfill(json(RECORD)));
  await page.route('**/api/v1/billing/plans', (route) => route.fulfill(json(PLANS_ANSWER)));
}

/** The page never scrolls sideways: the screen's content fits its width. */
const fitsWidth = (page: Page) =>
  page.locator('main.screen').evaluate((el) => el.scrollWidth <= el.clientWidth + 1);

/** Tall enough to see the whole screen in one screenshot (the app scrolls inside ion-content). */
async function fullScreenshot(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: 1500 });
  await screenshot(page, name);
}

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer({ staticDir: `${projectRoot}/dist` });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** And a tablet: the invoices' one-line layout and the order summary beside the frame. */
const WIDTHS = [...VIEWPORTS, ['tablet', { width: 820, height: 1180 }]] as const;

describe.each(WIDTHS)('subscription screens at %s width', (name, viewport) => {
  test('the plan-change confirmation and the account page with its invoices', async () => {
    const { context, page } = await openPage(browser, server.url, viewport);
    try {
      await signInBrowser(context, server, `billing-${name}@example.com`);
      await answerBillingCalls(page);

      await page.goto('/checkout/112');
      await page.getByRole('heading', { name: 'Change Plan' }).waitFor();
      await page.getByText('Charged today').waitFor();
      const figures = await page.locator('.plan-change .billing-figures').textContent();
      for (const figure of ['$708.00', '−$120.00', '−$25.29', '$562.71', 'Jan 16, 2027'])
        expect(figures).toContain(figure);
      await expect(button(page, 'PROCEED').isVisible()).resolves.toBe(true);
      expect(await fitsWidth(page)).toBe(true);
      await fullScreenshot(page, `billing-plan-change-${name}`, viewport.width);

      await page.setViewportSize(viewport);
      await page.goto('/account');
      await page.getByRole('heading', { name: 'Advanced Yearly' }).waitFor();
      await page.getByText('R-000007', { exact: true }).click();
      await page.getByText('Unused time on Beginner Yearly').waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await fullScreenshot(page, `billing-account-${name}`, viewport.width);
    } finally {
      await context.close();
    }
  });

  test('the store frame with the order summary; the store’s thankyou goes to the thank-you page', async () => {
    const { context, page } = await openPage(browser, server.url, viewport);
    try {
      await signInBrowser(context, server, `store-${name}@example.com`);
      await answerBillingCalls(page, TRIAL_SUBSCRIPTION);
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
      const store = page.frameLocator('iframe[title="Secure payment"]');
      await store.getByRole('heading', { name: 'Payment' }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await fullScreenshot(page, `billing-store-${name}`, viewport.width);

      await page.setViewportSize(viewport);
      await store.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL((url) => url.pathname === '/thankyou/112');
      await page.getByText('Your order is being processed.', { exact: false }).waitFor();
      expect(views).toContain('/checkout/success');
    } finally {
      await context.close();
    }
  });
});
