import { describe, expect, test } from 'vitest';
import { signInBrowser } from '../support/auth.ts';
import { PHONE, screenshot } from '../support/browser.ts';
import { e2eSession } from '../support/e2e-session.ts';

const e2e = e2eSession();

/** A signed-in page on /screener once the service worker has its precache and controls the page. */
async function controlledPage(email: string) {
  const { context, page } = await e2e.open(PHONE);
  // Every screen but the sign-in pages needs a token.
  await signInBrowser(context, e2e.server, email);
  await page.goto('/screener');
  await page.getByRole('heading', { name: 'All Scans' }).waitFor();
  await page.evaluate(() =>
    Promise.race([
      navigator.serviceWorker.ready,
      new Promise((_, reject) => setTimeout(() => reject(new Error('service worker not ready')), 15_000)),
    ]),
  );
  await page.reload();
  await expect(page.evaluate(() => navigator.serviceWorker.controller !== null)).resolves.toBe(true);
  return { context, page };
}

describe('offline shell', () => {
  test('with the network off, a reload and a deep link still show the shell', async () => {
    const { context, page } = await controlledPage('shell@example.com');

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'All Scans' }).waitFor();
    await page.goto('/trades');
    await page.getByRole('heading', { name: 'Trades' }).waitFor();
    await expect(page.locator('ion-tab-bar').isVisible()).resolves.toBe(true);
    await screenshot(page, 'offline-phone-375');
    await context.setOffline(false);
    await context.close();
  });

  test("the service worker leaves the server's pages to the server: the test store's checkout frame", async () => {
    const { context, page } = await controlledPage('store-frame@example.com');
    // A client route is answered by the service worker with the shell…
    const route = await page.goto('/trades');
    expect(route?.fromServiceWorker()).toBe(true);
    // …the store's pages (framed by the checkout screen) by the e2e.server.
    const store = await page.goto('/store/checkout?product=OS-BEG-M');
    expect(store?.fromServiceWorker()).toBe(false);
    await context.close();
    // Nor does the server answer its own paths with the shell: a page the store lacks is not found.
    expect((await e2e.server.request('/store/no-such-page')).status).toBe(404);
  });

  test('the web app manifest is served with the install fields', async () => {
    const res = await e2e.server.request('/manifest.webmanifest');
    expect(res.status).toBe(200);
    const manifest = (await res.json()) as {
      display: string;
      start_url: string;
      icons: { sizes: string; purpose?: string }[];
    };
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('/screener');
    expect(manifest.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512', '512x512']);
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  });
});
