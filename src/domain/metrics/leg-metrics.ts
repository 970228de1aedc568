/**
 * Per option leg lists of a trade row, in leg order (stock legs are skipped).
 *
 * - days_to_expiration: fractional days from now to the leg's expiry instant (16:00 New York).
 * - moneyness: distance of the strike from the price, as a fraction of the price: (K − S)/S
 *   (positive above the price, for calls and puts alike).
 * - leg_mid, leg_bid_ask_spread: (bid + ask)/2 and ask − bid of the option, per share.
 * - leg_delta: the option's own delta (per share, for a long unit).
 * - prob_otm: probability the option expires out of the money: under its own expiration's smile
 *   when the input brought it, else lognormal at its own IV and expiry; with the trade's drift.
 * - leg_strike_*: the strike against a reference: (K − S)/ATR; (K − S)/(S·σ21·√(days/365)) in
 *   standard deviations to the leg's expiry (null once a leg has expired); (K − X)/X for X = SMA 200, 52-week high and low, target
 *   price; K / EPS (ttm and forward); S × dividend yield / K. Null when the reference is unknown.
 */
import type { Greeks } from '../pricing/black-scholes.ts';
import { probAbove, probBelow } from '../pricing/probability.ts';
import { SmileDistribution } from '../pricing/terminal-distribution.ts';
import { MS_PER_DAY, MS_PER_YEAR, type Position, type PositionLeg } from './position.ts';
import type { UnderlyingState } from './types.ts';

export interface LegMetrics {
  readonly expiration_date: readonly string[];
  readonly days_to_expiration: readonly number[];
  readonly strike: readonly number[];
  readonly moneyness: readonly number[];
  readonly leg_mid: readonly number[];
  readonly leg_bid_ask_spread: readonly number[];
  readonly leg_delta: readonly number[];
  readonly prob_otm: readonly number[];
  readonly leg_strike_atr: readonly number[] | null;
  readonly leg_strike_std21: readonly number[] | null;
  readonly leg_strike_simple_moving_avg_200_day: readonly number[] | null;
  readonly leg_strike_week_52_high: readonly number[] | null;
  readonly leg_strike_week_52_low: readonly number[] | null;
  readonly leg_strike_target_price_percent: readonly number[] | null;
  readonly leg_strike_p_e: readonly number[] | null;
  readonly leg_strike_forward_p_e: readonly number[] | null;
  readonly leg_strike_dividend_yield: readonly number[];
}

const known = (x: number | undefined): x is number => x !== undefined && Number.isFinite(x) && x > 0;

export function legMetrics(pos: Position, perLeg: readonly Greeks[], u: UnderlyingState): LegMetrics {
  const S = pos.spot;
  const indexed = pos.legs
    .map((leg, i) => ({ leg, greeks: perLeg[i]! }))
    .filter((x) => x.leg.kind === 'option');
  const options: PositionLeg[] = indexed.map((x) => x.leg);
  const strikes = options.map((l) => l.strike);
  const daysOf = (l: PositionLeg) => Math.max(l.expiryMs - pos.asOfMs, 0) / MS_PER_DAY;
  const against = (ref: number | undefined) => (known(ref) ? strikes.map((k) => (k - ref) / ref) : null);
  const per = (ref: number | undefined, f: (k: number, ref: number) => number) =>
    known(ref) ? strikes.map((k) => f(k, ref)) : null;
  const std21 = u.std21;
  return {
    expiration_date: options.map((l) => l.expiration!),
    days_to_expiration: options.map(daysOf),
    strike: strikes,
    moneyness: strikes.map((k) => (k - S) / S),
    leg_mid: options.map((l) => l.mid),
    leg_bid_ask_spread: options.map((l) => l.ask - l.bid),
    leg_delta: indexed.map((x) => x.greeks.delta),
    prob_otm: options.map((l) => {
      const T = Math.max(l.expiryMs - pos.asOfMs, 0) / MS_PER_YEAR;
      const smile = T > 0 ? pos.smiles.find((t) => t.expiration === l.expiration) : undefined;
      if (smile) {
        const below = new SmileDistribution(smile, S, pos.drift).cdf(l.strike);
        return l.isCall ? below : 1 - below;
      }
      return l.isCall
        ? probBelow(S, l.strike, T, l.iv, pos.drift)
        : probAbove(S, l.strike, T, l.iv, pos.drift);
    }),
    leg_strike_atr: per(u.atr, (k, atr) => (k - S) / atr),
    leg_strike_std21:
      known(std21) && options.every((l) => daysOf(l) > 0)
        ? options.map((l) => (l.strike - S) / (S * std21 * Math.sqrt(daysOf(l) / 365)))
        : null,
    leg_strike_simple_moving_avg_200_day: against(u.sma200),
    leg_strike_week_52_high: against(u.w52High),
    leg_strike_week_52_low: against(u.w52Low),
    leg_strike_target_price_percent: against(u.targetPrice),
    leg_strike_p_e: per(u.epsTtm, (k, eps) => k / eps),
    leg_strike_forward_p_e: per(u.forwardEps, (k, eps) => k / eps),
    leg_strike_dividend_yield: strikes.map((k) => (S * u.dividendYield) / k),
  };
}
