/**
 * The pricing page's words about the two levels: the feature comparison of spec 1 §1 and one
 * line on whom each plan suits. The limits behind them are the domain's (docs/PLANS.md).
 */
import { PlanLevel } from '#domain/plans/plan-id.ts';

export interface FeatureRow {
  readonly feature: string;
  readonly beginner: string;
  readonly advanced: string;
}

export const FEATURE_COMPARISON: readonly FeatureRow[] = [
  {
    feature: 'Ready-made scan gallery, volatility suite, stock analyzer, mobile version',
    beginner: 'yes',
    advanced: 'yes',
  },
  { feature: 'Strategies', beginner: '24', advanced: '24' },
  { feature: 'Filters', beginner: '170', advanced: '170' },
  {
    feature: 'Custom strategy screener legs',
    beginner: '2 (stock and option)',
    advanced: '5 (up to 4 options plus 1 stock)',
  },
  { feature: 'Trading accounts in trade log', beginner: '2', advanced: 'unlimited' },
  { feature: 'Scan watching', beginner: 'no', advanced: 'yes' },
  { feature: 'Excel/Sheets toolbox', beginner: 'no', advanced: 'yes' },
  { feature: 'Premium reports (yearly plans only)', beginner: 'end-of-day', advanced: 'intraday' },
];

export const PLAN_PITCH: Readonly<Record<PlanLevel, string>> = {
  [PlanLevel.Beginner]: 'The whole screener, the analyzer and a trade log with two accounts.',
  [PlanLevel.Advanced]: 'Adds scan watching, five-leg custom strategies and the Excel/Sheets toolbox.',
};
