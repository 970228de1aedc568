/**
 * What an underlying's session knows from its history and reference data, computed once per
 * session: technicals, fundamentals, earnings dates, volatility ranks, the analyst view and the
 * stock scores (deciles across the universe).
 */

import { yearOf } from './calendar.ts';
import { analystView } from './events.ts';
import { fundamentalsOf } from './fundamentals.ts';
import type { DailySeries } from './history.ts';
import { sessionOf } from './market-clock.ts';
import type { Fundamentals, StockScores } from './provider.ts';
import { type SessionTechnicals, sessionTechnicals } from './technical-summary.ts';
import { realizedVol } from './technicals/volatility.ts';
import type { UnderlyingSpec } from './universe.ts';

const YEAR_DAYS = 252;

export interface SessionStatics {
  readonly technicals: SessionTechnicals;
  readonly fundamentals: Fundamentals;
  /** Next earnings session on or after today, and the last one before (day numbers, NaN none). */
  readonly nextEarnings: number;
  readonly previousEarnings: number;
  /** Opening instant of the first earnings session after today: its move is priced into later expiries. */
  readonly eventOpen: number;
  readonly rvRank: number;
  readonly skew: number;
  readonly skewRank: number;
  /** Sorted 30-day IVs of the last 252 sessions, for rank and percentile. */
  readonly ivSorted: Float64Array;
  readonly analyst: ReturnType<typeof analystView>;
  readonly scores: StockScores | null;
}

export function sessionStatics(
  s: UnderlyingSpec,
  h: DailySeries,
  earnings: ReadonlySet<number>,
  day: number,
  years: readonly number[],
  seed: number,
): SessionStatics {
  const technicals = sessionTechnicals(h, years, yearOf(day));
  const prevClose = h.close[h.close.length - 1] as number;
  const fundamentals = fundamentalsOf(s, seed, prevClose);
  let next = Number.NaN;
  let prev = Number.NaN;
  let event = Number.NaN;
  for (const d of earnings) {
    if (d >= day && !(d >= next)) next = d;
    if (d > day && !(d >= event)) event = d;
    if (d < day && !(d <= prev)) prev = d;
  }
  const n = h.iv30.length;
  const window = Array.from(h.iv30.subarray(Math.max(0, n - YEAR_DAYS)));
  const ivSorted = Float64Array.from(window).sort();
  const rvs: number[] = [];
  for (let t = Math.max(22, n - YEAR_DAYS); t < n; t++) rvs.push(realizedVol(h.close, 21, t));
  const skews = Array.from(h.skew30.subarray(Math.max(0, n - YEAR_DAYS)));
  const skew = skews[skews.length - 1] ?? Number.NaN;
  return {
    technicals,
    fundamentals,
    nextEarnings: next,
    previousEarnings: prev,
    eventOpen: Number.isNaN(event) ? Number.NaN : sessionOf(event).open,
    rvRank: rankOf(rvs, technicals.rv21),
    skew,
    skewRank: rankOf(skews, skew),
    ivSorted,
    analyst: analystView(s, seed, day, prevClose),
    scores: null,
  };
}

/**
 * Stock scores 1–10: deciles across the universe's stocks of three composites (fundamental,
 * growth, technical); `spot` is the price per underlying. Returns the statics with scores.
 */
export function withScores(
  specs: readonly UnderlyingSpec[],
  statics: readonly SessionStatics[],
  spot: ArrayLike<number>,
): SessionStatics[] {
  const out = [...statics];
  const stocks = specs.filter((s) => s.kind === 1).map((s) => s.index);
  const decile = (values: number[]) => {
    const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
    return values.map((v) =>
      Number.isFinite(v) ? 1 + Math.min(9, Math.floor((10 * lowerBound(sorted, v)) / sorted.length)) : 5,
    );
  };
  const st = (i: number) => statics[i] as SessionStatics;
  const fundamental = decile(
    stocks.map((i) => {
      const f = st(i).fundamentals;
      return (
        f.returnOnEquity +
        f.netMargin -
        0.1 * f.debtEquity -
        (Number.isFinite(f.pe) ? Math.min(f.pe, 80) / 200 : 0.3)
      );
    }),
  );
  const growth = decile(
    stocks.map((i) => {
      const f = st(i).fundamentals;
      return f.epsGrowthNext5y + 0.5 * f.epsGrowthNextYear + 0.5 * f.salesGrowthPast5y;
    }),
  );
  const technical = decile(
    stocks.map((i) => {
      const t = st(i).technicals;
      const price = spot[i] as number;
      return (
        price / t.sma200 -
        1 +
        0.5 * (price / t.sma50 - 1) +
        (t.rsi14 - 50) / 200 +
        0.5 * (price / t.bases[1] - 1)
      );
    }),
  );
  stocks.forEach((i, j) => {
    out[i] = {
      ...st(i),
      scores: {
        fundamental: fundamental[j] as number,
        growth: growth[j] as number,
        technical: technical[j] as number,
      },
    };
  });
  return out;
}

/** Number of sorted values strictly below `x`. */
export function lowerBound(sorted: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Rank of x within values, 0–1 ((x − min) / (max − min)). */
function rankOf(values: readonly number[], x: number): number {
  const ok = values.filter(Number.isFinite);
  if (ok.length === 0 || !Number.isFinite(x)) return Number.NaN;
  const lo = Math.min(...ok);
  const hi = Math.max(...ok);
  return hi > lo ? (x - lo) / (hi - lo) : 0.5;
}
