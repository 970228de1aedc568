/**
 * What a watched scan's alert says (docs/WATCHING.md): the new trades of its top results, each as
 * its ticker and legs, in a push notification (short: a phone shows two or three lines) and an
 * e-mail (every new trade, a link to the scan). Pure.
 */
import { rowLegsLine } from '#api/scan-row-legs.ts';
import type { ScanTradeRow } from '#api/scans.ts';
import { WATCH_TOP_TRADES } from '#domain/watching/new-trades.ts';
import { appLink, emailLayout } from '../mail/email-layout.ts';
import type { MailMessage } from '../mail/mailer.ts';

export interface AlertInput {
  readonly scan: { readonly id: number; readonly title: string };
  /** The new trades, best first. */
  readonly trades: readonly ScanTradeRow[];
  /** The app's address (PUBLIC_URL). */
  readonly appUrl: string;
}

/** Tickers a push notification names before '+N more'. */
const PUSH_TICKERS = 3;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The scan's page in the app. */
const scanPath = (id: number): string => `/screener/scan/${id}`;

/** The push message's JSON, as the service worker reads it (sw/push-payload.ts). */
export function alertPushPayload({ scan, trades }: AlertInput): string {
  const tickers = trades.slice(0, PUSH_TICKERS).map((t) => t.underlying);
  const more = trades.length - tickers.length;
  return JSON.stringify({
    title: `${plural(trades.length, 'new trade', 'new trades')}: ${scan.title}`,
    body: `${tickers.join(', ')}${more > 0 ? ` and ${more} more` : ''} entered the scan's top ${WATCH_TOP_TRADES}.`,
    scanId: scan.id,
    url: scanPath(scan.id),
  });
}

export function alertEmail(input: AlertInput & { readonly to: string }): MailMessage {
  const { scan, trades, appUrl, to } = input;
  const rendered = emailLayout({
    subject: `${plural(trades.length, 'new trade', 'new trades')} in your watched scan “${scan.title}”`,
    title: `New trades in “${scan.title}”`,
    paragraphs: [
      `${plural(trades.length, 'trade', 'trades')} entered the top ${WATCH_TOP_TRADES} of this scan since its last check. Prices move: open the scan for the live quotes before you trade.`,
    ],
    rows: trades.map((t) => ({ label: t.underlying, value: rowLegsLine(t) || t.strategy })),
    action: { text: 'Open the scan', url: appLink(appUrl, scanPath(scan.id)) },
    footer: [
      'You receive this e-mail because you watch this scan. To stop, open the scan and choose STOP WATCHING.',
    ],
  });
  return { to, ...rendered };
}
