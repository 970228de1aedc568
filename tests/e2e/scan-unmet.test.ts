/**
 * A result row that live values carry past the scan's own filter keeps its place and is marked
 * (Chromium, 375px and 1280px). The live values come from the real hub; the test only raises the
 * first row's max loss in the frames on their way to the page (a market that drifts past a bound
 * on demand is not something a test can wait for).
 */
import type { WebSocketRoute } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { signInBrowser } from '../support/auth.ts';
import { button, screenshot, VIEWPORTS } from '../support/browser.ts';
import { e2eSession } from '../support/e2e-session.ts';
import { menu, results, rows, startScanPageServer } from '../support/scan-page.ts';

/** Max. Loss ≤ $500 (per contract) is $5 a share; the hub sends per-share values. */
const PAST_THE_BOUND = 5.025;
const SEPARATOR = '\u001e';

const e2e = e2eSession(startScanPageServer);

interface LiveTrade {
  id: string;
  values?: Record<string, unknown>;
}

/** Passes the hub's frames through, with `tradeId`'s max loss raised past the scan's bound. */
function raiseMaxLoss(ws: WebSocketRoute, tradeId: () => string | null) {
  const hub = ws.connectToServer();
  ws.onMessage((message) => hub.send(message));
  hub.onMessage((message) => {
    if (typeof message !== 'string') return ws.send(message);
    const parts = message.split(SEPARATOR).map((part) => {
      if (!part.includes('max_loss')) return part;
      const frame = JSON.parse(part) as { result?: { trades?: LiveTrade[] }; arguments?: [LiveTrade[]] };
      const trades = frame.result?.trades ?? frame.arguments?.[0] ?? [];
      for (const t of trades) if (t.id === tradeId() && t.values) t.values.max_loss = PAST_THE_BOUND;
      return JSON.stringify(frame);
    });
    ws.send(parts.join(SEPARATOR));
  });
}

describe.each(VIEWPORTS)('a row past the scan’s filter at %s width', (name, viewport) => {
  test('stays in place, marked with the filter it no longer meets', async () => {
    const { context, page } = await e2e.open(viewport);
    try {
      await signInBrowser(context, e2e.server, `unmet-${name}@example.com`);
      await page.addInitScript(() => localStorage.setItem('optionscout.walkthrough', 'false'));
      let first: string | null = null;
      await page.routeWebSocket(/\/hubs\/trades/, (ws) => raiseMaxLoss(ws, () => first));
      await page.goto('/screener/scan');
      await results(page);
      if (name === 'phone') await page.getByRole('button', { name: /^Filters \(\d+\)$/ }).click();
      await menu(page, button(page, 'Strategy: Covered Call'), 'Bull Put Spread');
      await results(page);
      const order = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-trade-id')));
      first = order[0] ?? null;
      expect(first).toBeTruthy();

      const row = rows(page).first();
      const mark = row.getByRole('img', { name: 'No longer matches the scan: Max. Loss ≤ $500' });
      await mark.waitFor();
      await expect(row.getAttribute('class')).resolves.toContain('unmet');
      // Still where it was: the page does not reorder under the user's finger.
      const after = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-trade-id')));
      expect(after[0]).toBe(first);
      await screenshot(page, `scan-unmet-${name}`);
    } finally {
      await context.close();
    }
  });
});
