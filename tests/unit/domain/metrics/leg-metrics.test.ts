import { describe, expect, test } from 'vitest';
import { legGreeks } from '#domain/metrics/greeks.ts';
import { legMetrics } from '#domain/metrics/leg-metrics.ts';
import { buildPosition } from '#domain/metrics/position.ts';
import type { LegQuote, UnderlyingState } from '#domain/metrics/types.ts';
import { bsGreeks } from '#domain/pricing/black-scholes.ts';
import { probAbove } from '#domain/pricing/probability.ts';
import { call, put, shares, trade, UNDERLYING } from './fixtures.ts';

const lists = (legs: LegQuote[], u: Partial<UnderlyingState> = {}) => {
  const pos = buildPosition(trade('custom', legs, { underlying: u }));
  return legMetrics(
    pos,
    pos.legs.map((l) => legGreeks(pos, l)),
    { ...UNDERLYING, ...u },
  );
};

describe('per-leg lists', () => {
  const m = lists([shares(100), call(-1, 105, 2), put(1, 90, 0.5)]);

  test('option legs only, in order', () => {
    expect(m.strike).toEqual([105, 90]);
    expect(m.expiration_date).toEqual(['2026-02-20', '2026-02-20']);
    expect(m.days_to_expiration[0]).toBeCloseTo(30, 12);
    expect(m.leg_mid).toEqual([2, 0.5]);
    expect(m.leg_bid_ask_spread[0]).toBeCloseTo(0.2, 12);
  });

  test('moneyness is the strike’s distance from the price, positive above it', () => {
    expect(m.moneyness[0]).toBeCloseTo(0.05, 12);
    expect(m.moneyness[1]).toBeCloseTo(-0.1, 12);
    expect(lists([put(1, 110, 10)]).moneyness[0]).toBeCloseTo(0.1, 12);
  });

  test('delta and probability out of the money at the leg’s own IV', () => {
    expect(m.leg_delta[0]).toBeCloseTo(bsGreeks(true, 100, 105, 30 / 365, 0.04, 0, 0.3).delta, 12);
    expect(m.prob_otm[0]).toBeCloseTo(1 - probAbove(100, 105, 30 / 365, 0.3, 0.04), 12);
    expect(m.prob_otm[1]).toBeCloseTo(probAbove(100, 90, 30 / 365, 0.3, 0.04), 12);
  });

  test('strikes against reference levels', () => {
    expect(m.leg_strike_atr![0]).toBeCloseTo(5 / 2.5, 12);
    expect(m.leg_strike_std21![0]).toBeCloseTo(5 / (100 * 0.25 * Math.sqrt(30 / 365)), 12);
    expect(m.leg_strike_simple_moving_avg_200_day![0]).toBeCloseTo(15 / 90, 12);
    expect(m.leg_strike_week_52_high![1]).toBeCloseTo(-30 / 120, 12);
    expect(m.leg_strike_week_52_low![1]).toBeCloseTo(10 / 80, 12);
    expect(m.leg_strike_target_price_percent![0]).toBeCloseTo(-5 / 110, 12);
    expect(m.leg_strike_p_e![0]).toBeCloseTo(21, 12);
    expect(m.leg_strike_forward_p_e![0]).toBeCloseTo(17.5, 12);
    expect(lists([call(1, 100, 4)], { dividendYield: 0.02 }).leg_strike_dividend_yield[0]).toBeCloseTo(
      0.02,
      12,
    );
  });

  test('unknown reference levels leave their lists null', () => {
    const n = lists([call(1, 100, 4)], { atr: undefined, std21: undefined, sma200: 0, epsTtm: -1 });
    expect(n.leg_strike_atr).toBeNull();
    expect(n.leg_strike_std21).toBeNull();
    expect(n.leg_strike_simple_moving_avg_200_day).toBeNull();
    expect(n.leg_strike_p_e).toBeNull();
  });
});
