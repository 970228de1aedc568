import { DataCategory } from '#domain/columns/categories.ts';
import { FilterStage, FilterUnit, filtersOf, preset } from '../filter-definition.ts';
import { asNumber, asPercent, atLeast, atMost } from '../preset-bands.ts';

const f = filtersOf(DataCategory.Fundamental, FilterStage.Underlying);
const percent = { kind: 'range', unit: FilterUnit.Percent } as const;

const growthBands = [...atLeast([0, 0.1, 0.2, 0.3], asPercent), ...atMost([0], asPercent)];
const returnBands = [...atLeast([0, 0.1, 0.2], asPercent), ...atMost([0], asPercent)];

const valuation = (
  name: string,
  label: string,
  help: string,
  cheap: readonly number[],
  rich: number,
  datapoint = name,
) =>
  f({
    name,
    label,
    help,
    kind: 'range',
    datapoints: [datapoint],
    presets: [
      ...cheap.map((v) => preset(`0 – ${v}`, 0, v)),
      preset(`≥ ${rich}`, rich, null),
      preset('Positive', 0.01, null),
    ],
  });

const growth = (name: string, label: string, help: string) =>
  f({ name, label, help, ...percent, presets: growthBands });

const ratio = (name: string, label: string, help: string, datapoint = name) =>
  f({ name, label, help, ...percent, datapoints: [datapoint], presets: returnBands });

export const FUNDAMENTAL_FILTERS = [
  f({
    name: 'market_cap',
    label: 'Market Cap',
    help: 'Market value of all shares outstanding.',
    kind: 'range',
    unit: FilterUnit.Money,
    decimals: 0,
    bounds: { min: 0, max: null },
    presets: [
      preset('Large and above (≥ $10B)', 10e9, null),
      preset('Mega (≥ $200B)', 200e9, null),
      preset('Large ($10B – $200B)', 10e9, 200e9),
      preset('Mid ($2B – $10B)', 2e9, 10e9),
      preset('Small ($300M – $2B)', 300e6, 2e9),
      preset('Micro (≤ $300M)', null, 300e6),
    ],
  }),
  valuation('p_e', 'P/E', 'Price divided by trailing twelve-month earnings per share.', [15, 20, 30], 50),
  valuation(
    'forward_p_e',
    'Forward P/E',
    "Price divided by next year's estimated earnings per share.",
    [15, 20, 30],
    50,
  ),
  valuation(
    'peg',
    'PEG',
    'P/E divided by expected annual earnings growth: below 1 is often read as cheap for its growth.',
    [1, 2],
    3,
  ),
  valuation('price_book_ratio', 'P/B', 'Price divided by book value per share.', [1, 3], 5, 'p_b'),
  valuation('p_s', 'P/S', 'Market cap divided by trailing twelve-month sales.', [1, 3], 10),
  valuation(
    'price_free_cash_flow',
    'P/FCF',
    'Market cap divided by trailing twelve-month free cash flow.',
    [15, 30],
    50,
  ),
  growth(
    'eps_growth_this_year',
    'EPS Growth This Year',
    'Expected earnings-per-share growth for the current fiscal year.',
  ),
  growth(
    'eps_growth_next_year',
    'EPS Growth Next Year',
    'Expected earnings-per-share growth for the next fiscal year.',
  ),
  growth(
    'eps_growth_past_5y',
    'EPS Growth Past 5 Years',
    'Annual earnings-per-share growth over the last five years.',
  ),
  growth(
    'eps_growth_next_5y',
    'EPS Growth Next 5 Years',
    'Expected annual earnings-per-share growth over the next five years.',
  ),
  growth(
    'eps_growth_qoq',
    'EPS Growth Q/Q',
    'Latest quarter earnings per share versus the same quarter a year ago.',
  ),
  growth(
    'sales_growth_past_5y',
    'Sales Growth Past 5 Years',
    'Annual sales growth over the last five years.',
  ),
  growth('sales_growth_qoq', 'Sales Growth Q/Q', 'Latest quarter sales versus the same quarter a year ago.'),
  ratio('gross_margin', 'Gross Margin', 'Sales minus cost of goods sold, as a share of sales.'),
  ratio('operating_margin', 'Operating Margin', 'Operating income as a share of sales.'),
  ratio('profit_margin', 'Profit Margin', 'Net income as a share of sales.'),
  ratio('return_on_equity', 'Return on Equity', "Net income divided by shareholders' equity.", 'roe'),
  ratio('return_on_assets', 'Return on Assets', 'Net income divided by total assets.'),
  ratio('return_on_investment', 'Return on Investment', 'Net income divided by equity plus long-term debt.'),
  f({
    name: 'current_ratio',
    label: 'Current Ratio',
    help: 'Current assets divided by current liabilities: above 1 means short-term bills are covered.',
    kind: 'range',
    bounds: { min: 0, max: null },
    presets: [...atLeast([1, 1.5, 2], asNumber), ...atMost([1], asNumber)],
  }),
  f({
    name: 'quick_ratio',
    label: 'Quick Ratio',
    help: 'Current assets without inventory divided by current liabilities.',
    kind: 'range',
    bounds: { min: 0, max: null },
    presets: [...atLeast([1, 1.5, 2], asNumber), ...atMost([1], asNumber)],
  }),
  f({
    name: 'debt_equity',
    label: 'Debt/Equity',
    help: "Total debt divided by shareholders' equity: lower means less leverage.",
    kind: 'range',
    presets: [...atMost([0.1, 0.5, 1], asNumber), ...atLeast([1], asNumber)],
  }),
  f({
    name: 'lt_debt_equity',
    label: 'LT Debt/Equity',
    help: "Long-term debt divided by shareholders' equity.",
    kind: 'range',
    presets: [...atMost([0.1, 0.5, 1], asNumber), ...atLeast([1], asNumber)],
  }),
  f({
    name: 'payout_ratio',
    label: 'Payout Ratio',
    help: 'Share of earnings paid out as dividends; above 100% pays more than it earns.',
    ...percent,
    datapoints: ['payout'],
    bounds: { min: 0, max: null },
    presets: [...atMost([0.3, 0.5, 0.75], asPercent), ...atLeast([1], asPercent)],
  }),
  f({
    name: 'dividend_yield',
    label: 'Dividend Yield',
    help: 'Annual dividends per share divided by the price.',
    ...percent,
    bounds: { min: 0, max: null },
    presets: [preset('Pays a dividend', 0.0001, null), ...atLeast([0.01, 0.02, 0.03, 0.05], asPercent)],
  }),
  f({
    name: 'insider_transactions',
    label: 'Insider Transactions',
    help: 'Change in shares held by company insiders over the last six months: positive means net buying.',
    ...percent,
    presets: [...atLeast([0, 0.01], asPercent), ...atMost([0, -0.01], asPercent)],
  }),
  f({
    name: 'institutional_transactions',
    label: 'Institutional Transactions',
    help: 'Change in shares held by institutions over the last quarter: positive means net buying.',
    ...percent,
    presets: [...atLeast([0, 0.01], asPercent), ...atMost([0, -0.01], asPercent)],
  }),
];
