import { DataCategory } from '../categories.ts';
import { columnsOf, DisplayKind } from '../column-definition.ts';
import { IndexKind } from '../column-key.ts';

const c = columnsOf(DataCategory.Descriptive);
const leg = IndexKind.Leg;

export const DESCRIPTIVE_COLUMNS = [
  c('underlying', 'Symbol', 'Ticker symbol of the underlying stock, ETF or index.', {
    display: DisplayKind.Text,
    width: 80,
  }),
  c('name', 'Name', 'Company or fund name.', { display: DisplayKind.Text, width: 160 }),
  c('strategy', 'Strategy', 'Options strategy of the trade.', {
    display: DisplayKind.Strategy,
    width: 136,
    sortable: false,
  }),
  c('expiration_date', 'Exp. Date', 'Expiration date of each option leg.', {
    display: DisplayKind.Date,
    index: leg,
  }),
  c('days_to_expiration', 'Days to Exp.', 'Calendar days until each option leg expires.', {
    display: DisplayKind.Days,
    index: leg,
  }),
  c(
    'expiration_type',
    'Exp. Cycle',
    'Monthly (third-Friday) or weekly expiration cycle of each option leg.',
    {
      display: DisplayKind.ExpirationType,
      index: leg,
    },
  ),
  c('sector_id', 'Sector', 'Business sector of the company.', { display: DisplayKind.Sector, width: 136 }),
  c('type_id', 'Type', 'Kind of underlying: Stock, ETF or Index.', {
    display: DisplayKind.UnderlyingType,
    width: 72,
  }),
  c('industry', 'Industry', 'Industry the company operates in.', { display: DisplayKind.Text, width: 160 }),
  c('earnings_date', 'Earnings Date', 'Date of the next scheduled earnings report.', {
    display: DisplayKind.Date,
  }),
  c('divnq', 'Next Dividend', 'Amount per share of the next quarterly dividend.', {
    display: DisplayKind.Money,
  }),
  c(
    'divnqxdt',
    'Ex-Div. Date',
    'Ex-dividend date of the next quarterly dividend: shares bought before it receive the dividend.',
    { display: DisplayKind.Date },
  ),
  c('ipo_date', 'IPO Date', 'Date the stock started trading.', { display: DisplayKind.Date }),
  c('weekly_options', 'Weekly Options', 'Whether the underlying lists weekly expirations.', {
    display: DisplayKind.Boolean,
  }),
  c(
    'analyst_recommendation',
    'Analyst Rec.',
    'Mean analyst recommendation from 1 (Strong Buy) to 5 (Strong Sell).',
    { display: DisplayKind.Recommendation, width: 128 },
  ),
  c(
    'analyst_recommendation_change_1w',
    'Rec. Change (Week)',
    'Change of the mean analyst recommendation over the last week; negative is an upgrade.',
    { display: DisplayKind.RecommendationChange },
  ),
  c(
    'analyst_recommendation_change_1m',
    'Rec. Change (Month)',
    'Change of the mean analyst recommendation over the last month; negative is an upgrade.',
    { display: DisplayKind.RecommendationChange },
  ),
  c(
    'analyst_recommendation_change_6m',
    'Rec. Change (6 Months)',
    'Change of the mean analyst recommendation over the last six months; negative is an upgrade.',
    { display: DisplayKind.RecommendationChange },
  ),
  c('target_price', 'Target Price', 'Mean analyst 12-month price target.', { display: DisplayKind.Money }),
  c(
    'target_price_percent',
    'Target Price %',
    'Distance from the last price up to the analyst price target, in percent of the price.',
    { display: DisplayKind.Percent },
  ),
  c(
    'stock_score',
    'Stock Score',
    'Fundamental, Growth and Technical grades, each from 1 (weak) to 10 (strong).',
    {
      display: DisplayKind.StockScore,
      width: 128,
      sortable: false,
    },
  ),
  c(
    'stock_score_fundamental',
    'Fundamental Score',
    'Grade from 1 to 10 of valuation, profitability and balance sheet strength.',
    { display: DisplayKind.Grade },
  ),
  c('stock_score_growth', 'Growth Score', 'Grade from 1 to 10 of earnings and sales growth.', {
    display: DisplayKind.Grade,
  }),
  c('stock_score_technical', 'Technical Score', 'Grade from 1 to 10 of price trend and momentum.', {
    display: DisplayKind.Grade,
  }),
  c(
    'stock_rating',
    'Stock Rating',
    'Former single overall grade from 1 to 10, replaced by the Stock Score.',
    {
      display: DisplayKind.Grade,
      deprecated: true,
    },
  ),
];
