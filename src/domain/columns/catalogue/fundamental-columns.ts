import { DataCategory } from '../categories.ts';
import { columnsOf, DisplayKind } from '../column-definition.ts';

const c = columnsOf(DataCategory.Fundamental);
const percent = { display: DisplayKind.Percent };

export const FUNDAMENTAL_COLUMNS = [
  c('market_cap', 'Market Cap', 'Market value of all shares outstanding.', {
    display: DisplayKind.CompactMoney,
  }),
  c('p_e', 'P/E', 'Price divided by trailing twelve-month earnings per share.'),
  c('forward_p_e', 'Forward P/E', "Price divided by next fiscal year's estimated earnings per share."),
  c('peg', 'PEG', 'P/E divided by the expected annual EPS growth over the next five years (in percent).'),
  c('p_s', 'P/S', 'Market cap divided by trailing twelve-month sales.'),
  c('p_b', 'P/B', 'Price divided by book value per share.'),
  c('price_free_cash_flow', 'P/FCF', 'Market cap divided by trailing twelve-month free cash flow.'),
  c('eps_ttm', 'EPS (ttm)', 'Earnings per share over the trailing twelve months.', {
    display: DisplayKind.Money,
  }),
  c('eps_growth_this_year', 'EPS Growth This Y', 'Expected EPS growth for the current fiscal year.', percent),
  c('eps_growth_next_year', 'EPS Growth Next Y', 'Expected EPS growth for the next fiscal year.', percent),
  c('eps_growth_past_5y', 'EPS Growth Past 5Y', 'Annual EPS growth rate over the last five years.', percent),
  c(
    'eps_growth_next_5y',
    'EPS Growth Next 5Y',
    'Expected annual EPS growth rate over the next five years.',
    percent,
  ),
  c('eps_growth_qoq', 'EPS Growth Q/Q', 'Latest quarter EPS versus the same quarter a year ago.', percent),
  c(
    'sales_growth_past_5y',
    'Sales Growth Past 5Y',
    'Annual sales growth rate over the last five years.',
    percent,
  ),
  c(
    'sales_growth_qoq',
    'Sales Growth Q/Q',
    'Latest quarter sales versus the same quarter a year ago.',
    percent,
  ),
  c(
    'gross_margin',
    'Gross Margin',
    'Sales minus cost of goods sold, as a share of sales (trailing year).',
    percent,
  ),
  c('operating_margin', 'Operating Margin', 'Operating income as a share of sales (trailing year).', percent),
  c('profit_margin', 'Profit Margin', 'Net income as a share of sales (trailing year).', percent),
  c('roe', 'ROE', "Return on equity: trailing net income divided by shareholders' equity.", percent),
  c('return_on_assets', 'ROA', 'Return on assets: trailing net income divided by total assets.', percent),
  c(
    'return_on_investment',
    'Return on Investment',
    'Trailing net income divided by equity plus long-term debt.',
    percent,
  ),
  c('current_ratio', 'Current Ratio', 'Current assets divided by current liabilities.'),
  c('quick_ratio', 'Quick Ratio', 'Current assets less inventory, divided by current liabilities.'),
  c('debt_equity', 'Debt/Equity', "Total debt divided by shareholders' equity."),
  c('lt_debt_equity', 'LT Debt/Equity', "Long-term debt divided by shareholders' equity."),
  c('payout', 'Payout Ratio', 'Share of trailing earnings paid out as dividends.', percent),
  c('dividend_yield', 'Dividend Yield', 'Annual dividends per share divided by the price.', percent),
  c(
    'insider_transactions',
    'Insider Trans.',
    'Change in shares held by company insiders over the last six months, in percent.',
    percent,
  ),
  c(
    'institutional_transactions',
    'Inst. Trans.',
    'Change in shares held by institutions over the last quarter, in percent.',
    percent,
  ),
];
