/**
 * Accessibility in Chromium: axe-core (the engine of Lighthouse's accessibility audit) on every
 * screen at 375px and 1280px, in light and in dark mode, finds no serious or critical violation
 * beyond the known findings below (docs/ACCESSIBILITY.md).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openPage, VIEWPORTS } from '../support/browser.ts';
import {
  heading,
  isDark,
  mainScreens,
  pageInMode,
  type Screen,
  type ScreensSetup,
  settle,
  startScreensSetup,
} from './app-screens.ts';
import { type AxeFinding, axeViolations, type KnownFinding } from './axe.ts';

const EMAIL = 'a11y@example.com';

/**
 * Violations understood and left to the screens' own changes, by rule and the element flagged
 * (the selector matches it or an ancestor). Any violation not listed fails the test; an entry no
 * screen shows any more fails it too, so the list only shrinks. Each is explained in
 * docs/ACCESSIBILITY.md.
 */
const KNOWN: readonly KnownFinding[] = [];

let app: ScreensSetup;

beforeAll(async () => {
  app = await startScreensSetup(EMAIL);
});
afterAll(() => app?.stop());

/** The main screens, then the billing, terms and integrations pages. */
const screens = (): Screen[] => [
  ...mainScreens(app.sampleId, app.ticket),
  { name: 'checkout', path: '/checkout/112', ready: (page) => page.locator('.screen h1').first().waitFor() },
  { name: 'terms', path: '/terms', ready: heading('Terms of service') },
  { name: 'integrations-excel', path: '/integrations/excel', ready: heading('Excel Integration') },
  { name: 'integrations-sheets', path: '/integrations/sheets', ready: heading('Google Sheets Integration') },
];

const describeFinding = (screen: string, f: AxeFinding) =>
  `${screen}: ${f.rule} (${f.impact}) ${f.target}  ${f.html}`;

/** The known findings some screen still shows, over every run of this file. */
const seen = new Set<string>();

describe.each(VIEWPORTS)('every screen at %s width', (_, viewport) => {
  test.each(['light', 'dark'] as const)(
    '%s mode: no serious or critical violation',
    async (mode) => {
      const problems: string[] = [];
      const check = async (page: Page, screen: string) => {
        const found = await axeViolations(page, KNOWN);
        for (const f of found.known) seen.add(`${f.rule} ${f.known}`);
        problems.push(...found.fresh.map((f) => describeFinding(screen, f)));
      };

      // The provider's sign-in page, signed out: it follows the device's setting.
      const signedOut = await openPage(app.browser, app.server.url, viewport, { bypassCSP: true });
      await signedOut.page.emulateMedia({ colorScheme: mode });
      await signedOut.page.goto('/screener');
      await signedOut.page.waitForURL('**/oidc/interaction/**');
      await heading('Sign in')(signedOut.page);
      await settle(signedOut.page);
      await check(signedOut.page, 'sign-in');
      await signedOut.context.close();

      const { context, page } = await pageInMode(app.browser, app.server, viewport, mode, EMAIL, {
        bypassCSP: true,
      });
      for (const screen of screens()) {
        await page.goto(screen.path);
        await screen.ready(page);
        await settle(page);
        await expect(isDark(page)).resolves.toBe(mode === 'dark');
        await check(page, screen.name);
      }
      await context.close();

      // The whole list in the log: the assertion's diff may cut a long one short.
      if (problems.length > 0) console.log(problems.join('\n'));
      expect(problems).toEqual([]);
    },
    900_000,
  );
});

test('every known finding is still seen somewhere', () => {
  expect(KNOWN.map((k) => `${k.rule} ${k.selector}`).filter((k) => !seen.has(k))).toEqual([]);
});
