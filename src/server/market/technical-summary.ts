/**
 * The underlying-level technicals the screener filters on, computed once per session from the
 * daily bars up to the previous close. Price-relative values that move with the live price
 * (performance windows, 52-week range including today) are finished per tick from `bases`.
 */
import { atr } from './technicals/atr.ts';
import { bollinger } from './technicals/bollinger.ts';
import { crossoverAge, maPercentile } from './technicals/crossover.ts';
import { macd } from './technicals/macd.ts';
import { ema, sma } from './technicals/moving-average.ts';
import { highLow, PERFORMANCE_WINDOWS, performanceBase, ytdBase } from './technicals/performance.ts';
import { rsi } from './technicals/rsi.ts';
import { stochastic } from './technicals/stochastic.ts';
import { priceStdDev, realizedVol } from './technicals/volatility.ts';

export interface SessionTechnicals {
  readonly rsi14: number;
  readonly sma20: number;
  readonly sma50: number;
  readonly sma200: number;
  readonly ema20: number;
  readonly ema50: number;
  readonly ema200: number;
  readonly smaCross50200: number;
  readonly emaCross50200: number;
  readonly maPercentile200: number;
  readonly macd: number;
  readonly macdSignal: number;
  readonly macdHistogram: number;
  readonly stochK: number;
  readonly stochD: number;
  readonly bollingerUpper: number;
  readonly bollingerMiddle: number;
  readonly bollingerLower: number;
  readonly bollingerPercentB: number;
  readonly atr: number;
  readonly std21: number;
  /** Realised vol of the last 21 sessions. */
  readonly rv21: number;
  /** 52-week high and low of the bars (today's range is added live). */
  readonly high52w: number;
  readonly low52w: number;
  /** Closes the performance windows compare with: month, quarter, half, year, last close of last year. */
  readonly bases: readonly [number, number, number, number, number];
}

export interface BarArrays {
  readonly open: ArrayLike<number>;
  readonly high: ArrayLike<number>;
  readonly low: ArrayLike<number>;
  readonly close: ArrayLike<number>;
}

const last = (a: Float64Array) => a[a.length - 1] ?? Number.NaN;

/** `years[i]` is the calendar year of bar i; `currentYear` the year of today's session. */
export function sessionTechnicals(
  bars: BarArrays,
  years: ArrayLike<number>,
  currentYear: number,
): SessionTechnicals {
  const { high, low, close } = bars;
  const n = close.length;
  const price = close[n - 1] as number;
  const s50 = sma(close, 50);
  const s200 = sma(close, 200);
  const e50 = ema(close, 50);
  const e200 = ema(close, 200);
  const m = macd(close);
  const st = stochastic(high, low, close, 14, 1, 3);
  const bb = bollinger(close, 20, 2);
  const range = highLow(high, low, 252);
  return {
    rsi14: last(rsi(close, 14)),
    sma20: last(sma(close, 20)),
    sma50: last(s50),
    sma200: last(s200),
    ema20: last(ema(close, 20)),
    ema50: last(e50),
    ema200: last(e200),
    smaCross50200: crossoverAge(s50, s200),
    emaCross50200: crossoverAge(e50, e200),
    maPercentile200: maPercentile(close, s200, price, 200),
    macd: last(m.macd),
    macdSignal: last(m.signal),
    macdHistogram: last(m.histogram),
    stochK: last(st.k),
    stochD: last(st.d),
    bollingerUpper: last(bb.upper),
    bollingerMiddle: last(bb.middle),
    bollingerLower: last(bb.lower),
    bollingerPercentB: last(bb.percentB),
    atr: last(atr(high, low, close, 14)),
    std21: priceStdDev(close, 21),
    rv21: realizedVol(close, 21),
    high52w: range.high,
    low52w: range.low,
    bases: [
      performanceBase(close, PERFORMANCE_WINDOWS.month),
      performanceBase(close, PERFORMANCE_WINDOWS.quarter),
      performanceBase(close, PERFORMANCE_WINDOWS.half),
      performanceBase(close, PERFORMANCE_WINDOWS.year),
      ytdBase(close, years, currentYear),
    ],
  };
}
