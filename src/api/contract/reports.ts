/**
 * E-mailed reports. Entries of the HTTP contract (`../contract.ts`).
 */
import type { ReportSubscription, ReportsAnswer, reportSaveSchema } from '../reports.ts';
import { type BodyErrors, call } from './define.ts';

export const REPORT_CALLS = {
  'reports.list': call<{ answer: ReportsAnswer }>()('GET', '/report'),
  'reports.save': call<
    { body: typeof reportSaveSchema; answer: ReportSubscription },
    BodyErrors | 'NOT_FOUND' | 'PLAN_LIMIT_REACHED'
  >()('PUT', '/report/:id'),
} as const;
