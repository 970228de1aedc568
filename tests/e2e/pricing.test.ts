/**
 * /pricing and /terms in Chromium at 375px, 768px and 1280px, on the real server with Advanced
 * Yearly promoted (coupon SPRING): the plans and their buttons for a trial user, a subscriber who
 * bought through the test store, one billed outside the app and an ended user, and the public
 * terms; the page never scrolls sideways.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { projectRoot } from '#server/config.ts';
import { setPlan, signedIn, signInBrowser } from '../support/auth.ts';
import { buy, promoteSpring, startBillingServer } from '../support/billing.ts';
import { screenshot, VIEWPORTS } from '../support/browser.ts';
import { e2eSession } from '../support/e2e-session.ts';

const e2e = e2eSession(async () => {
  const started = await startBillingServer({ staticDir: `${projectRoot}/dist` });
  await promoteSpring(started, 'Spring sale: $10 off every month');
  return started;
});

/** Neither the document nor the app's content box is wider than the viewport. */
async function expectNoSideScroll(page: Page, width: number): Promise<void> {
  const widths = await page.evaluate(() => ({
    document: document.scrollingElement?.scrollWidth ?? 0,
    screen: document.querySelector('main.screen')?.scrollWidth ?? 0,
  }));
  expect(widths.document).toBeLessThanOrEqual(width);
  expect(widths.screen).toBeLessThanOrEqual(width);
}

/** The page scrolled down to `heading`: it is on screen, the page's title above the screen. */
async function expectJumpedTo(page: Page, heading: Locator, height: number): Promise<void> {
  const title = page.getByRole('heading', { level: 1 });
  await expect.poll(async () => (await title.boundingBox())?.y ?? 0).toBeLessThan(0);
  const box = await heading.boundingBox();
  expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.y ?? height) + (box?.height ?? 0)).toBeLessThanOrEqual(height);
}

const plan = (page: Page, level: string) => page.getByRole('article', { name: level });

/** The phone and desktop widths every screen is checked at, and a tablet's (two plan cards a row). */
const WIDTHS = [...VIEWPORTS, ['tablet', { width: 768, height: 1024 }]] as const;

