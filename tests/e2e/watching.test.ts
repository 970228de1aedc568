/**
 * Watching a scan in Chromium at 375px and 1280px (docs/WATCHING.md): WATCH on a sample's page,
 * the popover's counter, what watching does and this device's alerts; the toolbar's WATCHING;
 * the alert as the service worker shows it when a push message arrives (delivered through the
 * DevTools protocol, with the payload the server sends); All Scans' watch indicator and its
 * Watched switch.
 */
import { describe, expect, test } from 'vitest';
import type { ScanSummary } from '#api/screener-model.ts';
import { alertPushPayload } from '#server/watching/watch-alerts.ts';
import { signedIn } from '../support/auth.ts';
import { button, screenshot, VIEWPORTS } from '../support/browser.ts';
import { e2eSession } from '../support/e2e-session.ts';
import { openScanForOffline, startScanPageServer } from '../support/scan-page.ts';
import { lists } from '../support/screener.ts';

const e2e = e2eSession(() => startScanPageServer());

describe.each(VIEWPORTS)('watching a scan at %s width', (name, viewport) => {
  test('WATCH, the alert on this device, and All Scans', async () => {
    const email = `watcher-${name}@example.com`;
    const { context, page } = await e2e.signedInPage(viewport, email);
    const client = await signedIn(e2e.server, email);
    const sample = (await lists(client)).flatMap((l) => l.items).find((s): s is ScanSummary => s.isSample);
    if (!sample) throw new Error('no sample scan');
    await openScanForOffline(page, sample);

    await button(page, 'WATCH').click();
    // Its title says 'Watching this scan' once watched.
    const dialog = page.getByRole('dialog', { name: /^Watch(ing)? this scan$/ });
    await dialog.getByText('Watching 0 out of 20 available scans').waitFor();
    await dialog.getByText(/this scan is checked every 15 minutes/).waitFor();
    // Chromium has push; nothing is allowed yet.
    await button(dialog, 'TURN ON ALERTS HERE').waitFor();
    const box = await dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(Math.min(416, viewport.width));
    await screenshot(page, `watch-dialog-${name}`);

    await button(dialog, 'WATCH').click();
    await dialog.getByText('Watching 1 out of 20 available scans').waitFor();
    await page.getByRole('status').getByText('Watching this scan.').waitFor();
    await button(dialog, 'CANCEL').click();
    await page.getByRole('button', { name: 'WATCHING', pressed: true }).waitFor();
    await screenshot(page, `watch-watching-${name}`);

    // An alert arrives: the service worker shows it, tagged by scan, opening the scan.
    const origin = new URL(e2e.server.url).origin;
    await context.grantPermissions(['notifications'], { origin });
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.some((r) => r.scopeURL.startsWith(origin))).toBe(true);
    const registrationId = registrations.find((r) => r.scopeURL.startsWith(origin))!.registrationId;
    const payload = alertPushPayload({
      scan: { id: sample.id, title: sample.title },
      trades: [
        { id: 'a', underlying: 'AAPL', strategy: sample.strategy, legs: [], values: {} },
        { id: 'b', underlying: 'KO', strategy: sample.strategy, legs: [], values: {} },
      ],
      appUrl: origin,
    });
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: payload });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data as unknown,
        })),
      );
    await expect.poll(shown).toEqual([
      {
        title: `2 new trades: ${sample.title}`,
        body: "AAPL, KO entered the scan's top 10.",
        tag: `scan-${sample.id}`,
        data: { url: `/screener/scan/${sample.id}` },
      },
    ]);

    // All Scans: the card says watched, and the Watched switch keeps it alone.
    await page.goto('/screener');
    const card = page.locator(`.scan-card[data-scan="${sample.title}"]`).first();
    await card.getByRole('img', { name: 'Watched' }).waitFor();
    await page.locator('ion-segment-button', { hasText: 'Watched' }).click();
    await page.locator('ion-segment-button.segment-button-checked', { hasText: 'Watched' }).waitFor();
    await expect.poll(() => page.locator('.scan-card').count()).toBe(1);
    await screenshot(page, `watch-all-scans-${name}`);
    await context.close();
  });
});
