/**
 * The market's session technicals (the columns a scan shows without an indicator filter) and the
 * screener's indicator filters read one implementation (src/domain/indicators) with the filters'
 * default parameters: a column never shows one number while its default filter tests another.
 */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { FILTERS } from '#domain/filters/filter-catalogue.ts';
import type { IndicatorValue } from '#domain/filters/filter-value.ts';
import { indicatorColumnValue } from '#domain/filters/indicators/indicator-filter.ts';
import { HISTORY_BARS } from '#server/market/history.ts';
import { type SessionTechnicals, sessionTechnicals } from '#server/market/technical-summary.ts';
import { barsOf, randomWalk } from '../domain/filters/indicators/series.ts';

const defaultOf = (name: string): IndicatorValue => {
  const value = FILTERS.find((f) => f.name === name)?.defaultValue;
  if (!value) throw new Error(`no filter ${name}`);
  return value as IndicatorValue;
};

/** Each column the session technicals feed, with the default filter whose column it stands for. */
const PAIRS: readonly [keyof SessionTechnicals, string][] = [
  ['rsi14', 'rsi'],
  ['maPercentile200', 'ma_percentile'],
  ['smaCross50200', 'ma_crossover'],
  ['macdHistogram', 'macd'],
  ['stochK', 'stochastic'],
  ['bollingerPercentB', 'bollinger'],
];

test('property: on the market’s history length, every session column equals its default filter’s column value', () => {
  fc.assert(
    fc.property(randomWalk(HISTORY_BARS, HISTORY_BARS), (close) => {
      const bars = { ...barsOf(close), open: close };
      const t = sessionTechnicals(
        bars,
        close.map(() => 2026),
        2026,
      );
      for (const [column, filter] of PAIRS) {
        const value = t[column] as number;
        // Defined on the history the market keeps: a default filter that needs more bars matches nothing.
        expect(Number.isFinite(value), column).toBe(true);
        expect(value, column).toBeCloseTo(indicatorColumnValue(defaultOf(filter), bars), 9);
      }
    }),
    { numRuns: 25 },
  );
});
