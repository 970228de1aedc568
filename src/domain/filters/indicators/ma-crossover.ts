import { movingAverage } from '#domain/indicators/moving-average.ts';
import { type SignRun, signRunOf } from '#domain/indicators/sign-run.ts';
import type { MaCrossoverValue, MaType } from '../filter-value.ts';
import type { PriceSeries } from './price-series.ts';

/** Run of the sign of fast MA − slow MA up to the last close. */
export const crossoverRun = (
  close: ArrayLike<number>,
  maType: MaType,
  fast: number,
  slow: number,
): SignRun => {
  const f = movingAverage(close, maType, fast);
  const s = movingAverage(close, maType, slow);
  return signRunOf(f.map((x, t) => x - (s[t] as number)));
};

/**
 * fast_above / fast_below: today's state. golden_cross / death_cross: the fast MA crossed above /
 * below the slow one at most `withinDays` sessions ago and has stayed there.
 */
export const maCrossoverMatches = (value: MaCrossoverValue, series: PriceSeries): boolean => {
  const run = crossoverRun(series.close, value.maType, value.fast, value.slow);
  switch (value.behavior) {
    case 'fast_above':
      return run.sign > 0;
    case 'fast_below':
      return run.sign < 0;
    case 'golden_cross':
      return run.crossedWithin(1, value.withinDays);
    case 'death_cross':
      return run.crossedWithin(-1, value.withinDays);
  }
};
