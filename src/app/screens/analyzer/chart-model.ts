/** What the analyzer's charts draw, as plain numbers (the charts only render these). */
import type { PriceView } from '#domain/scenario/behaviors.ts';

const DAY_S = 86_400;
/** Points drawn between the last close and the date at most. */
const MAX_FUTURE_POINTS = 120;

export interface ChartLevels {
  /** The view's one or two levels, dollars. */
  readonly prices: readonly number[];
  /** The date D (epoch seconds of its session, as bars), null before one is chosen. */
  readonly dateTime: number | null;
  /** One implied move to D as a fraction of the price (atmIv · √(days/365)); null when unknown. */
  readonly move: number | null;
}

/**
 * Sessions of history the price chart shows: three times the sessions to D, between 60 and 250,
 * so the days ahead take a readable share of the chart whatever the date.
 */
export function historyBars(lastTime: number | null, dateTime: number | null): number {
  if (lastTime === null || dateTime === null) return 250;
  const sessionsAhead = (Math.max(0, dateTime - lastTime) / DAY_S) * (252 / 365);
  return Math.round(Math.min(250, Math.max(60, 3 * sessionsAhead)));
}

/** Epoch seconds of a `YYYY-MM-DD` date at 00:00 UTC, as bars time their sessions. */
export const dateTimeOf = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 1000;

/** Times after the last bar up to D (included), a day apart, thinned to at most 120 points. */
export function futureTimes(lastTime: number, dateTime: number): number[] {
  if (dateTime <= lastTime) return [];
  const days = Math.ceil((dateTime - lastTime) / DAY_S);
  const step = Math.max(1, Math.ceil(days / MAX_FUTURE_POINTS));
  const times: number[] = [];
  for (let d = step; d < days; d += step) times.push(lastTime + d * DAY_S);
  times.push(dateTime);
  return times;
}

/** The view's region within [min, max] of the chart's prices, as spans to shade. */
export function regionSpans(view: PriceView, min: number, max: number): [number, number][] {
  const clip = (a: number, b: number): [number, number][] => {
    const lo = Math.max(a, min);
    const hi = Math.min(b, max);
    return lo < hi ? [[lo, hi]] : [];
  };
  switch (view.behavior) {
    case 'abovePrice':
      return clip(view.value, max);
    case 'belowPrice':
      return clip(min, view.value);
    case 'insideRange':
      return clip(view.from, view.to);
    case 'outsideRange':
      return [...clip(min, view.from), ...clip(view.to, max)];
  }
}
