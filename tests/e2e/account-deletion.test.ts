/**
 * Settings → Account in Chromium at 375px and 1280px: deleting one's account asks first, says
 * what goes, then signs out; the token it had is refused from then on.
 */
import { describe, expect, test } from 'vitest';
import { signedIn, signInBrowser } from '../support/auth.ts';
import { button, screenshot, VIEWPORTS } from '../support/browser.ts';
import { e2eSession } from '../support/e2e-session.ts';
import { createAccount } from '../support/trades.ts';

const e2e = e2eSession();

describe.each(VIEWPORTS)('Settings → Account at %s width', (name, viewport) => {
  test('Delete my account: a confirmation that says what goes, then signed out and gone', async () => {
    const email = `leaving-${name}@example.com`;
    const { context, page } = await e2e.open(viewport);
    try {
      const token = await signInBrowser(context, e2e.server, email);
      const client = { ...(await signedIn(e2e.server, email)), token };
      await createAccount(client, 'Main');

      await page.goto('/settings/account');
      await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
      // The first press only asks.
      await button(page, 'Delete my account').click();
      const warning = page.getByRole('alertdialog');
      await warning.waitFor();
      expect(await warning.textContent()).toContain('cannot be undone');
      await screenshot(page, `account-delete-confirm-${name}`);
      await button(page, 'Cancel').click();
      await expect.poll(() => warning.count()).toBe(0);
      expect((await client.request('/api/v1/tradeaccount')).status).toBe(200);

      await button(page, 'Delete my account').click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: 'Delete my account', exact: true })
        .click();
      // Signed out: the app goes on to the sign-in page.
      await page.waitForURL((url) => url.pathname.startsWith('/oidc/interaction/'));
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await screenshot(page, `account-deleted-${name}`);
      expect((await client.request('/api/v1/account/subscription')).status).toBe(401);
    } finally {
      await context.close();
    }
  });
});
