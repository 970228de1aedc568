import { DataCategory } from '../categories.ts';
import { columnsOf, DisplayKind } from '../column-definition.ts';

const c = columnsOf(DataCategory.Technical);
const money = { display: DisplayKind.Money };
const percent = { display: DisplayKind.Percent };
const count = { decimals: 0 };

export const TECHNICAL_COLUMNS = [
  c('stock_last', 'Last', 'Last traded price of the underlying.', { ...money, width: 80 }),
  c('stock_change', 'Change %', 'Change of the underlying price today versus the previous close.', percent),
  c('stock_bid', 'Stock Bid', 'Best bid for the underlying.', money),
  c('stock_ask', 'Stock Ask', 'Best ask for the underlying.', money),
  c('stock_open', 'Open', 'Opening price of the underlying today.', money),
  c('stock_high', 'High', 'Highest price of the underlying today.', money),
  c('stock_low', 'Low', 'Lowest price of the underlying today.', money),
  c('stock_prev_close', 'Prev. Close', 'Closing price of the previous session.', money),
  c('stock_volume', 'Volume', 'Shares traded today.', count),
  c('average_volume', 'Avg. Volume', 'Average daily shares traded over the last three months.', count),
  c(
    'volume_power',
    'Volume Power',
    'Shares traded today divided by the average daily volume; above 1 means heavier trading than usual.',
  ),
  c(
    'atr_dollar',
    'ATR',
    'Average true range over 14 sessions, in dollars: the typical daily price swing.',
    money,
  ),
  c('atr_percent', 'ATR %', 'Average true range as a percent of the price.', percent),
  c(
    'std21',
    'Std. Dev. (21d)',
    'Standard deviation of daily log returns over the last 21 sessions, annualized.',
    percent,
  ),
  c(
    'beta',
    'Beta',
    'Sensitivity to the market: a beta of 1.5 means the stock tends to move 1.5% when the market moves 1%.',
  ),
  c('performance_month', 'Perf. Month', 'Price change over the last month.', percent),
  c('performance_quarter', 'Perf. Quarter', 'Price change over the last three months.', percent),
  c('performance_half_year', 'Perf. Half Year', 'Price change over the last six months.', percent),
  c('performance_year', 'Perf. Year', 'Price change over the last twelve months.', percent),
  c('performance_ytd', 'Perf. YTD', 'Price change since the last close of the previous year.', percent),
  c(
    'week_52_high',
    '52W High %',
    'Distance of the price from its 52-week high, in percent of the high (−10% is 10% below it).',
    percent,
  ),
  c(
    'week_52_low',
    '52W Low %',
    'Distance of the price above its 52-week low, in percent of the low.',
    percent,
  ),
  c(
    'stock_position',
    '52W Position',
    'Where the price sits in its 52-week range: 0% at the low, 100% at the high.',
    percent,
  ),
  c(
    'simple_moving_avg_20_day',
    'SMA20 %',
    'Distance of the price from its 20-day simple moving average, in percent; replaced by the MA indicator.',
    { ...percent, deprecated: true },
  ),
  c(
    'simple_moving_avg_50_day',
    'SMA50 %',
    'Distance of the price from its 50-day simple moving average, in percent; replaced by the MA indicator.',
    { ...percent, deprecated: true },
  ),
  c(
    'simple_moving_avg_200_day',
    'SMA200 %',
    'Distance of the price from its 200-day simple moving average, in percent; replaced by the MA indicator.',
    { ...percent, deprecated: true },
  ),
  c(
    'rsi',
    'RSI',
    "Wilder's Relative Strength Index (14 sessions unless the RSI filter sets another), 0–100: above 70 is usually called overbought, below 30 oversold.",
  ),
  c(
    'ma',
    'MA Distance',
    'Distance of the price from its moving average (200-day SMA unless the MA filter sets another), in percent of the average.',
    percent,
  ),
  c(
    'ma_percentile',
    'MA Percentile',
    "Percentile (0–100) of today's distance from the moving average among the past year's distances: 100 is the most stretched above it.",
    count,
  ),
  c(
    'ma_crossover',
    'MA Cross',
    'Sessions since the 50-day moving average last crossed the 200-day one: golden (crossed above) or death (crossed below).',
    { display: DisplayKind.Crossover, width: 128 },
  ),
  c(
    'macd',
    'MACD Hist.',
    'MACD histogram (12, 26, 9): the MACD line minus its signal line, in dollars; positive means upward momentum.',
    { decimals: 3 },
  ),
  c(
    'stochastic',
    'Stochastic %K',
    'Stochastic oscillator %K (14, 1, 3), 0–100: where the close sits in the high-low range of the last 14 sessions.',
  ),
  c(
    'bollinger',
    'Bollinger %B',
    'Position of the price within the Bollinger Bands (20 sessions, 2 standard deviations): 0 at the lower band, 1 at the upper band.',
  ),
];
