import { DataCategory } from '#domain/columns/categories.ts';
import { FilterStage, FilterUnit, filtersOf, preset } from '../filter-definition.ts';
import { asDollars, asNumber, asPercent, atLeast, atMost, signBands } from '../preset-bands.ts';

const f = filtersOf(DataCategory.Technical, FilterStage.Underlying);
const percent = { kind: 'range', unit: FilterUnit.Percent } as const;
const money = { kind: 'range', unit: FilterUnit.Money } as const;
const count = { kind: 'range', decimals: 0, bounds: { min: 0, max: null } } as const;
const none = FilterUnit.None;

const price = (name: string, label: string, help: string) =>
  f({
    name,
    label,
    help,
    ...money,
    bounds: { min: 0, max: null },
    presets: atLeast([5, 10, 20, 50, 100], asDollars),
  });

const performance = (name: string, label: string, period: string) =>
  f({
    name,
    label,
    help: `Price change over ${period}.`,
    ...percent,
    presets: signBands([0.1, 0.2], asPercent),
  });

const smaDistance = (days: number) =>
  f({
    name: `simple_moving_avg_${days}_day`,
    label: `SMA${days} Distance`,
    help: `Distance of the price from its ${days}-day simple moving average, in percent; replaced by the MA filter.`,
    ...percent,
    presets: [preset('Price above', 0, null), preset('Price below', null, 0)],
    deprecated: true,
  });

