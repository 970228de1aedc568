/**
 * The underlying-level technicals the screener filters on, computed once per session from the
 * daily bars up to the previous close. Price-relative values that move with the live price
 * (performance windows, 52-week range including today) are finished per tick from `bases`.
 */
import { bollinger } from '#domain/indicators/bollinger.ts';
import { maPercentile } from '#domain/indicators/ma-percentile.ts';
import { macd } from '#domain/indicators/macd.ts';
import { ema, sma } from '#domain/indicators/moving-average.ts';
import { rsi } from '#domain/indicators/rsi.ts';
import { lastOf } from '#domain/indicators/series.ts';
import { signRunOf } from '#domain/indicators/sign-run.ts';
import { stochastic } from '#domain/indicators/stochastic.ts';
import type { SessionIndicators } from './provider.ts';
import { atr } from './technicals/atr.ts';
import { highLow, PERFORMANCE_WINDOWS, performanceBase, ytdBase } from './technicals/performance.ts';
import { priceStdDev, realizedVol } from './technicals/volatility.ts';

/** The session's indicators and what the live values are finished from. */
export interface SessionTechnicals extends SessionIndicators {
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

const last = lastOf;

/**
 * The indicators' parameters are the screener filters' defaults (docs/FILTERS.md), so a column
 * without a filter shows what the default filter tests; tests/unit/market/technical-summary.test.ts
 * holds them together.
 */
const MA_PERCENTILE_LOOKBACK = 200;

/** `years[i]` is the calendar year of bar i; `currentYear` the year of today's session. */
export function sessionTechnicals(
  bars: BarArrays,
  years: ArrayLike<number>,
  currentYear: number,
): SessionTechnicals {
  const { high, low, close } = bars;
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
    smaCross50200: signRunOf(s50.map((x, i) => x - (s200[i] as number))).signedLength(),
    emaCross50200: signRunOf(e50.map((x, i) => x - (e200[i] as number))).signedLength(),
    maPercentile200: maPercentile(close, 'sma', 200, MA_PERCENTILE_LOOKBACK),
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
