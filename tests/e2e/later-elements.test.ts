/**
 * Ionic's elements, the shell's and the screens' alike, are defined once the first screen shows
 * its content (src/app/components/later-elements.ts), in Chromium at 375px and 1280px: screens
 * show while that code is held back, draw the undefined shell, buttons, toggles and checkboxes in
 * the boxes they keep once defined, and a click on them before then is not lost.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { signInBrowser } from '../support/auth.ts';
import { PHONE, screenshot, VIEWPORTS } from '../support/browser.ts';
import { e2eSession, startAppServer } from '../support/e2e-session.ts';
import { TEST_MARKET } from '../support/trades.ts';

const e2e = e2eSession(() => startAppServer({ market: TEST_MARKET }));

const LATER = ['ion-segment', 'ion-segment-button', 'ion-checkbox', 'ion-spinner'];
const DRAWN = 'ion-segment, ion-segment-button, ion-checkbox';

const SHELL =
  'ion-app, ion-header, ion-toolbar, ion-content, ion-footer, ion-tab-bar, ion-tab-button, ion-tab-button > *, ion-button, main.screen, main.screen h1';

/** Each element `selector` matches, with its box rounded to the pixel. */
const boxes = (page: Page, selector = DRAWN) =>
  page.evaluate(
    (selector) =>
      [...document.querySelectorAll(selector)].map((el) => {
        const r = el.getBoundingClientRect();
        return `${el.tagName.toLowerCase()} ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
      }),
    selector,
  );

/** Holds the later elements' code back until `release` is called; `asked` once it was asked for. */
async function holdLaterElements(page: Page) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const state = { asked: false, release };
  await page.route(/\/assets\/ion-later-elements-[\w-]+\.js$/, async (route: Route) => {
    state.asked = true;
    await held;
    await route.continue();
  });
  return state;
}

const SCREENS = [
  { path: '/screener', heading: 'All Scans', content: 'section.scan-list .scan-card', slug: 'all-scans' },
  { path: '/trades', heading: 'Trades', content: 'main.screen h1', slug: 'trades' },
  {
    path: '/settings/account',
    heading: 'Account | Settings',
    content: 'main.screen ion-button',
    slug: 'settings',
  },
] as const;

describe.each(VIEWPORTS)('elements defined after the first content at %s width', (name, viewport) => {
  test('All Scans shows without them, in the same boxes, and keeps a click made before', async () => {
    const { context, page } = await e2e.open(viewport, { serviceWorkers: 'block' });
    await signInBrowser(context, e2e.server, `later-elements-${name}@example.com`);
    const held = await holdLaterElements(page);

    await page.goto('/screener');
    await page.getByRole('heading', { name: 'All Scans', exact: true }).waitFor();
    const predefined = page.locator('section.scan-list[data-list="Predefined Scans"]');
    await predefined.locator('.scan-card').first().waitFor();
    await expect.poll(() => held.asked).toBe(true);
    expect(await page.evaluate((tags) => tags.filter((tag) => customElements.get(tag)), LATER)).toEqual([]);

    // Clicked while undefined: the sort switches, the tag narrows the gallery.
    await page.locator('ion-segment-button', { hasText: 'Title' }).click();
    await predefined.locator('ion-checkbox', { hasText: 'Hedging' }).click();
    await expect.poll(() => predefined.locator('.scan-card').count()).toBe(4);
    const sortBy = page.locator('ion-segment[aria-label="Sort by"]');
    await expect(sortBy.getAttribute('value')).resolves.toBe('title');
    const before = await boxes(page);

    held.release();
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

describe.each(VIEWPORTS)('the shell before Ionic defines it at %s width', (name, viewport) => {
  test.each(SCREENS)('$path draws its shell and buttons in the boxes they keep', async (screen) => {
    const { context, page } = await e2e.open(viewport, { serviceWorkers: 'block' });
    await signInBrowser(context, e2e.server, `later-shell-${name}-${screen.slug}@example.com`);
    const held = await holdLaterElements(page);

    await page.goto(screen.path);
    await page.getByRole('heading', { name: screen.heading, exact: true }).waitFor();
    await page.locator(screen.content).first().waitFor();
    await expect.poll(() => held.asked).toBe(true);
    expect(await page.evaluate(() => customElements.get('ion-toolbar'))).toBeUndefined();
    // Scrolled a little where the page is long enough (All Scans): it stays scrolled.
    await page.evaluate(() => {
      const content = document.querySelector('ion-content');
      if (content) content.scrollTop = 150;
    });
    const before = await boxes(page, SHELL);
    await screenshot(page, `later-shell-${screen.slug}-${name}-undefined`);

    held.release();
    await page.waitForFunction(
      (selector) => [...document.querySelectorAll(selector)].every((el) => el.classList.contains('hydrated')),
      'ion-app, ion-header, ion-toolbar, ion-content, ion-button',
    );
    await expect.poll(() => boxes(page, SHELL)).toEqual(before);
    await screenshot(page, `later-shell-${screen.slug}-${name}-defined`);
    await context.close();
  });
  test("an address's #section, jumped to before, stays in view in every frame as they are defined", async () => {
    const { page } = await e2e.open(viewport, { serviceWorkers: 'block' });
    const held = await holdLaterElements(page);
    await page.goto('/terms#privacy');
    const privacy = page.getByRole('heading', { name: '9. Privacy' });
    await privacy.waitFor();
    await expect.poll(() => held.asked).toBe(true);
    const jumped = (await privacy.boundingBox())?.y ?? -1;
    expect(jumped).toBeGreaterThan(0);
    expect(jumped).toBeLessThan(viewport.height / 2);

    // The heading's place in each frame from the release until Ionic's content is ready: the
    // content's definition starts its shadow scroller at the top, which no frame may show.
    await page.evaluate(() => {
      const frames: number[] = [];
      Object.assign(window, { headingTops: frames });
      const sample = () => {
        frames.push(document.getElementById('privacy-title')?.getBoundingClientRect().y ?? -1);
        if (frames.length < 120) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    held.release();
    await page.waitForFunction(
      () => (window as unknown as { headingTops: number[] }).headingTops.length >= 120,
    );
    const frames = await page.evaluate(() => (window as unknown as { headingTops: number[] }).headingTops);
    expect(
      await page.evaluate(() => document.querySelector('ion-content')?.classList.contains('hydrated')),
    ).toBe(true);
    for (const y of frames) {
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(viewport.height - 40);
    }
    expect((await privacy.boundingBox())?.y).toBe(jumped);
    await page.context().close();
  });
});

test('a tab tapped before Ionic defines the tab bar opens its screen', async () => {
  const { context, page } = await e2e.open(PHONE, { serviceWorkers: 'block' });
  await signInBrowser(context, e2e.server, 'later-shell-tab@example.com');
  await holdLaterElements(page);
  await page.goto('/screener');
  await page.getByRole('heading', { name: 'All Scans', exact: true }).waitFor();
  const trades = page.locator('ion-tab-button[tab="trades"]');
  await expect(trades.getAttribute('data-selected')).resolves.toBeNull();
  await expect(page.locator('ion-tab-button[tab="screener"]').getAttribute('data-selected')).resolves.toBe(
    '',
  );
  await trades.click();
  await page.getByRole('heading', { name: 'Trades', exact: true }).waitFor();
  await expect(trades.getAttribute('data-selected')).resolves.toBe('');
  expect(await page.evaluate(() => customElements.get('ion-tab-button'))).toBeUndefined();
  await context.close();
});
