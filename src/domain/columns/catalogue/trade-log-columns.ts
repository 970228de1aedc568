import { TRADE_LOG_CATEGORY } from '../categories.ts';
import { ColumnScope, columnsOf, DisplayKind } from '../column-definition.ts';

/**
 * Position columns of the trade log (spec 3 §2 Trades screen, §3 Position). Their keys are the
 * position fields the trade table stores (camelCase, as in spec 3's server-side defaults).
 * Amounts here are whole-position dollars, already multiplied out.
 */
const c = columnsOf(TRADE_LOG_CATEGORY, { scopes: [ColumnScope.Trades] });
const money = { display: DisplayKind.Money };
const percent = { display: DisplayKind.Percent };

export const TRADE_LOG_COLUMNS = [
  c(
    'strategyPrice',
    'Spread Entry Price',
    'Entry price of one trade: minus the sum of fill price × quantity × multiplier, so a debit is negative.',
    money,
  ),
  c(
    'accountEffect',
    'Debit/Credit',
    'Cash effect on the account: entry price × size; negative is a debit.',
    money,
  ),
  c('size', 'Size', 'Number of trades (spread units) in the position.', { decimals: 0, width: 72 }),
  c(
    'pl',
    'PL',
    'Profit or loss of the position in dollars, realized once closed, marked to market while open.',
    money,
  ),
  c(
    'initialMargin',
    'Invested',
    'Capital committed when the position was opened: debit paid or margin held.',
    money,
  ),
  c('roi', 'ROI', 'PL divided by the amount invested.', percent),
  c(
    'roiAnnualized',
    'ROI (Annualized)',
    'ROI scaled to a year: ROI × 365 / days in trade, from 7 days in trade.',
    percent,
  ),
  c(
    'maxProfitGained',
    '% of Max. Profit',
    "PL as a share of the position's maximum profit, for strategies with a finite maximum profit.",
    percent,
  ),
  c(
    'tradeDate',
    'Open/Close Date',
    'Date the position was opened, or the date it was closed for closed positions.',
    { display: DisplayKind.Date },
  ),
  c('comments', 'Notes', 'Opening and closing notes of the position.', {
    display: DisplayKind.Text,
    width: 160,
    sortable: false,
  }),
];
