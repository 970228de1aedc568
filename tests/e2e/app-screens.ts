/**
 * The app's screens as the whole-app browser checks (appearance, accessibility) visit them: each
 * one's address and the moment it shows its content, and a page opened in a chosen mode.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { ListRole } from '#api/screener-model.ts';
import { type SignedInClient, signedIn, signInBrowser } from '../support/auth.ts';
import { launchBrowser, openPage } from '../support/browser.ts';
import { results, rows, startScanPageServer } from '../support/scan-page.ts';
import { listOf, lists } from '../support/screener.ts';
import type { TestServer } from '../support/test-server.ts';
import {
  coveredCall,
  createAccount,
  lastPrice,
  optionChain,
  orderTicket,
  submit,
} from '../support/trades.ts';

export type Mode = 'light' | 'dark';

/** A server of the built app and a browser, for a user with one position and a sample scan. */
export interface ScreensSetup {
  readonly server: TestServer;
  readonly browser: Browser;
  readonly client: SignedInClient;
  /** A predefined scan with results. */
  readonly sampleId: number;
  /** The order editor's ticket of the covered call the user holds. */
  readonly ticket: string;
  stop(): Promise<void>;
}

export async function startScreensSetup(email: string): Promise<ScreensSetup> {
  const server = await startScanPageServer();
  const browser = await launchBrowser();
  const client = await signedIn(server, email);
  const account = await createAccount(client, 'Main');
  const legs = coveredCall(await optionChain(client, 'KO'), 'KO', await lastPrice(client, 'KO'));
  const res = await submit(client, account.account_id, 'covered_call', { legs, size: 1 });
  if (res.status !== 200) throw new Error(`submitting a trade: ${res.status} ${await res.text()}`);
  const sample = listOf(await lists(client), ListRole.Predefined).items[0];
  if (!sample) throw new Error('no sample scans');
  return {
    server,
    browser,
    client,
    sampleId: Number(sample.id),
    ticket: orderTicket('covered_call', legs),
    stop: async () => {
      await browser.close();
      await server.stop();
    },
  };
}

export interface Screen {
  readonly name: string;
  readonly path: string;
  readonly ready: (page: Page) => Promise<unknown>;
}

export const heading = (name: string) => (page: Page) =>
  page.getByRole('heading', { name, exact: true }).first().waitFor();

/** Waits until the page is quiet: its calls answered, Ionic's components upgraded, transitions ended. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

/**
 * The main screens of a signed-in user with a position on the log: a sample scan's results
 * (`sampleId`) and the order editor on `ticket`.
 */
export function mainScreens(sampleId: number, ticket: string): Screen[] {
  return [
    { name: 'all-scans', path: '/screener', ready: heading('All Scans') },
    {
      name: 'scan-results',
      path: `/screener/scan/${sampleId}`,
      ready: async (page) => {
        await results(page);
        await rows(page).first().waitFor();
      },
    },
    { name: 'trades', path: '/trades', ready: (page) => page.locator('tr.trade-row').first().waitFor() },
    {
      name: 'order-editor',
      path: `/order/open/${ticket}`,
      ready: (page) => page.locator('.metrics-strip').first().waitFor(),
    },
    { name: 'analyzer', path: '/analyzer/KO', ready: heading('Analyzer') },
    ...(['universes', 'tradeAccounts', 'reports', 'appearance', 'account'] as const).map((section) => ({
      name: `settings-${section}`,
      path: `/settings/${section}`,
      ready: (page: Page) => page.locator('.settings-menu a.active').waitFor(),
    })),
    { name: 'account', path: '/account', ready: heading('Account') },
    { name: 'integrations', path: '/integrations/excel', ready: heading('Excel Integration') },
    { name: 'pricing', path: '/pricing', ready: heading('Plans and pricing') },
  ];
}

/**
 * A page whose stored mode is `mode` from the first script on, signed in as `email` unless it is
 * null. The device says the opposite, so a screen that ignored the stored mode would show it.
 */
export async function pageInMode(
  browser: Browser,
  server: TestServer,
  viewport: { width: number; height: number },
  mode: Mode,
  email: string | null,
  options: Pick<BrowserContextOptions, 'bypassCSP'> = {},
) {
  const { context, page } = await openPage(browser, server.url, viewport, options);
  await page.emulateMedia({ colorScheme: mode === 'dark' ? 'light' : 'dark' });
  await context.addInitScript((m) => {
    localStorage.setItem('appearance', m);
    // No walkthrough over the scan editor.
    localStorage.setItem('optionscout.walkthrough', 'false');
  }, mode);
  if (email !== null) await signInBrowser(context, server, email);
  return { context, page };
}

/** Whether the page is painted in the dark palette. */
export const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains('ion-palette-dark'));
