import { DataCategory } from '../categories.ts';
import { columnsOf } from '../column-definition.ts';
import { IndexKind } from '../column-key.ts';

const c = columnsOf(DataCategory.Greeks);
const fine = { decimals: 4 };

export const GREEKS_COLUMNS = [
  c('delta', 'Delta', 'Net delta of the trade per share: change in its value for a $1 rise in the stock.'),
  c('gamma', 'Gamma', 'Net gamma per share: change in delta for a $1 rise in the stock.', fine),
  c('theta', 'Theta', 'Net theta per share: change in value per calendar day, all else equal.', fine),
  c('vega', 'Vega', 'Net vega per share: change in value for a one-point rise in implied volatility.', {
    decimals: 3,
  }),
  c(
    'leg_delta',
    'Leg Delta',
    'Delta of each option leg per share of one contract, positive for calls and negative for puts.',
    { index: IndexKind.Leg },
  ),
  c(
    'delta_theta_ratio',
    'Delta/Theta',
    'Net delta divided by net theta: directional exposure per dollar of daily time decay.',
  ),
  c(
    'gamma_theta_ratio',
    'Gamma/Theta',
    'Net gamma divided by net theta: convexity per dollar of daily time decay.',
    fine,
  ),
  c(
    'move_ratio_1pct',
    'Move Ratio 1%',
    "Change in the trade's value for a 1% rise in the stock, divided by its maximum loss.",
    fine,
  ),
  c(
    'move_ratio_1atr',
    'Move Ratio 1 ATR',
    "Change in the trade's value for a one-ATR rise in the stock, divided by its maximum loss.",
    fine,
  ),
];
