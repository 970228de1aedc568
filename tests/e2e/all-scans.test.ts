/**
 * All Scans and Settings → Universes in Chromium at 375px and 1280px: the gallery's lists and tag
 * checkboxes, favourites, a custom list created, renamed and deleted with the spec's messages,
 * a scan moved to it and back, an edited description, a duplicated sample, sorting and collapsed
 * lists kept across a reload; universes added, edited and deleted, and the used-in-scans refusal.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { signedIn } from '../support/auth.ts';
import { button, screenshot, VIEWPORTS } from '../support/browser.ts';
import { e2eSession, startAppServer } from '../support/e2e-session.ts';
import { call, saveScan } from '../support/screener.ts';
import { TEST_MARKET } from '../support/trades.ts';

const e2e = e2eSession(() => startAppServer({ market: TEST_MARKET }));

const list = (page: Page, name: string) => page.locator(`section.scan-list[data-list="${name}"]`);
const card = (scope: Page | Locator, title: string) => scope.locator(`.scan-card[data-scan="${title}"]`);

async function cardMenu(page: Page, scope: Locator, choice: string) {
  await button(scope, 'Scan actions').click();
  const item = page.locator('ion-popover.scan-menu ion-item', { hasText: choice });
  await item.waitFor();
  await item.click();
  await page.locator('ion-popover.scan-menu').waitFor({ state: 'detached' });
}

const SAMPLE = 'Balanced Iron Condors';
const HEDGE = 'Married Calls';

describe.each(VIEWPORTS)('All Scans at %s width', (name, viewport) => {
  test('gallery, favourites, custom lists, moving, descriptions, duplicating, view settings', async () => {
    const email = `scanner-${name}@example.com`;
    const { context, page } = await e2e.signedInPage(viewport, email);

    // The lists: Saved (empty, with its text), Favorites, Predefined with the gallery.
    await page.goto('/screener');
    await page.getByRole('heading', { name: 'All Scans', exact: true }).waitFor();
    const predefined = list(page, 'Predefined Scans');
    await card(predefined, SAMPLE).waitFor();
    expect(await predefined.locator('.scan-card').count()).toBeGreaterThanOrEqual(30);
    await list(page, 'Saved Scans')
      .getByText(
        'Saved scans will appear here. Check out the predefined scans below or use Compose New Scan button above.',
      )
      .waitFor();
    await list(page, 'Favorites').getByText('No watched scans in this list.').waitFor();
    await screenshot(page, `all-scans-${name}-lists`);

    // Tag checkboxes narrow the gallery to scans carrying every chosen tag.
    const tag = (label: string) => predefined.locator('ion-checkbox', { hasText: label });
    await tag('Hedging').click();
    await expect.poll(() => predefined.locator('.scan-card').count()).toBe(4);
    await card(predefined, HEDGE).waitFor();
    await tag('Earnings').click();
    await predefined
      .getByText('No scans fit all of the selected tags. Please choose a different set of tags.')
      .waitFor();
    // The checkbox's own state, once it is defined (its definition waits for the first content).
    const checked = (label: string) => tag(label).evaluate((el) => (el as HTMLInputElement).checked);
    await expect
      .poll(() => Promise.all([checked('Hedging'), checked('Earnings'), checked('Income')]))
      .toEqual([true, true, false]);
    await screenshot(page, `all-scans-${name}-tags`);
    await tag('Earnings').click();
    await tag('Hedging').click();
    await expect.poll(() => predefined.locator('.scan-card').count()).toBeGreaterThanOrEqual(30);

    // Favourite a sample: it shows in Favorites; the star says so.
    await button(card(predefined, SAMPLE), 'Add to favorites').click();
    await card(list(page, 'Favorites'), SAMPLE).waitFor();
    await button(card(predefined, SAMPLE), 'Remove from favorites').waitFor();

    // A new list: blank and duplicate names are refused with the spec's words.
    await button(page, 'New List').click();
    const newList = page.locator('section.new-list');
    await newList.getByRole('heading', { name: 'New List' }).waitFor();
    await button(newList, 'OK').click();
    await newList.getByText('List name cannot be empty.').waitFor();
    await newList.getByLabel('List name').fill('saved scans');
    await button(newList, 'OK').click();
    await newList.getByText('List name must be unique. Please choose a different name.').waitFor();
    await newList.getByLabel('List name').fill('x'.repeat(101));
    await newList.getByText('A list name can have at most 100 characters.').waitFor();
    await newList.getByLabel('List name').fill('Weekly income');
    await button(newList, 'OK').click();
    await list(page, 'Weekly income').getByText('No scans in this list.').waitFor();
    await expect(newList.count()).resolves.toBe(0);

    // Duplicate a sample: the copy opens on the scan page and lives in Saved.
    await cardMenu(page, card(predefined, HEDGE), 'Duplicate');
    await page.waitForURL(/\/screener\/scan\/\d+$/);
    await page.goto('/screener');
    const saved = list(page, 'Saved Scans');
    const copy = card(saved, HEDGE);
    await copy.waitFor();
    await expect(copy.locator('.scan-tags li').allTextContents()).resolves.toEqual(['Bearish', 'Hedging']);

    // Move it to the custom list and back.
    await cardMenu(page, copy, 'Move to Weekly income');
    await card(list(page, 'Weekly income'), HEDGE).waitFor();
    await saved.getByText('Saved scans will appear here.', { exact: false }).waitFor();
    await cardMenu(page, card(list(page, 'Weekly income'), HEDGE), 'Move to Saved Scans');
    await copy.waitFor();
    await list(page, 'Weekly income').getByText('No scans in this list.').waitFor();

    // Edit its description (the sample's, copied) in place; it is kept.
    await copy.locator('button.scan-description').click();
    await copy.getByLabel('Description').fill('Hedge for the short book');
    await copy.getByLabel('Description').press('Enter');
    await copy.getByRole('button', { name: 'Hedge for the short book' }).waitFor();
    await screenshot(page, `all-scans-${name}-cards`);

    // Rename the list: the same rules; then the new name shows.
    await button(list(page, 'Weekly income'), 'Rename Weekly income').click();
    const rename = list(page, 'Weekly income').getByLabel('List name');
    await rename.fill('Favorites');
    await button(list(page, 'Weekly income'), 'OK').click();
    await list(page, 'Weekly income')
      .getByText('List name must be unique. Please choose a different name.')
      .waitFor();
    await rename.fill('  ');
    await button(list(page, 'Weekly income'), 'OK').click();
    await list(page, 'Weekly income').getByText('List name cannot be empty.').waitFor();
    await rename.fill('Weeklies');
    await button(list(page, 'Weekly income'), 'OK').click();
    await list(page, 'Weeklies').getByRole('heading', { name: 'Weeklies' }).waitFor();

    // Delete it with a scan inside: asked first, then the scan is back in Saved.
    await cardMenu(page, copy, 'Move to Weeklies');
    await card(list(page, 'Weeklies'), HEDGE).waitFor();
    await button(list(page, 'Weeklies'), 'Delete Weeklies').click();
    await list(page, 'Weeklies')
      .getByText(
        'Are you sure you want to delete this list? (All scans from this list will be moved to Saved Scans)',
      )
      .waitFor();
    await screenshot(page, `all-scans-${name}-delete-list`);
    await button(list(page, 'Weeklies'), 'Yes').click();
    await list(page, 'Weeklies').waitFor({ state: 'detached' });
    await copy.waitFor();

    // Sorting and collapsed lists survive a reload.
    await page.locator('ion-segment-button', { hasText: 'Title' }).click();
    const toggle = predefined.locator('.scan-list-toggle');
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await page.reload();
    await page.getByRole('heading', { name: 'All Scans', exact: true }).waitFor();
    await expect(
      list(page, 'Predefined Scans').locator('.scan-list-toggle').getAttribute('aria-expanded'),
    ).resolves.toBe('false');
    await expect(list(page, 'Predefined Scans').locator('.scan-card').count()).resolves.toBe(0);
    await list(page, 'Saved Scans').getByRole('button', { name: 'Hedge for the short book' }).waitFor();
    await list(page, 'Predefined Scans').locator('.scan-list-toggle').click();
    const titles = await list(page, 'Predefined Scans').locator('.scan-title').allTextContents();
    expect(titles).toEqual(
      [...titles].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true })),
    );

    // COMPOSE NEW SCAN opens a blank scan.
    await button(page, 'COMPOSE NEW SCAN').click();
    await page.waitForURL(/\/screener\/scan$/);
    await context.close();
  });
});

describe.each(VIEWPORTS)('Settings → Universes at %s width', (name, viewport) => {
  test('add, edit, delete; required fields, duplicates and universes in use refused', async () => {
    const email = `universes-${name}@example.com`;
    const client = await signedIn(e2e.server, email);
    const { context, page } = await e2e.signedInPage(viewport, email);
    await page.goto('/settings/universes');
    await page.getByRole('heading', { name: 'Universes', exact: true }).waitFor();
    const item = (n: string) => page.locator(`[data-universe="${n}"]`);
    await item('Dow 30').getByText('AAPL, AMGN', { exact: false }).waitFor();
    await expect(button(item('Dow 30'), 'Edit').count()).resolves.toBe(0);

    // Add: both fields are required; symbols are cleaned.
    await button(page, 'Add').click();
    await expect(button(page, 'Add').count()).resolves.toBe(0);
    await button(page, 'OK').click();
    await page.getByText('Name is required.').waitFor();
    await page.getByText('Symbols are required.').waitFor();
    await page.getByLabel('Name').fill('Tech');
    await page.getByLabel('Symbols').fill('aapl, qqq;  spy aapl');
    await button(page, 'OK').click();
    await item('Tech').getByText('AAPL, QQQ, SPY').waitFor();

    // A duplicate name and an unknown symbol: the server's words, in the form.
    await button(page, 'Add').click();
    await page.getByLabel('Name').fill('tech');
    await page.getByLabel('Symbols').fill('KO');
    await button(page, 'OK').click();
    await page.getByText("Universes' names have to be unique. Please choose a different name.").waitFor();
    await page.getByLabel('Name').fill('Drinks');
    await page.getByLabel('Symbols').fill('KO, NOPE');
    await button(page, 'OK').click();
    await page.getByText('Unknown symbols: NOPE').waitFor();
    await screenshot(page, `universes-${name}-form`);
    await button(page, 'Cancel').click();
    await expect(page.locator('[data-universe="Drinks"]').count()).resolves.toBe(0);

    // Edit.
    await button(item('Tech'), 'Edit').click();
    await page.getByLabel('Symbols').fill('KO SPY');
    await button(page, 'OK').click();
    await item('Tech').getByText('KO, SPY').waitFor();

    // Delete while a scan uses it: refused, naming the scan; then allowed.
    const universeId = (
      (await (await call(client, 'GET', '/universes')).json()) as { universe_id: number; name: string }[]
    ).find((u) => u.name === 'Tech')!.universe_id;
    const scan = await saveScan(client, {
      title: 'Tech puts',
      filters: { universe: { type: 'any_of', values: [universeId] } },
    });
    await button(item('Tech'), 'Delete').click();
    await item('Tech').getByText('Are you sure?').waitFor();
    await button(item('Tech'), 'OK').click();
    await item('Tech')
      .getByText('Unable to delete the universe because it is being used in scan(s): Tech puts')
      .waitFor();
    await screenshot(page, `universes-${name}-in-use`);
    await button(item('Tech'), 'Cancel').click();
    await call(client, 'DELETE', `/scans/${scan.id}`);
    await button(item('Tech'), 'Delete').click();
    await button(item('Tech'), 'OK').click();
    await item('Tech').waitFor({ state: 'detached' });
    await screenshot(page, `universes-${name}-list`);
    await context.close();
  });
});