export const TECHNICAL_FILTERS = [
  price('stock_last', 'Stock Price', 'Last traded price of the underlying.'),
  price('stock_open', 'Stock Open', "Today's opening price of the underlying."),
  price('stock_high', 'Stock High', "Today's highest price of the underlying."),
  price('stock_low', 'Stock Low', "Today's lowest price of the underlying."),
  f({
    name: 'stock_change',
    label: 'Stock Change',
    help: "Today's price change of the underlying versus the previous close.",
    ...percent,
    presets: signBands([0.02, 0.05], asPercent),
  }),
  f({
    name: 'stock_volume',
    label: 'Stock Volume',
    help: 'Shares traded today.',
    ...count,
    presets: atLeast([100_000, 500_000, 1_000_000, 5_000_000], asNumber),
  }),
  f({
    name: 'average_volume',
    label: 'Average Volume',
    help: 'Average daily shares traded over the last three months; higher means easier to trade.',
    ...count,
    presets: atLeast([100_000, 500_000, 1_000_000, 5_000_000], asNumber),
  }),
  f({
    name: 'volume_power',
    label: 'Volume Power',
    help: 'Shares traded today divided by the average daily volume; above 1 means unusual activity.',
    kind: 'range',
    bounds: { min: 0, max: null },
    presets: atLeast([1, 1.5, 2, 3], asNumber),
  }),
  f({
    name: 'atr_dollar',
    label: 'ATR ($)',
    help: 'Average true range over 14 sessions in dollars: the typical daily price swing.',
    ...money,
    bounds: { min: 0, max: null },
    presets: [...atMost([1], asDollars), ...atLeast([1, 2, 5], asDollars)],
  }),
  f({
    name: 'atr_percent',
    label: 'ATR (%)',
    help: 'Average true range as a percent of the price: how much the stock typically moves in a day.',
    ...percent,
    bounds: { min: 0, max: null },
    presets: [...atMost([0.01], asPercent), ...atLeast([0.02, 0.03, 0.05], asPercent)],
  }),
  f({
    name: 'std21',
    label: 'Std. Dev. (21 days)',
    help: 'Annualized standard deviation of daily returns over the last 21 sessions.',
    ...percent,
    bounds: { min: 0, max: null },
    presets: [...atMost([0.2], asPercent), ...atLeast([0.3, 0.5], asPercent)],
  }),
  f({
    name: 'beta',
    label: 'Beta',
    help: 'How strongly the stock follows the market: 1 moves with it, above 1 amplifies it.',
    kind: 'range',
    presets: [...atMost([0.5, 1], asNumber), ...atLeast([1, 1.5, 2], asNumber)],
  }),
  performance('performance_month', 'Performance (Month)', 'the last month'),
  performance('performance_quarter', 'Performance (Quarter)', 'the last three months'),
  performance('performance_half_year', 'Performance (Half Year)', 'the last six months'),
  performance('performance_year', 'Performance (Year)', 'the last twelve months'),
  performance('performance_ytd', 'Performance (YTD)', 'the year to date'),
  f({
    name: 'week_52_high',
    label: '52-Week High Distance',
    help: 'How far the price is below its 52-week high, in percent of the high.',
    ...percent,
    bounds: { min: -1, max: 0 },
    presets: [
      preset('Within 5% of the high', -0.05, null),
      preset('Within 10% of the high', -0.1, null),
      preset('≥ 20% below the high', null, -0.2),
      preset('≥ 30% below the high', null, -0.3),
    ],
  }),
  f({
    name: 'week_52_low',
    label: '52-Week Low Distance',
    help: 'How far the price is above its 52-week low, in percent of the low.',
    ...percent,
    bounds: { min: 0, max: null },
    presets: [
      preset('Within 5% of the low', 0, 0.05),
      preset('Within 10% of the low', 0, 0.1),
      preset('≥ 20% above the low', 0.2, null),
      preset('≥ 50% above the low', 0.5, null),
    ],
  }),
  f({
    name: 'stock_position',
    label: '52-Week Range Position',
    help: 'Where the price sits in its 52-week range: 0% at the low, 100% at the high.',
    ...percent,
    bounds: { min: 0, max: 1 },
    presets: [
      preset('Bottom 10%', 0, 0.1),
      preset('Bottom 25%', 0, 0.25),
      preset('Top 25%', 0.75, 1),
      preset('Top 10%', 0.9, 1),
    ],
  }),
  smaDistance(20),
  smaDistance(50),
  smaDistance(200),
  f({
    name: 'rsi',
    label: 'RSI',
    help: "Wilder's Relative Strength Index: above 70 is often read as overbought, below 30 as oversold.",
    kind: 'rsi',
    unit: none,
    defaultValue: { type: 'rsi', length: 14, behavior: 'below', from: null, to: 30 },
  }),
  f({
    name: 'ma',
    label: 'Moving Average',
    help: 'Price above or below its simple or exponential moving average, optionally by a distance in percent.',
    kind: 'ma',
    unit: none,
    defaultValue: { type: 'ma', maType: 'sma', length: 200, behavior: 'price_above', from: null, to: null },
  }),
  f({
    name: 'ma_percentile',
    label: 'MA Percentile',
    help: 'How stretched the price is from its moving average compared with the past 200 sessions: 100 is the most stretched above.',
    kind: 'ma_percentile',
    unit: none,
    // Lookback 200: the market keeps 400 daily bars, and SMA 200 over 252 sessions would need 452.
    defaultValue: { type: 'ma_percentile', maType: 'sma', length: 200, lookback: 200, from: 90, to: null },
  }),
  f({
    name: 'ma_crossover',
    label: 'MA Crossover',
    help: 'Fast moving average above or below the slow one, or a golden or death cross within the last N sessions.',
    kind: 'ma_crossover',
    unit: none,
    defaultValue: {
      type: 'ma_crossover',
      maType: 'sma',
      fast: 50,
      slow: 200,
      behavior: 'golden_cross',
      withinDays: 10,
    },
  }),
  f({
    name: 'macd',
    label: 'MACD',
    help: 'MACD crossing its signal line within the last N sessions, or the sign of its histogram today.',
    kind: 'macd',
    unit: none,
    defaultValue: { type: 'macd', fast: 12, slow: 26, signal: 9, behavior: 'bullish_cross', withinDays: 5 },
  }),
  f({
    name: 'stochastic',
    label: 'Stochastic',
    help: 'Stochastic oscillator %K at or above an overbought level, or at or below an oversold level.',
    kind: 'stochastic',
    unit: none,
    defaultValue: {
      type: 'stochastic',
      kLength: 14,
      kSmoothing: 1,
      dLength: 3,
      behavior: 'oversold',
      level: 20,
    },
  }),
  f({
    name: 'bollinger',
    label: 'Bollinger Bands',
    help: 'Price above the upper band, below the lower band, inside the bands, or at a chosen %B position.',
    kind: 'bollinger',
    unit: none,
    defaultValue: {
      type: 'bollinger',
      length: 20,
      stdDevs: 2,
      behavior: 'below_lower',
      from: null,
      to: null,
    },
  }),
];
