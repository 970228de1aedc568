/**
 * Per-option datapoints (the per-leg lists of a trade row: strike, moneyness, volume, leg delta,
 * strike-versus-reference figures, …) for one option row of the snapshot. The values equal the
 * trade metrics' per-leg lists (`legMetrics`) for the same option; NaN is missing.
 */
import type { UnderlyingState } from '#domain/metrics/types.ts';
import type { MarketView } from './market-view.ts';
import type { RowCache } from './row-cache.ts';

const MS_PER_DAY = 86_400_000;

/** What a per-leg value needs besides the row: the underlying's state at the scan's instant. */
export interface LegContext {
  readonly view: MarketView;
  readonly rows: RowCache;
  readonly state: UnderlyingState;
}

export type LegGetter = (c: LegContext, row: number) => number;

const known = (x: number | undefined): x is number => x !== undefined && Number.isFinite(x) && x > 0;
const against = (k: number, ref: number | undefined): number => (known(ref) ? (k - ref) / ref : Number.NaN);

/** Days from the scan's instant to the option's 16:00 New York expiry (0 once expired). */
export const legDays = (c: LegContext, row: number): number => {
  const v = c.view;
  return Math.max(v.expiryMs[v.cols.options.expiration[row]!]! - v.asOfMs, 0) / MS_PER_DAY;
};

export const LEG_NUMBERS: Readonly<Record<string, LegGetter>> = {
  strike: (c, r) => c.view.cols.options.strike[r]!,
  moneyness: (c, r) => (c.view.cols.options.strike[r]! - c.state.price) / c.state.price,
  volume: (c, r) => c.view.cols.options.volume[r]!,
  open_interest: (c, r) => c.view.cols.options.openInterest[r]!,
  option_volume_power: (c, r) => {
    const oi = c.view.cols.options.openInterest[r]!;
    return oi > 0 ? c.view.cols.options.volume[r]! / oi : Number.NaN;
  },
  change_percent: (c, r) => {
    const o = c.view.cols.options;
    const prev = o.prevClose[r]!;
    return prev > 0 ? (o.last[r]! - prev) / prev : Number.NaN;
  },
  intraday_high: (c, r) => c.view.cols.options.high[r]!,
  intraday_low: (c, r) => c.view.cols.options.low[r]!,
  leg_bid: (c, r) => c.view.cols.options.bid[r]!,
  leg_ask: (c, r) => c.view.cols.options.ask[r]!,
  leg_mid: (c, r) => (c.view.cols.options.bid[r]! + c.view.cols.options.ask[r]!) / 2,
  leg_iv: (c, r) => c.view.cols.options.iv[r]!,
  leg_bid_ask_spread: (c, r) => c.view.cols.options.ask[r]! - c.view.cols.options.bid[r]!,
  leg_bid_ask_spread_pc: (c, r) => {
    const o = c.view.cols.options;
    const mid = (o.bid[r]! + o.ask[r]!) / 2;
    return mid > 0 ? (o.ask[r]! - o.bid[r]!) / mid : Number.NaN;
  },
  prob_otm: (c, r) => c.rows.probOtm(r),
  leg_delta: (c, r) => c.rows.legDelta(r),
  days_to_expiration: legDays,
  expiration_date: (c, r) => c.view.expiryDay[c.view.cols.options.expiration[r]!]!,
  /** 0 standard (monthly), 1 weekly: the order of the codes' names. */
  expiration_type: (c, r) => (c.view.monthly[c.view.cols.options.expiration[r]!] === 1 ? 0 : 1),
  leg_strike_atr: (c, r) => {
    const atr = c.state.atr;
    return known(atr) ? (c.view.cols.options.strike[r]! - c.state.price) / atr : Number.NaN;
  },
  leg_strike_std21: (c, r) => {
    const std21 = c.state.std21;
    const days = legDays(c, r);
    const S = c.state.price;
    return known(std21) && days > 0
      ? (c.view.cols.options.strike[r]! - S) / (S * std21 * Math.sqrt(days / 365))
      : Number.NaN;
  },
  leg_strike_simple_moving_avg_200_day: (c, r) => against(c.view.cols.options.strike[r]!, c.state.sma200),
  leg_strike_week_52_high: (c, r) => against(c.view.cols.options.strike[r]!, c.state.w52High),
  leg_strike_week_52_low: (c, r) => against(c.view.cols.options.strike[r]!, c.state.w52Low),
  leg_strike_target_price_percent: (c, r) => against(c.view.cols.options.strike[r]!, c.state.targetPrice),
  leg_strike_p_e: (c, r) => {
    const eps = c.state.epsTtm;
    return known(eps) ? c.view.cols.options.strike[r]! / eps : Number.NaN;
  },
  leg_strike_forward_p_e: (c, r) => {
    const eps = c.state.forwardEps;
    return known(eps) ? c.view.cols.options.strike[r]! / eps : Number.NaN;
  },
  leg_strike_dividend_yield: (c, r) =>
    (c.state.price * c.state.dividendYield) / c.view.cols.options.strike[r]!,
};

export const isLegNumber = (name: string): boolean => name in LEG_NUMBERS;

/**
 * Options the engine trades: a two-sided or ask-only quote (ask > 0, 0 ≤ bid ≤ ask), a positive
 * IV, and not yet at its expiry instant.
 */
export function isTradable(view: MarketView, row: number): boolean {
  const o = view.cols.options;
  const bid = o.bid[row]!;
  const ask = o.ask[row]!;
  return (
    ask > 0 &&
    bid >= 0 &&
    bid <= ask &&
    o.iv[row]! > 0 &&
    o.strike[row]! > 0 &&
    view.expiryMs[o.expiration[row]!]! > view.asOfMs
  );
}
