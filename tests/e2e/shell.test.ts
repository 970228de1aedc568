import { describe, expect, test } from 'vitest';
import { signInBrowser } from '../support/auth.ts';
import { DESKTOP, PHONE, screenshot } from '../support/browser.ts';
import { e2eSession } from '../support/e2e-session.ts';

const e2e = e2eSession();

describe('app shell in Chromium', () => {
  test('/ lands on /screener; the header shows its menus at 1280px', async () => {
    const { context, page } = await e2e.open(DESKTOP);
    // Every screen but the sign-in pages needs a token.
    await signInBrowser(context, e2e.server, 'shell@example.com');
    await page.goto('/');
    await page.waitForURL('**/screener');
    // The screen is a lazy chunk: it renders a moment after the address changes.
    await page.getByRole('heading', { name: 'All Scans' }).waitFor();
    const primary = page.locator('.primary-menu');
    await expect(primary.isVisible()).resolves.toBe(true);
    await expect(primary.getByRole('link').allInnerTexts()).resolves.toEqual([
      'Screener',
      'Analyzer',
      'Trades',
      'Excel/Sheets integration',
    ]);
    await expect(page.locator('.secondary-menu').isVisible()).resolves.toBe(true);
    await expect(page.locator('ion-tab-bar').isVisible()).resolves.toBe(false);
    await page.locator('.primary-menu').getByRole('link', { name: 'Trades' }).click();
    await page.waitForURL('**/trades');
    await screenshot(page, 'shell-desktop-1280');
    await context.close();
  });

  test('at 375px the tab bar navigates and the secondary menu is a dropdown', async () => {
    const { context, page } = await e2e.open(PHONE);
    // Every screen but the sign-in pages needs a token.
    await signInBrowser(context, e2e.server, 'shell@example.com');
    await page.goto('/screener');
    await page.getByRole('heading', { name: 'All Scans' }).waitFor();
    await expect(page.locator('.primary-menu').isVisible()).resolves.toBe(false);
    await expect(page.locator('.secondary-menu').isVisible()).resolves.toBe(false);
    await expect(page.locator('ion-tab-bar').isVisible()).resolves.toBe(true);
    await page.locator('ion-tab-button[tab="analyzer"]').click();
    await page.waitForURL('**/analyzer');
    // Ionic's own selection, once its elements are defined (after the first content).
    await expect
      .poll(() => page.locator('ion-tab-button[tab="analyzer"]').getAttribute('class'))
      .toContain('tab-selected');
    await page.locator('.secondary-toggle').click();
    const popover = page.locator('ion-popover.secondary-popover');
    await popover.getByText('Pricing').waitFor();
    await screenshot(page, 'shell-phone-375-menu');
    await popover.getByText('Pricing').click();
    await page.waitForURL('**/pricing');
    await screenshot(page, 'shell-phone-375');
    await context.close();
  });

  test('a legacy redirect works and an unknown path shows 404 :(', async () => {
    const { context, page } = await e2e.open(DESKTOP);
    // Every screen but the sign-in pages needs a token.
    await signInBrowser(context, e2e.server, 'shell@example.com');
    await page.goto('/scenario/MSFT');
    await page.waitForURL('**/analyzer/MSFT');
    await page.goto('/nothing/here');
    await page.getByRole('heading', { name: '404 :(' }).waitFor();
    await context.close();
  });
});
