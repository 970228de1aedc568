/**
 * Corporate events and the analyst view, as deterministic functions of (seed, symbol, date):
 * - earnings: four a year, in the usual reporting seasons (2–7 weeks after quarter end), before
 *   the open, each name on its own day of the season;
 * - dividends: quarterly ex-dates at a per-name phase, the amount set so four payments make the
 *   dividend yield (funds go ex on the third Friday of the last month of each quarter);
 * - analyst consensus (1 strong buy … 5 strong sell) drifting week by week, and a target price.
 * Day numbers are days since 1970-01-01 (see calendar.ts).
 */
import { dayOf, expirationOn, isoOf, monthlyExpiration, tradingDayOnOrAfter, yearOf } from './calendar.ts';
import type { AnalystView, DividendEvent } from './provider.ts';
import { rngFor } from './rng.ts';
import type { UnderlyingSpec } from './universe.ts';

/** Earnings days (trading days) between `from` and `to` inclusive; none for funds and indexes. */
export function earningsDays(spec: UnderlyingSpec, seed: number, from: number, to: number): number[] {
  if (spec.kind !== 1) return [];
  const phase = rngFor(seed, 'earnings', spec.symbol).uniform(14, 48);
  const out: number[] = [];
  for (let year = yearOf(from) - 1; year <= yearOf(to) + 1; year++) {
    for (const month of [1, 4, 7, 10]) {
      const jitter = rngFor(seed, 'earnings', spec.symbol, year, month).uniform(-3, 3);
      const day = tradingDayOnOrAfter(
        dayOf(`${year}-${String(month).padStart(2, '0')}-01`) + Math.round(phase + jitter),
      );
      if (day >= from && day <= to) out.push(day);
    }
  }
  return out;
}

export function dividendsPerYear(spec: UnderlyingSpec): number {
  return spec.dividendYield > 0 && spec.kind !== 3 ? 4 : 0;
}

/** Ex-dividend days between `from` and `to` inclusive. */
export function exDividendDays(spec: UnderlyingSpec, seed: number, from: number, to: number): number[] {
  if (dividendsPerYear(spec) === 0) return [];
  const out: number[] = [];
  const phaseMonth = rngFor(seed, 'dividend', spec.symbol).int(3);
  const phaseDay = rngFor(seed, 'dividend-day', spec.symbol).int(26) + 1;
  for (let year = yearOf(from) - 1; year <= yearOf(to) + 1; year++) {
    for (let q = 0; q < 4; q++) {
      const month = 3 * q + 1 + phaseMonth;
      const day =
        spec.kind === 2
          ? monthlyExpiration(year, 3 * q + 3)
          : tradingDayOnOrAfter(
              dayOf(`${year}-${String(month).padStart(2, '0')}-${String(phaseDay).padStart(2, '0')}`),
            );
      if (day >= from && day <= to) out.push(day);
    }
  }
  return out.sort((a, b) => a - b);
}

/** The next dividend on or after `day`: amount = yield × price / payments per year, paid about three weeks later. */
export function nextDividend(
  spec: UnderlyingSpec,
  seed: number,
  day: number,
  price: number,
): DividendEvent | null {
  const per = dividendsPerYear(spec);
  if (per === 0) return null;
  const ex = exDividendDays(spec, seed, day, day + 120)[0];
  if (ex === undefined) return null;
  return {
    exDate: isoOf(ex),
    payDate: isoOf(expirationOn(ex + 21)),
    amount: Math.round(((spec.dividendYield * price) / per) * 10000) / 10000,
  };
}

const WEEK0 = dayOf('2020-01-06');

/** Consensus recommendation in week `w` (weeks since 2020-01-06): a slow cycle plus weekly noise. */
function recommendationAt(spec: UnderlyingSpec, seed: number, w: number): number {
  const rng = rngFor(seed, 'analyst', spec.symbol);
  const base = 1.4 + 1.6 * rng.next() ** 1.3;
  const amp = rng.uniform(0.05, 0.35);
  const period = rng.uniform(20, 70);
  const shift = rng.uniform(0, 2 * Math.PI);
  const noise = 0.04 * rngFor(seed, 'analyst', spec.symbol, w).normal();
  return Math.min(5, Math.max(1, base + amp * Math.sin((2 * Math.PI * w) / period + shift) + noise));
}

/** Analyst consensus for stocks on session `day`; null for funds and indexes. */
export function analystView(
  spec: UnderlyingSpec,
  seed: number,
  day: number,
  price: number,
): AnalystView | null {
  if (spec.kind !== 1) return null;
  const w = Math.floor((day - WEEK0) / 7);
  const r2 = (x: number) => Math.round(x * 100) / 100;
  const now = r2(recommendationAt(spec, seed, w));
  const at = (weeks: number) => r2(now - r2(recommendationAt(spec, seed, w - weeks)));
  // Targets sit above the price by more when the consensus is more bullish.
  const upside =
    0.16 - 0.08 * (now - 1) + 0.05 * rngFor(seed, 'target', spec.symbol, Math.floor(w / 4)).normal();
  return {
    recommendation: now,
    changeWeek: at(1),
    changeMonth: at(4),
    change6m: at(26),
    targetPrice: r2(price * (1 + upside)),
  };
}
