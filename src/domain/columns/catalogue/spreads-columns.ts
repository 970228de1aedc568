import { DataCategory } from '../categories.ts';
import { ColumnScope, columnsOf, DisplayKind } from '../column-definition.ts';
import { IndexKind } from '../column-key.ts';

const c = columnsOf(DataCategory.Spreads);
const money = { display: DisplayKind.Money };
const contractMoney = { display: DisplayKind.Money, perContract: true };
const percent = { display: DisplayKind.Percent };
const shape = { display: DisplayKind.Shape, width: 120 };
const breakeven = { index: IndexKind.Breakeven };
/** Scenario results exist only in a scan run with scenarios, so the trade log does not offer them. */
const scenario = { index: IndexKind.Scenario, scopes: [ColumnScope.Screener] };

export const SPREADS_COLUMNS = [
  c('spread_width', 'Spread Width', 'Distance between the outermost strikes of the trade, per share.', money),
  c(
    'butterfly_width',
    'Wing Width',
    "Distance between a butterfly's body strike and its wing strikes, per share.",
    money,
  ),
  c('strike_diff', 'Strike Diff.', 'Back-leg strike minus front-leg strike of a diagonal, per share.', money),
  c('expiration_diff_days', 'Exp. Diff. (Days)', 'Days between the front and the back expiration.', {
    decimals: 0,
  }),
  c('max_profit', 'Max. Profit', 'Largest possible profit of one trade, per contract.', contractMoney),
  c(
    'max_loss',
    'Max. Loss',
    'Largest possible loss of one trade, per contract, shown as a positive amount.',
    contractMoney,
  ),
  c('max_loss_percent', 'Max. Loss %', 'Maximum loss per share as a percent of the stock price.', percent),
  c(
    'margin',
    'Margin',
    'Estimated margin (capital) required to hold one trade, per contract.',
    contractMoney,
  ),
  c(
    'max_return_margin',
    'Max. Return (Margin)',
    'Maximum profit divided by the margin requirement.',
    percent,
  ),
  c(
    'max_return_margin_annualized',
    'Max. Return (Margin) Ann.',
    'Maximum return on margin scaled to a year: × 365 / days to expiration.',
    percent,
  ),
  c(
    'return_acquisition',
    'Return (Acquisition)',
    'Profit at expiration if the stock price does not move, divided by the capital needed to open the trade (debit paid, or margin for credit trades).',
    percent,
  ),
  c(
    'return_acquisition_annualized',
    'Return (Acquisition) Ann.',
    'Return on acquisition scaled to a year: × 365 / days to expiration.',
    percent,
  ),
  c(
    'covered_call_return_acquisition',
    'If-Called Return',
    'Covered call return if the shares are called away at expiration: (premium + strike − price) / (price − premium).',
    percent,
  ),
  c(
    'covered_call_return_acquisition_annualized',
    'If-Called Return Ann.',
    'If-called return scaled to a year: × 365 / days to expiration.',
    percent,
  ),
  c('prob_profit', 'Prob. of Profit', 'Probability the trade makes money at expiration.', percent),
  c(
    'prob_profit_up',
    'Prob. Profit Up',
    "Probability the trade makes money with the stock finishing above today's price.",
    percent,
  ),
  c(
    'prob_profit_down',
    'Prob. Profit Down',
    "Probability the trade makes money with the stock finishing below today's price.",
    percent,
  ),
  c('prob_loss', 'Prob. of Loss', 'Probability the trade loses money at expiration.', percent),
  c(
    'prob_loss_up',
    'Prob. Loss Up',
    "Probability the trade loses money with the stock finishing above today's price.",
    percent,
  ),
  c(
    'prob_loss_down',
    'Prob. Loss Down',
    "Probability the trade loses money with the stock finishing below today's price.",
    percent,
  ),
  c(
    'prob_max_profit',
    'Prob. Max. Profit',
    'Probability the trade reaches its maximum profit at expiration.',
    percent,
  ),
  c(
    'prob_max_loss',
    'Prob. Max. Loss',
    'Probability the trade suffers its maximum loss at expiration.',
    percent,
  ),
  c('spread_profit_ratio', 'Profit Ratio', 'Maximum profit divided by maximum loss.'),
  c(
    'spread_expected_value',
    'Expected Value',
    'Average profit or loss at expiration over the lognormal distribution of the stock price, per contract.',
    contractMoney,
  ),
  c('ev_ml', 'EV / Max. Loss', 'Expected value divided by maximum loss.', percent),
  c(
    'ev_dte_ml',
    'EV / Max. Loss / Day',
    'Expected value divided by maximum loss and by the days to expiration.',
    { ...percent, decimals: 3 },
  ),
  c(
    'cpd',
    'Credit per Day',
    'Net credit received divided by the days to expiration, per contract.',
    contractMoney,
  ),
  c('dpd', 'Debit per Day', 'Net debit paid divided by the days to expiration, per contract.', contractMoney),
  c(
    'atr_range',
    'ATR Range',
    'Typical stock move until expiration, ATR × √days, in percent of the price.',
    percent,
  ),
  c(
    'profit_range_percent',
    'Profit Range %',
    'Width of the price range where the trade is profitable at expiration, in percent of the price.',
    percent,
  ),
  c(
    'loss_range_percent',
    'Loss Range %',
    'Width of the price range where the trade loses money at expiration, in percent of the price.',
    percent,
  ),
  c('breakeven', 'Breakeven', 'Stock price at expiration where the trade breaks even (Lower, then Upper).', {
    ...money,
    ...breakeven,
  }),
  c(
    'breakeven_percent',
    'Breakeven %',
    'Move from the current price to each breakeven, in percent of the price.',
    { ...percent, ...breakeven },
  ),
  c(
    'atr_breakeven',
    'Breakeven ATRs',
    'Distance from the price to each breakeven in average true ranges.',
    breakeven,
  ),
  c(
    'atr_vs_bep',
    'ATR Range vs BE',
    'Typical move until expiration (ATR × √days) divided by the distance to each breakeven: above 1 means a typical move reaches it.',
    breakeven,
  ),
  c('iv_ratio', 'IV Ratio', 'Implied volatility of the sold options divided by that of the bought options.'),
  c('theta_ratio', 'Theta Ratio', 'Time decay of the sold options divided by that of the bought options.'),
  c(
    'coverage_ratio',
    'Coverage Ratio',
    'Premium of the sold options divided by the premium of the bought options.',
  ),
  c(
    'iron_condor_shape',
    'Condor Shape',
    'Balanced (wings of equal width), riskless down or riskless up (no loss possible on that side).',
    shape,
  ),
  c(
    'butterfly_shape',
    'Butterfly Shape',
    'Balanced (wings of equal width), riskless down or riskless up (no loss possible on that side).',
    shape,
  ),
  c(
    'diagonal_spread_shape',
    'Diagonal Shape',
    'Riskless down or riskless up: the side on which the diagonal cannot lose.',
    shape,
  ),
  c(
    'shift_pl',
    'Scenario P/L',
    'Profit or loss of one trade, per contract, if the stock moved by the scenario shift now.',
    { ...contractMoney, ...scenario },
  ),
  c('shift_pl_margin', 'Scenario P/L %', 'Scenario profit or loss divided by the margin requirement.', {
    ...percent,
    ...scenario,
  }),
  c(
    'new_max_profit_at',
    'Max. Profit After Move',
    'Profit still attainable, per contract, valued from the trade after the scenario move.',
    { ...contractMoney, ...scenario },
  ),
  c(
    'new_max_loss_at',
    'Max. Loss After Move',
    'Loss still possible, per contract, valued from the trade after the scenario move.',
    { ...contractMoney, ...scenario },
  ),
  c(
    'new_prob_profit_at',
    'Prob. Profit After Move',
    'Probability of profit recomputed from the stock price after the scenario move.',
    { ...percent, ...scenario },
  ),
  c(
    'new_prob_loss_at',
    'Prob. Loss After Move',
    'Probability of loss recomputed from the stock price after the scenario move.',
    { ...percent, ...scenario },
  ),
];
