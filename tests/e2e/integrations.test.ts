/**
 * Excel/Sheets integration in Chromium at 375px and 1280px (docs/ADDIN.md): a trial user makes an
 * access token, which reads quotes through the add-in call as a spreadsheet would; the Excel query
 * and the Sheets script carry this server's address; a Beginner sees the upgrade note. Screenshots.
 */
import { describe, expect, test } from 'vitest';
import type { AddinQuotesAnswer } from '#api/addin.ts';
import { setPlan } from '../support/auth.ts';
import { button, screenshot, VIEWPORTS } from '../support/browser.ts';
import { e2eSession, startAppServer } from '../support/e2e-session.ts';
import { TEST_MARKET } from '../support/trades.ts';

const e2e = e2eSession(() => startAppServer({ market: TEST_MARKET }));

describe.each(VIEWPORTS)('Excel/Sheets integration at %s width', (name, viewport) => {
  test('make a token, use it as a spreadsheet would, read the steps', async () => {
    const { page } = await e2e.signedInPage(viewport, `addin-${name}@example.com`);
    await page.goto('/integrations/excel');
    const tokenRegion = page.getByRole('region', { name: 'Access token' });
    await tokenRegion.getByText('You have no token yet.').waitFor();
    await button(tokenRegion, 'Create token').click();
    const field = tokenRegion.getByLabel('Your access token');
    await field.waitFor();
    const token = await field.inputValue();
    expect(token).toMatch(/^osa_/);
    const query = await page.getByLabel('Query').inputValue();
    expect(query).toContain(
      `${e2e.server.url.replace('127.0.0.1', new URL(page.url()).hostname)}/api/v1/addin/quotes`,
    );
    expect(query).toContain(`Bearer ${token}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, `integrations-excel-${name}`);

    // The token reads quotes, as the spreadsheet's call does.
    const res = await fetch(`${e2e.server.url}/api/v1/addin/quotes?symbols=AAPL,ZZZZ`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const { quotes } = (await res.json()) as AddinQuotesAnswer;
    expect(quotes[0]?.symbol).toBe('AAPL');
    expect(quotes[0]!.last).toBeGreaterThan(0);
    expect(quotes[1]).toBeNull();

    await page.getByRole('link', { name: 'Google Sheets' }).click();
    await page.getByText('Extensions → Apps Script', { exact: false }).waitFor();
    expect(await page.getByLabel('Script').inputValue()).toContain('function OSQUOTE(symbol, field)');
    await screenshot(page, `integrations-sheets-${name}`);
  });

  test('a Beginner plan sees what it is and the upgrade link', async () => {
    const email = `addin-beginner-${name}@example.com`;
    const { page } = await e2e.signedInPage(viewport, email);
    await setPlan(e2e.server, email, 1);
    await page.goto('/integrations/excel');
    await page.getByText('The Excel and Google Sheets add-in is part of the Advanced plan.').waitFor();
    expect(await page.getByRole('region', { name: 'Access token' }).count()).toBe(0);
  });
});
