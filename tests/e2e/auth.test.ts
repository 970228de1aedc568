/**
 * Sign-in end to end in Chromium, at phone and desktop width, against the embedded issuer:
 * sign up, trial countdown, sign out, sign in again, refused addresses, and an ended trial
 * (server clock 15 days ahead) sending every screen to /pricing.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { moveClock } from '../support/auth.ts';
import { DESKTOP, PHONE, screenshot, VIEWPORTS } from '../support/browser.ts';
import { e2eSession } from '../support/e2e-session.ts';

const e2e = e2eSession();

const PASSWORD = 'a sturdy passphrase';

async function fillSignUp(page: Page, email: string) {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Start free trial' }).click();
}

/** The provider's sign-in page (not the app's /signin, which only passes through). */
async function providerSignInPage(page: Page) {
  await page.waitForURL('**/oidc/interaction/**');
  await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
}

async function signOut(page: Page, phone: boolean) {
  if (phone) {
    await page.locator('.secondary-toggle').click();
    await page.locator('ion-popover.secondary-popover').getByText('Sign Out').click();
  } else {
    await page.locator('.secondary-menu').getByText('Sign Out').click();
  }
}

describe.each(VIEWPORTS)('at %s width', (name, viewport) => {
  const phone = viewport.width < 768;
  const email = `ada-${name}@example.com`;

  test('sign up, land on the screener with the trial countdown, sign out, sign in again', async () => {
    const { context, page } = await e2e.open(viewport);
    // A screen without a token goes to the provider's sign-in page, remembering the screen.
    await page.goto('/trades');
    await providerSignInPage(page);
    await screenshot(page, `auth-signin-${name}`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await screenshot(page, `auth-signup-${name}`);
    await fillSignUp(page, email);
    await page.waitForURL('**/trades');
    await page.getByText('Free trial 14 days left').waitFor();
    await expect(page.getByText('Free trial 14 days left').isVisible()).resolves.toBe(true);
    await screenshot(page, `auth-trial-${name}`);

    await page.goto('/screener');
    await page.getByRole('heading', { name: 'All Scans' }).waitFor();
    await page.getByText('Free trial 14 days left').waitFor();

    await signOut(page, phone);
    await providerSignInPage(page);
    await expect(page.evaluate(() => localStorage.getItem('access_token'))).resolves.toBeNull();
    // Signed out means signed out: a screen sends us back to the provider.
    await page.goto('/screener');
    await providerSignInPage(page);

    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Wrong e-mail or password.').waitFor();
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/screener');
    await page.getByText('Free trial 14 days left').waitFor();
    await context.close();
  });

  test('a disposable or mistyped address is refused on the sign-up page', async () => {
    const { context, page } = await e2e.open(viewport);
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await fillSignUp(page, 'someone@mailinator.com');
    await page
      .getByRole('alert')
      .getByText("Can't use this email address. It is either disposable or a typo.")
      .waitFor();
    await fillSignUp(page, 'someone@gmial.com');
    await page.getByText('Did you mean someone@gmail.com?').first().waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/oidc\/interaction\//);
    await screenshot(page, `auth-refused-${name}`);
    await context.close();
  });
});

test('with the server clock 15 days ahead every screen but the subscription pages goes to /pricing', async () => {
  const { context, page } = await e2e.open(PHONE);
  await page.goto('/signup');
  await fillSignUp(page, 'late@example.com');
  await page.waitForURL('**/screener');
  await page.getByText('Free trial 14 days left').waitFor();
  await moveClock(e2e.server, 15);
  try {
    for (const path of [
      '/screener',
      '/analyzer',
      '/trades',
      '/settings/universes',
      '/integrations/excel',
      '/account',
    ]) {
      await page.goto(path);
      await page.waitForURL('**/pricing');
      await page.getByRole('heading', { name: 'Pricing' }).waitFor();
    }
    await screenshot(page, 'auth-ended-phone-375');
    for (const path of ['/checkout/101', '/thankyou', '/terms']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname).toBe(path);
    }
    // Navigating inside the app (no reload) is stopped too.
    await page.goto('/pricing');
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('app:navigate', { detail: '/trades' })));
    await page.waitForURL('**/pricing');
  } finally {
    await moveClock(e2e.server, 0);
    await context.close();
  }
});

test('the desktop header at the end of the trial reads "Free trial expires today!"', async () => {
  const { context, page } = await e2e.open(DESKTOP);
  await page.goto('/signup');
  await fillSignUp(page, 'lastday@example.com');
  await page.waitForURL('**/screener');
  await moveClock(e2e.server, 14);
  try {
    await page.reload();
    await page.getByText('Free trial expires today!').waitFor();
    await screenshot(page, 'auth-last-day-desktop-1280');
  } finally {
    await moveClock(e2e.server, 0);
    await context.close();
  }
});
