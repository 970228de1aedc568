import { describe, expect, test } from 'vitest';
import { ReportsAvailability } from '#domain/plans/plan-limits.ts';
import {
  canUseReportFrequency,
  REPORT_FREQUENCIES,
  REPORT_FREQUENCY_LABELS,
  REPORT_NAMES,
} from '#domain/plans/report-access.ts';

describe('report access (spec 3 §6, §9)', () => {
  test('end-of-day reports need Regular, intraday needs Intraday', () => {
    const table = (['w_eod', 'd_eod', 'd_intraday'] as const).map((f) => [
      f,
      canUseReportFrequency(f, ReportsAvailability.None),
      canUseReportFrequency(f, ReportsAvailability.Regular),
      canUseReportFrequency(f, ReportsAvailability.Intraday),
    ]);
    expect(table).toEqual([
      ['w_eod', false, true, true],
      ['d_eod', false, true, true],
      ['d_intraday', false, false, true],
    ]);
  });

  test('Center of Mass has three frequencies, Open Interest the first two', () => {
    expect(REPORT_FREQUENCIES).toEqual({ vwks: ['w_eod', 'd_eod', 'd_intraday'], oiwks: ['w_eod', 'd_eod'] });
    expect(REPORT_NAMES).toEqual({ vwks: 'Center of Mass', oiwks: 'Open Interest' });
  });

  test('frequency labels', () => {
    expect(REPORT_FREQUENCY_LABELS).toEqual({
      w_eod: "Weekend (After Friday's close)",
      d_eod: "End of Day (Before next day's open)",
      d_intraday: '1.5 hours before market close',
    });
  });
});