describe.each(WIDTHS)('/pricing and /terms at %s width', (name, viewport) => {
  test('a trial user: BUY on every plan, the promotion, the switch to monthly, then checkout', async () => {
    const { context, page } = await e2e.open(viewport);
    try {
      await signInBrowser(context, e2e.server, `pricing-trial-${name}@example.com`);
      await page.goto('/pricing');
      await page.getByRole('heading', { name: 'Plans and pricing' }).waitFor();
      await plan(page, 'Advanced').getByText('Spring sale').waitFor();
      await page.getByText('Test mode: use a test card').waitFor();
      expect(await plan(page, 'Advanced').locator('del').textContent()).toBe('List price $59');
      expect(await plan(page, 'Beginner').getByRole('link').textContent()).toBe('BUY Beginner Yearly');
      // The subscription-only header: no primary menu or tab bar.
      expect(await page.locator('.primary-menu').count()).toBe(0);
      expect(await page.locator('ion-tab-bar').count()).toBe(0);
      await expectNoSideScroll(page, viewport.width);
      await screenshot(page, `pricing-trial-${name}`);

      await page.getByRole('table').scrollIntoViewIfNeeded();
      await expectNoSideScroll(page, viewport.width);
      await screenshot(page, `pricing-comparison-${name}`);
      await page.getByRole('navigation', { name: 'Legal and partners' }).scrollIntoViewIfNeeded();
      await screenshot(page, `pricing-end-${name}`);

      await page.getByRole('radio', { name: 'Monthly' }).click();
      await plan(page, 'Advanced').getByText('$75', { exact: true }).waitFor();
      expect(new URL(page.url()).search).toBe('?cycle=monthly');
      await plan(page, 'Advanced').getByRole('link', { name: 'BUY Advanced Monthly' }).click();
      await page.waitForURL('**/checkout/101');
    } finally {
      await context.close();
    }
  });

  test('a subscriber who bought Beginner Yearly at the store: CANCEL on it, UPGRADE and DOWNGRADE on the others', async () => {
    const { context, page } = await e2e.open(viewport);
    try {
      const email = `pricing-store-${name}@example.com`;
      await signInBrowser(context, e2e.server, email);
      await buy(e2e.server, await signedIn(e2e.server, email), 12);
      await page.goto('/pricing');
      // Their plan is yearly: the yearly plans show first.
      await plan(page, 'Beginner').getByText('Your plan', { exact: true }).waitFor();
      const link = (level: string) => plan(page, level).getByRole('link');
      expect(await link('Beginner').textContent()).toBe('CANCEL Beginner Yearly');
      expect(await link('Beginner').getAttribute('href')).toBe('/account');
      expect(await link('Advanced').textContent()).toBe('UPGRADE Advanced Yearly');
      expect(await link('Advanced').getAttribute('href')).toBe('/checkout/112');
      await expectNoSideScroll(page, viewport.width);
      await screenshot(page, `pricing-store-premium-${name}`);

      // A monthly plan is a shorter cycle: a step down from either yearly plan.
      await page.getByRole('radio', { name: 'Monthly' }).click();
      await plan(page, 'Advanced').getByText('$75', { exact: true }).waitFor();
      expect(await link('Beginner').textContent()).toBe('DOWNGRADE Beginner Monthly');
      expect(await link('Advanced').textContent()).toBe('DOWNGRADE Advanced Monthly');
      expect(await link('Advanced').getAttribute('href')).toBe('/checkout/101');
      await expectNoSideScroll(page, viewport.width);
      await screenshot(page, `pricing-store-premium-monthly-${name}`);

      await page.getByRole('radio', { name: 'Yearly' }).click();
      await link('Advanced').click();
      await page.getByRole('heading', { name: 'Change Plan' }).waitFor();
      await page.getByText('Charged today').waitFor();
    } finally {
      await context.close();
    }
  });

  test('a premium user billed outside the app: their plan marked, e-mail on every plan', async () => {
    const { context, page } = await e2e.open(viewport);
    try {
      const email = `pricing-premium-${name}@example.com`;
      await signInBrowser(context, e2e.server, email);
      // The operator's grant: Advanced Yearly, no payment processor.
      await setPlan(e2e.server, email, 112);
      await page.goto('/pricing');
      await plan(page, 'Advanced').getByText('Your plan', { exact: true }).waitFor();
      for (const level of ['Beginner', 'Advanced']) {
        const link = plan(page, level).getByRole('link');
        expect(await link.textContent()).toMatch(/^E-MAIL SUPPORT/);
        expect(await link.getAttribute('href')).toMatch(/^mailto:/);
      }
      await expectNoSideScroll(page, viewport.width);
      await screenshot(page, `pricing-premium-${name}`);
    } finally {
      await context.close();
    }
  });

  test('an ended subscription lands on /pricing with its banner, and can read the terms', async () => {
    const { context, page } = await e2e.open(viewport);
    try {
      const email = `pricing-ended-${name}@example.com`;
      await signInBrowser(context, e2e.server, email);
      await setPlan(e2e.server, email, 1, 4);
      await page.goto('/screener');
      await page.waitForURL('**/pricing');
      await page.getByRole('alert', { name: 'Your subscription has ended' }).waitFor();
      // Their last plan was monthly: the monthly prices show first.
      await plan(page, 'Beginner').getByText('$49', { exact: true }).waitFor();
      expect(await plan(page, 'Beginner').getByRole('link').getAttribute('href')).toBe('/checkout/1');
      await expectNoSideScroll(page, viewport.width);
      await screenshot(page, `pricing-ended-${name}`);

      await page.getByRole('link', { name: 'Privacy' }).click();
      await page.waitForURL('**/terms#privacy');
      const privacy = page.getByRole('heading', { name: '9. Privacy' });
      await privacy.waitFor();
      await expectJumpedTo(page, privacy, viewport.height);
      await screenshot(page, `terms-privacy-from-pricing-${name}`);
    } finally {
      await context.close();
    }
  });

  test('/terms signed out: every section, the address jumps to one', async () => {
    const { context, page } = await e2e.open(viewport);
    try {
      await page.goto('/terms');
      await page.getByRole('heading', { name: 'Terms of service' }).waitFor();
      expect(await page.locator('.terms-page section').count()).toBe(11);
      await expectNoSideScroll(page, viewport.width);
      // Lines stay readable: the text column is at most about 70 characters wide.
      const column = await page.locator('.terms-page').boundingBox();
      expect(column?.width ?? 0).toBeLessThanOrEqual(Math.min(viewport.width, 720));
      await screenshot(page, `terms-${name}`);

      await page.goto('/terms#refunds');
      const heading = page.getByRole('heading', { name: '7. Refunds' });
      await heading.waitFor();
      await expectJumpedTo(page, heading, viewport.height);
      await screenshot(page, `terms-refunds-${name}`);
    } finally {
      await context.close();
    }
  });
});
