/**
 * Filter values as stored in a scan's `filters` map and sent to the server: plain JSON objects
 * tagged by `type`, which is the filter's value kind. Numbers are in domain units: fractions for
 * percentages (0.05 = 5%), dollars per share for prices and trade amounts, days for durations.
 * Indicator thresholds are on the indicator's own 0–100 scale.
 */

export const FilterKind = {
  Equals: 'equals',
  AnyOf: 'any_of',
  NoneOf: 'none_of',
  Range: 'range',
  Boolean: 'boolean',
  RangeOrClosest: 'range_or_closest',
  DateRange: 'date_range',
  Probability: 'probability',
  ChoiceMap: 'choice_map',
  Sector: 'sector',
  LegDelta: 'leg_delta',
  Scenario: 'scenario',
  Rsi: 'rsi',
  Ma: 'ma',
  MaPercentile: 'ma_percentile',
  MaCrossover: 'ma_crossover',
  Macd: 'macd',
  Stochastic: 'stochastic',
  Bollinger: 'bollinger',
} as const;
export type FilterKind = (typeof FilterKind)[keyof typeof FilterKind];

export const INDICATOR_KINDS = [
  FilterKind.Rsi,
  FilterKind.Ma,
  FilterKind.MaPercentile,
  FilterKind.MaCrossover,
  FilterKind.Macd,
  FilterKind.Stochastic,
  FilterKind.Bollinger,
] as const;
export type IndicatorKind = (typeof INDICATOR_KINDS)[number];

/** Inclusive bounds; null is open. */
export interface NumericRange {
  readonly min: number | null;
  readonly max: number | null;
}

export interface EqualsValue {
  readonly type: 'equals';
  readonly value: string | number;
}
/** Symbols (upper-cased) or ids. */
export interface AnyOfValue {
  readonly type: 'any_of';
  readonly values: readonly (string | number)[];
}
export interface NoneOfValue {
  readonly type: 'none_of';
  readonly values: readonly (string | number)[];
}
export interface RangeValue extends NumericRange {
  readonly type: 'range';
}
export interface BooleanValue {
  readonly type: 'boolean';
  readonly value: boolean;
}
/** Either a range, or "closest to target": per group the candidate nearest the target is kept. */
export type RangeOrClosestValue =
  | ({ readonly type: 'range_or_closest'; readonly mode: 'range' } & NumericRange)
  | { readonly type: 'range_or_closest'; readonly mode: 'closest'; readonly target: number };
/**
 * Relative: whole days from today (America/New_York calendar), rolling daily.
 * Frozen: fixed calendar dates `YYYY-MM-DD`. Both ends inclusive, null open.
 */
export type DateRangeValue =
  | {
      readonly type: 'date_range';
      readonly mode: 'relative';
      readonly from: number | null;
      readonly to: number | null;
    }
  | {
      readonly type: 'date_range';
      readonly mode: 'frozen';
      readonly from: string | null;
      readonly to: string | null;
    };
/** A range within 0–1. */
export interface ProbabilityValue extends NumericRange {
  readonly type: 'probability';
}
/** Selected codes of a choice map; empty means Any. */
export interface ChoiceMapValue {
  readonly type: 'choice_map';
  readonly values: readonly string[];
}
export interface SectorValue {
  readonly type: 'sector';
  readonly values: readonly number[];
}
/** Leg delta per share within −1…1: a range, or the candidate closest to a target delta. */
export type LegDeltaValue =
  | ({ readonly type: 'leg_delta'; readonly mode: 'range' } & NumericRange)
  | { readonly type: 'leg_delta'; readonly mode: 'closest'; readonly target: number };

/**
 * How a scenario's stock move is measured (spec 3 price units): pct a fraction of the price, abs
 * dollars, atr and std multiples of the ATR and of the one-standard-deviation move to expiration,
 * and the last four a fraction of that reference level (analyst target, 200-day SMA, 52-week high
 * or low). The trade metrics apply the move.
 */
