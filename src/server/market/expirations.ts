/**
 * Listed expirations of an underlying on a session day, by liquidity tier:
 * - tier 0 (SPY, QQQ, IWM, SPX, XSP, NDX): every session for two weeks, Fridays for nine weeks,
 *   monthlies for a year, quarter-ends for a year, June and December for three years, January LEAPS;
 * - tier 1: Fridays for six weeks, monthlies for six months, the March/June/September/December
 *   monthlies for a year, June and December and January LEAPS for about 34 months (as AAPL lists);
 * - tier 2: Fridays for three weeks, three monthlies, then the name's quarterly cycle for nine
 *   months and the next January LEAPS;
 * - tier 3: two monthlies and the quarterly cycle for eight months.
 * VIX lists its monthly Wednesdays (30 days before the next month's standard expiration) for six
 * months and Wednesdays for four weeks. A Friday holiday moves the expiration to Thursday.
 */
import {
  expirationOn,
  isTradingDay,
  lastTradingDayOfMonth,
  monthlyExpiration,
  monthOf,
  thirdFriday,
  weekdayOf,
  yearOf,
} from './calendar.ts';
import type { LiquidityTier } from './universe.ts';

export type ExpirationType = 'daily' | 'weekly' | 'monthly' | 'quarterly';

export interface ListedExpiration {
  readonly day: number;
  readonly type: ExpirationType;
}

/** Code of an expiration type in the snapshot's group columns. */
export const EXPIRATION_TYPE_CODE: Readonly<Record<ExpirationType, number>> = {
  daily: 0,
  weekly: 1,
  monthly: 2,
  quarterly: 3,
};

interface Rule {
  readonly dailyDays: number;
  readonly weeklyDays: number;
  readonly monthlyDays: number;
  readonly quarterEndDays: number;
  readonly cycleDays: number;
  readonly leapDays: number;
  readonly juneDecember: boolean;
}

const RULES: Readonly<Record<LiquidityTier, Rule>> = {
  0: {
    dailyDays: 14,
    weeklyDays: 63,
    monthlyDays: 370,
    quarterEndDays: 370,
    cycleDays: 370,
    leapDays: 1100,
    juneDecember: true,
  },
  1: {
    dailyDays: 0,
    weeklyDays: 42,
    monthlyDays: 185,
    quarterEndDays: 0,
    cycleDays: 370,
    leapDays: 1050,
    juneDecember: true,
  },
  2: {
    dailyDays: 0,
    weeklyDays: 21,
    monthlyDays: 95,
    quarterEndDays: 0,
    cycleDays: 280,
    leapDays: 500,
    juneDecember: false,
  },
  3: {
    dailyDays: 0,
    weeklyDays: 0,
    monthlyDays: 63,
    quarterEndDays: 0,
    cycleDays: 250,
    leapDays: 0,
    juneDecember: false,
  },
};

/** Months (1–12) of a quarterly cycle: 0 Jan/Apr/Jul/Oct, 1 Feb/May/Aug/Nov, 2 Mar/Jun/Sep/Dec. */
const inCycle = (month: number, cycle: number) => (month - 1) % 3 === cycle;

export function listedExpirations(
  day: number,
  tier: LiquidityTier,
  cycle: number,
  isVix = false,
): ListedExpiration[] {
  const out = new Map<number, ListedExpiration>();
  const add = (d: number, type: ExpirationType) => {
    if (d < day || !isTradingDay(d)) return;
    const prev = out.get(d);
    // A monthly stays monthly when it is also a quarter-end or a Friday.
    if (!prev || rank(type) > rank(prev.type)) out.set(d, { day: d, type });
  };
  if (isVix) {
    for (let i = 0; i < 8; i++) {
      const { y, m } = addMonths(yearOf(day), monthOf(day), i + 1);
      // Cboe: the Wednesday 30 days before the following month's third Friday (even when that Friday is a holiday).
      const d = expirationOn(thirdFriday(y, m) - 30);
      if (d - day <= 190) add(d, 'monthly');
    }
    for (let d = day; d <= day + 28; d++) if (weekdayOf(d) === 3) add(expirationOn(d), 'weekly');
    return sorted(out);
  }
  const r = RULES[tier];
  if (r.dailyDays > 0) for (let d = day; d <= day + r.dailyDays; d++) if (isTradingDay(d)) add(d, 'daily');
  for (let d = day; d <= day + r.weeklyDays; d++) if (weekdayOf(d) === 5) add(expirationOn(d), 'weekly');
  for (let i = 0; i < 48; i++) {
    const { y, m } = addMonths(yearOf(day), monthOf(day), i);
    const monthly = monthlyExpiration(y, m);
    const ahead = monthly - day;
    if (ahead <= r.monthlyDays) add(monthly, 'monthly');
    else if (ahead <= r.cycleDays && inCycle(m, tier <= 1 ? 2 : cycle)) add(monthly, 'monthly');
    else if (ahead <= r.leapDays && (m === 1 || (r.juneDecember && (m === 6 || m === 12))))
      add(monthly, 'monthly');
    if (m % 3 === 0 && lastTradingDayOfMonth(y, m) - day <= r.quarterEndDays)
      add(lastTradingDayOfMonth(y, m), 'quarterly');
  }
  return sorted(out);
}

function rank(t: ExpirationType): number {
  return t === 'monthly' ? 3 : t === 'quarterly' ? 2 : t === 'weekly' ? 1 : 0;
}

function addMonths(year: number, month: number, n: number): { y: number; m: number } {
  const idx = year * 12 + (month - 1) + n;
  return { y: Math.floor(idx / 12), m: (idx % 12) + 1 };
}

function sorted(map: Map<number, ListedExpiration>): ListedExpiration[] {
  return [...map.values()].sort((a, b) => a.day - b.day);
}
