/**
 * How the subscription screens write plans, money and billing dates: plan names from the
 * catalogue, integer cents as dollars ('$473.36'), and dates as the calendar day in UTC
 * ('Jul 2, 2026'), the clock billing periods are computed on (docs/PLANS.md).
 */
import { formatCents } from '#domain/columns/number-format.ts';
import { PLANS } from '#domain/plans/plan-catalogue.ts';
import type { PlanId } from '#domain/plans/plan-id.ts';

export const planName = (planId: PlanId): string => PLANS[planId].name;

export const dollars = (cents: number): string => formatCents(cents);

const DAY = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** An ISO instant's day: '2026-07-02T09:30:00.000Z' → 'Jul 2, 2026'. */
export const billingDate = (iso: string): string => DAY.format(Date.parse(iso));
