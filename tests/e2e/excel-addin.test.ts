/**
 * The Excel add-in's page in Chromium at 375px (about a pane's width) and 1280px (docs/ADDIN.md),
 * as Excel loads it: Office's script is a stand-in that records the functions the page registers.
 * The page may be framed by Office and load Office's script; the user pastes the token the
 * integrations page made; the registered OS.QUOTE reads this server's quotes for a range, and says
 * what is wrong without a token. Screenshots `excel-addin-*`.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { AddinQuotesAnswer, AddinTokenAnswer } from '#api/addin.ts';
import { EXCEL_PAGE_PATH } from '#api/excel-addin.ts';
import { NO_TOKEN, NOT_LISTED } from '#app/excel-addin/cell-figures.ts';
import { button, screenshot, VIEWPORTS } from '../support/browser.ts';
import { e2eSession, startAppServer } from '../support/e2e-session.ts';
import { TEST_MARKET } from '../support/trades.ts';

const e2e = e2eSession(() => startAppServer({ market: TEST_MARKET }));

/** office.js as the page meets it in Excel: ready at once, recording each function registered. */
const OFFICE_STAND_IN = `
  window.registered = {};
  window.Office = { onReady: () => Promise.resolve({ host: 'Excel' }) };
  window.CustomFunctions = {
    associate: (id, fn) => { window.registered[id] = fn; },
    Error: class extends Error { constructor(code, message) { super(message); this.code = code; } },
    ErrorCode: { notAvailable: '#N/A' },
  };`;

/** A registered function's first result for `cells`, as Excel's streaming invocation receives it. */
function callFunction(page: Page, id: string, cells: unknown[][], field: string | null) {
  return page.evaluate(
    ({ id, cells, field }) =>
      new Promise<unknown>((resolve) => {
        const fn = Reflect.get(Reflect.get(window, 'registered'), id) as (...args: unknown[]) => void;
        const invocation = {
          setResult: (value: unknown) => {
            resolve(
              value instanceof Error ? { error: value.message, code: Reflect.get(value, 'code') } : value,
            );
            invocation.onCanceled?.();
          },
          onCanceled: undefined as (() => void) | undefined,
        };
        fn(cells, field, invocation);
      }),
    { id, cells, field },
  );
}

describe.each(VIEWPORTS)('the Excel add-in at %s width', (name, viewport) => {
  test('save the token, then OS.QUOTE reads the quotes of a range', async () => {
    const { token: signIn } = await e2e.signedInPage(viewport, `excel-addin-${name}@example.com`);
    const made = await fetch(`${e2e.server.url}/api/v1/addin/token`, {
      method: 'POST',
      headers: { authorization: `Bearer ${signIn}` },
    });
    const { token } = (await made.json()) as AddinTokenAnswer;

    // Excel's runtime is not signed in to the app: a page of its own.
    const { page } = await e2e.open(viewport);
    await page.route('https://appsforoffice.microsoft.com/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: OFFICE_STAND_IN }),
    );
    const response = await page.goto(EXCEL_PAGE_PATH);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/script-src 'self' https:\/\/appsforoffice\.microsoft\.com/);
    expect(policy).toMatch(/frame-ancestors 'self' https:\/\/\*\.officeapps\.live\.com/);
    expect(response?.headers()['x-frame-options']).toBeUndefined();

    const status = page.getByRole('status');
    await status.getByText('No access token yet', { exact: false }).waitFor();
    await page.waitForFunction(() => Object.keys(Reflect.get(window, 'registered')).length === 2);
    expect(await page.evaluate(() => Object.keys(Reflect.get(window, 'registered')))).toEqual([
      'QUOTE',
      'OPTION',
    ]);
    expect(await callFunction(page, 'QUOTE', [['AAPL']], null)).toEqual({ error: NO_TOKEN, code: '#N/A' });

    await page.getByLabel('Access token').fill('not-a-token');
    await button(page, 'Save token').click();
    await status.getByText('That is not an OptionScout access token', { exact: false }).waitFor();

    await page.getByLabel('Access token').fill(token);
    await button(page, 'Save token').click();
    await status.getByText(/^Token saved\. SPY last: \d+(\.\d+)?\./).waitFor();
    await screenshot(page, `excel-addin-${name}`);

    const cells = (await callFunction(
      page,
      'QUOTE',
      [
        ['AAPL', ''],
        ['ZZZZ', 'ko'],
      ],
      'last',
    )) as unknown[][];
    const server = await fetch(`${e2e.server.url}/api/v1/addin/quotes?symbols=AAPL,KO`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const [aapl, ko] = ((await server.json()) as AddinQuotesAnswer).quotes;
    expect(cells[0]?.[1]).toBe('');
    expect(cells[1]?.[0]).toBe(NOT_LISTED);
    // The market moves between the two reads: the same price within a percent.
    expect(Number(cells[0]?.[0])).toBeCloseTo(aapl?.last ?? Number.NaN, -Math.log10((aapl?.last ?? 1) / 100));
    expect(Number(cells[1]?.[1])).toBeGreaterThan((ko?.last ?? 0) * 0.99);
    expect(Number(cells[1]?.[1])).toBeLessThan((ko?.last ?? 0) * 1.01);

    await button(page, 'Remove token').click();
    await status.getByText('No access token yet', { exact: false }).waitFor();
  });
});
