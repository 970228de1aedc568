/**
 * Ionic's segment, checkbox and spinner are defined once the first screen shows its content
 * (src/app/components/later-elements.ts), in Chromium at 375px and 1280px: All Scans shows its
 * lists while their code is held back, draws the undefined toggles and tag checkboxes in the
 * boxes they keep once defined, and a click on them before then is not lost.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { signInBrowser } from '../support/auth.ts';
import { VIEWPORTS } from '../support/browser.ts';
import { e2eSession, startAppServer } from '../support/e2e-session.ts';
import { TEST_MARKET } from '../support/trades.ts';

const e2e = e2eSession(() => startAppServer({ market: TEST_MARKET }));

const LATER = ['ion-segment', 'ion-segment-button', 'ion-checkbox', 'ion-spinner'];
const DRAWN = 'ion-segment, ion-segment-button, ion-checkbox';

/** Each drawn element's box, rounded to the pixel. */
const boxes = (page: Page) =>
  page.evaluate(
    (selector) =>
      [...document.querySelectorAll(selector)].map((el) => {
        const r = el.getBoundingClientRect();
        return `${el.tagName.toLowerCase()} ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
      }),
    DRAWN,
  );

describe.each(VIEWPORTS)('elements defined after the first content at %s width', (name, viewport) => {
  test('All Scans shows without them, in the same boxes, and keeps a click made before', async () => {
    const { context, page } = await e2e.open(viewport, { serviceWorkers: 'block' });
    await signInBrowser(context, e2e.server, `later-elements-${name}@example.com`);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = false;
    await page.route(/\/assets\/ion-later-elements-[\w-]+\.js$/, async (route: Route) => {
      asked = true;
      await held;
      await route.continue();
    });

    await page.goto('/screener');
    await page.getByRole('heading', { name: 'All Scans', exact: true }).waitFor();
    const predefined = page.locator('section.scan-list[data-list="Predefined Scans"]');
    await predefined.locator('.scan-card').first().waitFor();
    await expect.poll(() => asked).toBe(true);
    expect(await page.evaluate((tags) => tags.filter((tag) => customElements.get(tag)), LATER)).toEqual([]);

    // Clicked while undefined: the sort switches, the tag narrows the gallery.
    await page.locator('ion-segment-button', { hasText: 'Title' }).click();
    await predefined.locator('ion-checkbox', { hasText: 'Hedging' }).click();
    await expect.poll(() => predefined.locator('.scan-card').count()).toBe(4);
    const sortBy = page.locator('ion-segment[aria-label="Sort by"]');
    await expect(sortBy.getAttribute('value')).resolves.toBe('title');
    const before = await boxes(page);

    release();
    await page.waitForFunction(
      (selector) => [...document.querySelectorAll(selector)].every((el) => el.classList.contains('hydrated')),
      DRAWN,
    );
    expect(await boxes(page)).toEqual(before);
    await expect(sortBy.evaluate((el) => (el as HTMLInputElement).value)).resolves.toBe('title');
    await expect(
      predefined
        .locator('ion-checkbox', { hasText: 'Hedging' })
        .evaluate((el) => (el as HTMLInputElement).checked),
    ).resolves.toBe(true);
    // Defined, the elements switch by themselves.
    await page.locator('ion-segment-button', { hasText: 'Create date' }).click();
    await expect.poll(() => sortBy.evaluate((el) => (el as HTMLInputElement).value)).toBe('createDate');
    await context.close();
  });
});
