import { describe, expect, test } from 'vitest';
import { dueRuns } from '#server/reports/report-schedule.ts';

/** New York wall time to epoch ms (EST, UTC−5, in November; EDT, UTC−4, in April). */
const ny = (iso: string, offsetHours = 5) => Date.parse(`${iso}Z`) + offsetHours * 3_600_000;

describe('when reports are due (New York time, NYSE calendar)', () => {
  test('after a midweek close until the next open: end of day', () => {
    expect(dueRuns(ny('2026-11-18T16:05:00'))).toEqual([{ frequency: 'd_eod', period: '2026-11-18' }]);
    expect(dueRuns(ny('2026-11-19T09:29:00'))).toEqual([{ frequency: 'd_eod', period: '2026-11-18' }]);
    expect(dueRuns(ny('2026-11-19T09:31:00'))).toEqual([]);
  });

  test("after Friday's close, over the weekend: end of day and weekend", () => {
    const friday = [
      { frequency: 'd_eod', period: '2026-11-20' },
      { frequency: 'w_eod', period: '2026-11-20 weekend' },
    ];
    expect(dueRuns(ny('2026-11-20T16:01:00'))).toEqual(friday);
    expect(dueRuns(ny('2026-11-22T12:00:00'))).toEqual(friday);
    expect(dueRuns(ny('2026-11-23T09:00:00'))).toEqual(friday);
  });

  test('before a Friday holiday the week ends on Thursday (Good Friday 2026)', () => {
    expect(dueRuns(ny('2026-04-02T17:00:00', 4))).toEqual([
      { frequency: 'd_eod', period: '2026-04-02' },
      { frequency: 'w_eod', period: '2026-04-02 weekend' },
    ]);
  });

  test('intraday: from 1.5 hours before the close to the close, early closes included', () => {
    expect(dueRuns(ny('2026-11-18T14:29:00'))).toEqual([]);
    expect(dueRuns(ny('2026-11-18T14:30:00'))).toEqual([
      { frequency: 'd_intraday', period: '2026-11-18 intraday' },
    ]);
    expect(dueRuns(ny('2026-11-18T15:59:00'))).toEqual([
      { frequency: 'd_intraday', period: '2026-11-18 intraday' },
    ]);
    // The day after Thanksgiving closes at 13:00.
    expect(dueRuns(ny('2026-11-27T11:45:00'))).toEqual([
      { frequency: 'd_intraday', period: '2026-11-27 intraday' },
    ]);
    expect(dueRuns(ny('2026-11-27T13:10:00'))).toEqual([
      { frequency: 'd_eod', period: '2026-11-27' },
      { frequency: 'w_eod', period: '2026-11-27 weekend' },
    ]);
  });
});
