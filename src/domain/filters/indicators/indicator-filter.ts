import type { IndicatorValue } from '../filter-value.ts';
import { bollinger, bollingerMatches } from './bollinger.ts';
import { crossoverRun, maCrossoverMatches } from './ma-crossover.ts';
import { macd, macdMatches } from './macd.ts';
import { maDistance, maMatches, maPercentile, maPercentileMatches } from './moving-average-filters.ts';
import type { PriceSeries } from './price-series.ts';
import { rsi, rsiMatches } from './rsi.ts';
import { stochastic, stochasticMatches } from './stochastic.ts';

/** Whether an underlying's daily bars pass an indicator filter (evaluated once per underlying). */
export const matchesIndicator = (value: IndicatorValue, series: PriceSeries): boolean => {
  switch (value.type) {
    case 'rsi':
      return rsiMatches(value, series);
    case 'ma':
      return maMatches(value, series);
    case 'ma_percentile':
      return maPercentileMatches(value, series);
    case 'ma_crossover':
      return maCrossoverMatches(value, series);
    case 'macd':
      return macdMatches(value, series);
    case 'stochastic':
      return stochasticMatches(value, series);
    case 'bollinger':
      return bollingerMatches(value, series);
  }
};

/**
 * The number the indicator's column shows with these parameters: RSI; MA distance (fraction);
 * MA percentile (0–100); signed crossover run (+n golden for n sessions, −n death); MACD histogram;
 * stochastic %K; Bollinger %B.
 */
export const indicatorColumnValue = (value: IndicatorValue, series: PriceSeries): number => {
  switch (value.type) {
    case 'rsi':
      return rsi(series.close, value.length);
    case 'ma':
      return maDistance(series.close, value.maType, value.length);
    case 'ma_percentile':
      return maPercentile(series.close, value.maType, value.length, value.lookback);
    case 'ma_crossover':
      return crossoverRun(series.close, value.maType, value.fast, value.slow).signedLength();
    case 'macd':
      return macd(series.close, value.fast, value.slow, value.signal).histogram;
    case 'stochastic':
      return stochastic(series, value.kLength, value.kSmoothing, value.dLength).k;
    case 'bollinger':
      return bollinger(series.close, value.length, value.stdDevs).percentB;
  }
};
