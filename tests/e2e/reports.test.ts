/**
 * Settings → Reports in Chromium at 375px and 1280px (docs/REPORTS.md): a Beginner yearly user
 * sees where reports go, the upgrade note over the intraday frequency they cannot choose, ticks a
 * frequency and finds it kept after a reload; the page reads without sideways scrolling.
 */
import { describe, expect, test } from 'vitest';
import { setPlan } from '../support/auth.ts';
import { screenshot, VIEWPORTS } from '../support/browser.ts';
import { e2eSession, startAppServer } from '../support/e2e-session.ts';
import { TEST_MARKET } from '../support/trades.ts';

const e2e = e2eSession(() => startAppServer({ market: TEST_MARKET }));

describe.each(VIEWPORTS)('Settings → Reports at %s width', (name, viewport) => {
  test('choose a report frequency within the plan; the rest says to upgrade', async () => {
    const email = `reports-${name}@example.com`;
    const { page } = await e2e.signedInPage(viewport, email);
    await setPlan(e2e.server, email, 12);
    await page.goto('/settings/reports');
    await page.getByText(`Reports will be sent to ${email}`).waitFor();
    await page.getByText('Upgrade your plan to enable options below.').waitFor();
    const com = page.getByRole('group', { name: 'Center of Mass' });
    const eod = com.getByRole('checkbox', { name: "End of Day (Before next day's open)" });
    expect(await com.getByRole('checkbox', { name: '1.5 hours before market close' }).isDisabled()).toBe(
      true,
    );
    await eod.check();
    await expect.poll(() => eod.isEnabled()).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, `reports-${name}`);

    await page.reload();
    const again = page
      .getByRole('group', { name: 'Center of Mass' })
      .getByRole('checkbox', { name: "End of Day (Before next day's open)" });
    await expect.poll(() => again.isChecked()).toBe(true);
  });
});
