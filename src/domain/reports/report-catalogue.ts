/**
 * The e-mailed reports (spec 3 §2, §6, §9; docs/REPORTS.md): which reports there are, how often
 * each can be sent, and which frequencies a plan's report level allows. Weekend and end-of-day
 * reports need the regular level (yearly plans), the intraday one the intraday level (Advanced
 * yearly).
 */
import { ReportsAvailability } from '../plans/plan-limits.ts';

export const REPORT_FREQUENCIES = ['w_eod', 'd_eod', 'd_intraday'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

export const isReportFrequency = (value: string | undefined): value is ReportFrequency =>
  (REPORT_FREQUENCIES as readonly (string | undefined)[]).includes(value);

export const FREQUENCY_LABELS: Readonly<Record<ReportFrequency, string>> = {
  w_eod: "Weekend (After Friday's close)",
  d_eod: "End of Day (Before next day's open)",
  d_intraday: '1.5 hours before market close',
};

export const REPORT_IDS = ['vwks', 'oiwks'] as const;
export type ReportId = (typeof REPORT_IDS)[number];

export interface ReportDefinition {
  readonly title: string;
  /** What the report shows, for the settings page and the e-mail's opening. */
  readonly description: string;
  readonly frequencies: readonly ReportFrequency[];
}

export const REPORTS: Readonly<Record<ReportId, ReportDefinition>> = {
  vwks: {
    title: 'Center of Mass',
    description:
      "Where today's option trading is centred: for the names with the most option volume, the volume-weighted strike of their calls and of their puts, against the stock's price.",
    frequencies: ['w_eod', 'd_eod', 'd_intraday'],
  },
  oiwks: {
    title: 'Open Interest',
    description:
      'Where open positions sit: for the names with the most open interest, the open-interest-weighted strike of their calls and of their puts, against the stock price, and the put/call ratio.',
    frequencies: ['w_eod', 'd_eod'],
  },
};

export const isReportId = (value: string): value is ReportId =>
  (REPORT_IDS as readonly string[]).includes(value);

/** The report level a frequency needs. */
const LEVEL_NEEDED: Readonly<Record<ReportFrequency, ReportsAvailability>> = {
  w_eod: ReportsAvailability.Regular,
  d_eod: ReportsAvailability.Regular,
  d_intraday: ReportsAvailability.Intraday,
};

export function frequencyAllowed(availability: ReportsAvailability, frequency: ReportFrequency): boolean {
  return availability >= LEVEL_NEEDED[frequency];
}
