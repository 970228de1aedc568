import { expect, test } from 'vitest';
import { effectiveLimits } from '#domain/plans/plan-limits.ts';
import { SubscriptionStatus } from '#domain/plans/subscription-status.ts';
import {
  FREQUENCY_LABELS,
  frequencyAllowed,
  REPORT_FREQUENCIES,
  REPORTS,
} from '#domain/reports/report-catalogue.ts';

const allowedFor = (planId: 1 | 12 | 101 | 112) => {
  const { reportsAvailability } = effectiveLimits({ status: SubscriptionStatus.Premium, planId });
  return REPORT_FREQUENCIES.filter((f) => frequencyAllowed(reportsAvailability, f));
};

test('reports need a yearly plan: end of day and weekend for Beginner, intraday too for Advanced', () => {
  expect(allowedFor(1)).toEqual([]);
  expect(allowedFor(101)).toEqual([]);
  expect(allowedFor(12)).toEqual(['w_eod', 'd_eod']);
  expect(allowedFor(112)).toEqual(['w_eod', 'd_eod', 'd_intraday']);
  const trial = effectiveLimits({ status: SubscriptionStatus.Trial, planId: null }).reportsAvailability;
  expect(REPORT_FREQUENCIES.filter((f) => frequencyAllowed(trial, f))).toEqual([]);
});

test("the spec's reports and labels: Center of Mass at all three, Open Interest at the first two", () => {
  expect(REPORTS.vwks.title).toBe('Center of Mass');
  expect(REPORTS.vwks.frequencies).toEqual(['w_eod', 'd_eod', 'd_intraday']);
  expect(REPORTS.oiwks.title).toBe('Open Interest');
  expect(REPORTS.oiwks.frequencies).toEqual(['w_eod', 'd_eod']);
  expect(FREQUENCY_LABELS.d_intraday).toBe('1.5 hours before market close');
});
