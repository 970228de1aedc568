/**
 * A report as an e-mail (docs/REPORTS.md): what it shows, when, and one row per name: its price,
 * where its calls' and puts' weight is centred (signed distance from the price), how many
 * contracts, and the put/call ratio. Pure.
 */
import { formatMoney, formatNumber, formatPercent } from '#domain/columns/number-format.ts';
import {
  FREQUENCY_LABELS,
  REPORTS,
  type ReportFrequency,
  type ReportId,
} from '#domain/reports/report-catalogue.ts';
import { appLink, emailLayout } from '../mail/email-layout.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { ReportLine } from './report-content.ts';

const NY_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/New_York',
});

const signed = (fraction: number) => `${fraction > 0 ? '+' : ''}${formatPercent(fraction, 1)}`;

export function reportEmail(input: {
  readonly to: string;
  readonly report: ReportId;
  readonly frequency: ReportFrequency;
  readonly lines: readonly ReportLine[];
  /** The market instant of the figures (epoch ms). */
  readonly asOfMs: number;
  readonly appUrl: string;
}): MailMessage {
  const { report, frequency, lines, asOfMs, appUrl, to } = input;
  const { title, description } = REPORTS[report];
  const contracts = report === 'vwks' ? 'traded' : 'open';
  const rendered = emailLayout({
    subject: `${title}: ${FREQUENCY_LABELS[frequency].replace(/ \(.*\)$/, '').toLowerCase()} report, ${NY_TIME.format(asOfMs)}`,
    title: `${title} report`,
    paragraphs: [
      description,
      `Figures as of ${NY_TIME.format(asOfMs)} New York time. Each row: the stock's price, the weighted mean strike of its calls and of its puts as a distance from that price, the contracts ${contracts}, and puts over calls.`,
      ...(lines.length === 0 ? ['No name had options with both calls and puts to report on.'] : []),
    ],
    rows: lines.map((line) => ({
      label: `${line.symbol} ${formatMoney(line.last, 2)}`,
      value: `calls ${signed(line.callCenter)} · puts ${signed(line.putCenter)} · ${formatNumber(line.weight, 0)} ${contracts} · P/C ${formatNumber(line.putCallRatio, 2)}`,
    })),
    action: { text: 'Open the screener', url: appLink(appUrl, '/screener') },
    footer: [
      `You receive this e-mail because you chose the ${title} report, ${FREQUENCY_LABELS[frequency]}, in Settings → Reports. Change or stop it there.`,
    ],
  });
  return { to, ...rendered };
}
