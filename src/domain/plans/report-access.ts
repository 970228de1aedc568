/**
 * Emailed reports and the plan level each frequency needs (spec 3 §3, §6, §9): weekly and
 * daily end-of-day need the Regular level, the intraday one needs Intraday.
 */
import { ReportsAvailability } from './plan-limits.ts';

export const ReportFrequency = {
  WeeklyEod: 'w_eod',
  DailyEod: 'd_eod',
  DailyIntraday: 'd_intraday',
} as const;
export type ReportFrequency = (typeof ReportFrequency)[keyof typeof ReportFrequency];

export const REPORT_FREQUENCY_LABELS: Readonly<Record<ReportFrequency, string>> = {
  w_eod: "Weekend (After Friday's close)",
  d_eod: "End of Day (Before next day's open)",
  d_intraday: '1.5 hours before market close',
};

export const ReportKey = { CenterOfMass: 'vwks', OpenInterest: 'oiwks' } as const;
export type ReportKey = (typeof ReportKey)[keyof typeof ReportKey];

export const REPORT_NAMES: Readonly<Record<ReportKey, string>> = {
  vwks: 'Center of Mass',
  oiwks: 'Open Interest',
};

/** Frequencies each report can be sent at: Center of Mass all three, Open Interest the first two. */
export const REPORT_FREQUENCIES: Readonly<Record<ReportKey, readonly ReportFrequency[]>> = {
  vwks: ['w_eod', 'd_eod', 'd_intraday'],
  oiwks: ['w_eod', 'd_eod'],
};

const REQUIRED_LEVEL: Readonly<Record<ReportFrequency, ReportsAvailability>> = {
  w_eod: ReportsAvailability.Regular,
  d_eod: ReportsAvailability.Regular,
  d_intraday: ReportsAvailability.Intraday,
};

export function canUseReportFrequency(
  frequency: ReportFrequency,
  availability: ReportsAvailability,
): boolean {
  return availability >= REQUIRED_LEVEL[frequency];
}
