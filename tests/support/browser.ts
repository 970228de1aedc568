/**
 * Headless Debian Chromium driven by playwright-core, at the two widths every screen is
 * checked at, with screenshots kept under the git-ignored test-artifacts/ folder.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { expect } from 'vitest';
import { CHROMIUM } from './system-deps.ts';

export const PHONE = { width: 375, height: 812 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;
/** Both widths by name, for `describe.each(VIEWPORTS)('… at %s width', (name, viewport) => …)`. */
export const VIEWPORTS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

/** A button by its exact accessible name (inside Ionic's shadow DOM or not). */
export const button = (scope: Page | Locator, name: string): Locator =>
  scope.getByRole('button', { name, exact: true });
/** The element lies inside the viewport's width, so it can be seen and tapped. */
export async function expectOnScreen(page: Page, label: string, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, label).not.toBeNull();
  expect(box!.x, label).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, label).toBeLessThanOrEqual(width);
}

export const ARTIFACTS = join(import.meta.dirname, '../../test-artifacts');

/** The machine may have no network beyond loopback: keep Chromium from trying. */
export const CHROMIUM_ARGS = [
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
] as const;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS] });
}

/**
 * A page at `viewport`. `serviceWorkers: 'block'` when the test answers calls itself
 * (`page.route`): requests a service worker makes are not seen by the page's routes.
 * `bypassCSP: true` when the test adds a script of its own (tests/support/axe.ts).
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number },
  options: Pick<BrowserContextOptions, 'serviceWorkers' | 'bypassCSP'> = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const phone = viewport.width < 768;
  const context = await browser.newContext({
    baseURL,
    viewport,
    isMobile: phone,
    hasTouch: phone,
    ...options,
  });
  // A loaded two-core machine can be several times slower than a quiet one: wait longer than
  // Playwright's 30 s before calling an action or a wait failed.
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error(`[page error] ${err.message}`));
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}
