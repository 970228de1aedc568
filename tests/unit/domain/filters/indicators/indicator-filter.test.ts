import { expect, test } from 'vitest';
import { FILTERS } from '#domain/filters/filter-catalogue.ts';
import { INDICATOR_KINDS, type IndicatorValue } from '#domain/filters/filter-value.ts';
import { indicatorColumnValue, matchesIndicator } from '#domain/filters/indicators/indicator-filter.ts';
import { barsOf } from './series.ts';

/** 500 sessions (enough for the 200-day MA percentile over a year): a long decline, then a rally, with a wiggle. */
const close = Array.from(
  { length: 500 },
  (_, i) => (i < 420 ? 600 - i : 180 + 2 * (i - 420)) + Math.sin(i) * 2,
);
const series = barsOf(close);
const defaults = FILTERS.filter((f) => (INDICATOR_KINDS as readonly string[]).includes(f.kind)).map(
  (f) => f.defaultValue as IndicatorValue,
);

test('every indicator kind has a catalogue default that evaluates to a definite answer and a finite column value', () => {
  expect(defaults.map((v) => v.type).sort()).toEqual([...INDICATOR_KINDS].sort());
  for (const v of defaults) {
    expect(typeof matchesIndicator(v, series)).toBe('boolean');
    expect(Number.isFinite(indicatorColumnValue(v, series)), v.type).toBe(true);
  }
});

test('column values on the rally', () => {
  const rsi = indicatorColumnValue(
    { type: 'rsi', length: 14, behavior: 'above', from: 50, to: null },
    series,
  );
  expect(rsi).toBeGreaterThan(70);
  const run = indicatorColumnValue(
    { type: 'ma_crossover', maType: 'sma', fast: 20, slow: 50, behavior: 'golden_cross', withinDays: 60 },
    series,
  );
  expect(run).toBeGreaterThan(0);
  expect(
    matchesIndicator(
      {
        type: 'ma_crossover',
        maType: 'sma',
        fast: 20,
        slow: 50,
        behavior: 'golden_cross',
        withinDays: run - 1,
      },
      series,
    ),
  ).toBe(true);
  expect(
    matchesIndicator(
      {
        type: 'ma_crossover',
        maType: 'sma',
        fast: 20,
        slow: 50,
        behavior: 'golden_cross',
        withinDays: run - 2,
      },
      series,
    ),
  ).toBe(false);
  expect(
    indicatorColumnValue(
      { type: 'ma', maType: 'ema', length: 200, behavior: 'price_above', from: null, to: null },
      series,
    ),
  ).toBeGreaterThan(0);
});

test('too short a history fails every indicator', () => {
  const short = barsOf([100, 101, 102]);
  for (const v of defaults) expect(matchesIndicator(v, short), v.type).toBe(false);
});