export const ShiftUnit = {
  Pct: 'pct',
  Abs: 'abs',
  Atr: 'atr',
  Std: 'std',
  TargetPrice: 'target_price',
  Sma200: 'sma_200',
  W52High: 'w52_high',
  W52Low: 'w52_low',
} as const;
export type ShiftUnit = (typeof ShiftUnit)[keyof typeof ShiftUnit];

/** A stock move (shift in `unit`, signed) and the accepted range of the resulting metric. */
export interface ScenarioValue extends NumericRange {
  readonly type: 'scenario';
  readonly shift: number;
  readonly unit: ShiftUnit;
}

export const MaType = { Sma: 'sma', Ema: 'ema' } as const;
export type MaType = (typeof MaType)[keyof typeof MaType];

/** RSI (Wilder) over `length` sessions; thresholds 0–100. above: ≥ from; below: ≤ to; between: both. */
export interface RsiValue {
  readonly type: 'rsi';
  readonly length: number;
  readonly behavior: 'above' | 'below' | 'between';
  readonly from: number | null;
  readonly to: number | null;
}
/** Price above or below its moving average, optionally by a distance from…to percent of the average (0–100). */
export interface MaValue {
  readonly type: 'ma';
  readonly maType: MaType;
  readonly length: number;
  readonly behavior: 'price_above' | 'price_below';
  readonly from: number | null;
  readonly to: number | null;
}
/** Percentile (0–100) of today's distance from the MA among the previous `lookback` sessions' distances. */
export interface MaPercentileValue {
  readonly type: 'ma_percentile';
  readonly maType: MaType;
  readonly length: number;
  readonly lookback: number;
  readonly from: number | null;
  readonly to: number | null;
}
/**
 * Fast vs slow moving average. fast_above / fast_below: today's state. golden_cross / death_cross:
 * the most recent cross is of that direction and happened within the last `withinDays` sessions
 * (0 = today).
 */
export interface MaCrossoverValue {
  readonly type: 'ma_crossover';
  readonly maType: MaType;
  readonly fast: number;
  readonly slow: number;
  readonly behavior: 'fast_above' | 'fast_below' | 'golden_cross' | 'death_cross';
  readonly withinDays: number;
}
/**
 * MACD (EMA fast − EMA slow) and its signal EMA. bullish_cross / bearish_cross: the most recent
 * signal-line cross is of that direction and within `withinDays` sessions. histogram_positive /
 * histogram_negative: today's MACD − signal sign.
 */
export interface MacdValue {
  readonly type: 'macd';
  readonly fast: number;
  readonly slow: number;
  readonly signal: number;
  readonly behavior: 'bullish_cross' | 'bearish_cross' | 'histogram_positive' | 'histogram_negative';
  readonly withinDays: number;
}
/** Slow stochastic %K: overbought when %K ≥ level, oversold when %K ≤ level (0–100). */
export interface StochasticValue {
  readonly type: 'stochastic';
  readonly kLength: number;
  readonly kSmoothing: number;
  readonly dLength: number;
  readonly behavior: 'overbought' | 'oversold';
  readonly level: number;
}
/**
 * Bollinger Bands (SMA ± stdDevs population standard deviations). between: %B in from…to, where
 * %B = (price − lower) / (upper − lower); raw numbers, so −0.2 or 1.3 are allowed.
 */
export interface BollingerValue {
  readonly type: 'bollinger';
  readonly length: number;
  readonly stdDevs: number;
  readonly behavior: 'above_upper' | 'below_lower' | 'inside' | 'between';
  readonly from: number | null;
  readonly to: number | null;
}

export type IndicatorValue =
  | RsiValue
  | MaValue
  | MaPercentileValue
  | MaCrossoverValue
  | MacdValue
  | StochasticValue
  | BollingerValue;

export type FilterValue =
  | EqualsValue
  | AnyOfValue
  | NoneOfValue
  | RangeValue
  | BooleanValue
  | RangeOrClosestValue
  | DateRangeValue
  | ProbabilityValue
  | ChoiceMapValue
  | SectorValue
  | LegDeltaValue
  | ScenarioValue
  | IndicatorValue;
