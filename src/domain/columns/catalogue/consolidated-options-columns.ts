import { DataCategory } from '../categories.ts';
import { columnsOf, DisplayKind } from '../column-definition.ts';

const c = columnsOf(DataCategory.ConsolidatedOptions);
const percent = { display: DisplayKind.Percent };
const count = { decimals: 0 };

export const CONSOLIDATED_OPTIONS_COLUMNS = [
  c('stock_iv', 'IV', 'Implied volatility of the underlying (30-day, at the money), annualized.', percent),
  c(
    'stock_iv_pr',
    'IV Rank',
    "Percentile of today's implied volatility among the past year's daily values: 100% is the highest of the year.",
    percent,
  ),
  c('stock_rv', 'RV', 'Realized (historical) volatility over the last 30 sessions, annualized.', percent),
  c(
    'stock_rv_pr',
    'RV Rank',
    "Percentile of today's realized volatility among the past year's daily values.",
    percent,
  ),
  c(
    'stock_iv_rv',
    'IV/RV',
    'Implied divided by realized volatility: above 1 means options price in more movement than the stock has shown.',
  ),
  c(
    'stock_skew',
    'Skew',
    'Implied volatility of 25-delta puts minus that of 25-delta calls, 30 days out.',
    percent,
  ),
  c('stock_skew_pr', 'Skew Rank', "Percentile of today's skew among the past year's daily values.", percent),
  c(
    'expected_move',
    'Expected Move',
    'One-standard-deviation move over the next 30 days implied by IV, in percent of the price: IV × √(30/365).',
    percent,
  ),
  c(
    'volatility_score',
    'Volatility Score',
    'Grade from 1 to 10 of how rich option premiums are: high when IV is high against its own year and against realized volatility.',
    { display: DisplayKind.Grade },
  ),
  c('total_oi', 'Total OI', "Open interest summed over all of the underlying's options.", count),
  c('total_vol', 'Total Opt. Volume', "Contracts traded today over all of the underlying's options.", count),
];
