/**
 * Golden: calendars and diagonals on a $100 stock: the front leg expires in 30 days, the back leg
 * 28 calendar days later (27 days 23 hours: daylight saving time starts in between). At the front
 * expiration the back leg is worth its Black-Scholes-Merton value (IV 0.3, r 4%, q 0, τ = the
 * instants apart in ACT/365 years; reference: pricing/black-scholes.ts, itself checked against Hull)
 * floored at intrinsic; on an underlying whose options are American, its American price
 * (pricing/american.ts, checked against a binomial lattice). Reference for the rest: hand computation per share. Tolerance 1e-9 unless
 * stated; breakevens are roots to 1e-7.
 */
import { describe, expect, test } from 'vitest';
import { ExerciseStyle } from '#domain/contracts/exercise-style.ts';
import { expiryInstant } from '#domain/contracts/expiry.ts';
import { tradeMetrics } from '#domain/metrics/trade-metrics.ts';
import { americanPrice } from '#domain/pricing/american.ts';
import { bsPrice } from '#domain/pricing/black-scholes.ts';
import { BACK, call, FRONT, put, RATE, trade } from './fixtures.ts';

const close = (a: number | null, b: number, digits = 9) => expect(a).toBeCloseTo(b, digits);
const TAU = (expiryInstant(BACK) - expiryInstant(FRONT)) / (365 * 86_400_000);
const back = (isCall: boolean, s: number, k: number) =>
  Math.max(bsPrice(isCall, s, k, TAU, RATE, 0, 0.3), Math.max(isCall ? s - k : k - s, 0));

describe('long call calendar 100: sell the front at 4.00, buy the back at 5.60', () => {
  const m = tradeMetrics(trade('long_call_calendar_spread', [call(-1, 100, 4), call(1, 100, 5.6, BACK)]));
  const pl = (s: number) => back(true, s, 100) - Math.max(s - 100, 0) - 1.6;

  test('max profit at the strike: back value − 1.60; max loss the 1.60 debit', () => {
    expect(TAU * 365).toBeCloseTo(28 - 1 / 24, 12);
    close(m.cost, 1.6);
    close(m.max_profit, pl(100));
    close(m.max_loss, 1.6);
    expect(m.max_loss_unlimited).toBe(false);
    expect(m.max_profit_unlimited).toBe(false);
  });

  test('two breakevens around the strike, each a root of the P/L', () => {
    expect(m.breakevens).toHaveLength(2);
    expect(m.breakevens[0]!).toBeLessThan(100);
    expect(m.breakevens[1]!).toBeGreaterThan(100);
    for (const b of m.breakevens) close(pl(b), 0, 7);
  });

  test('expected value and probabilities are consistent', () => {
    expect(m.prob_profit + m.prob_loss).toBeCloseTo(1, 12);
    expect(m.spread_expected_value).toBeGreaterThan(-1.6);
    expect(m.spread_expected_value).toBeLessThan(pl(100));
    close(m.margin, 1.6);
  });

  test('front vs back: 28 days apart, same IV, the front pays 4.00/5.60 of the back', () => {
    expect(m.expiration_diff_days).toBe(28);
    close(m.iv_ratio, 1);
    close(m.coverage_ratio, 4 / 5.6);
    expect(m.theta_ratio).toBeGreaterThan(1);
    expect(m.strike_diff).toBe(0);
    expect(m.spread_width).toBeNull();
    expect(m.diagonal_spread_shape).toBeNull();
  });

  test('a richer front IV raises the IV ratio', () => {
    const r = tradeMetrics(
      trade('long_call_calendar_spread', [call(-1, 100, 4, undefined, 0.33), call(1, 100, 5.6, BACK, 0.3)]),
    );
    close(r.iv_ratio, 1.1);
  });
});

describe('long put calendar 100: sell the front at 3.50, buy the back at 4.80', () => {
  const m = tradeMetrics(trade('long_put_calendar_spread', [put(-1, 100, 3.5), put(1, 100, 4.8, BACK)]));
  test('max loss the 1.30 debit (reached deep in the money, where the back put is worth intrinsic)', () => {
    close(m.max_loss, 1.3);
    close(m.max_profit, back(false, 100, 100) - 1.3);
    expect(m.prob_max_loss).toBeGreaterThan(0);
    expect(m.breakevens).toHaveLength(2);
  });
});

describe('diagonals', () => {
  test('call: buy the back 95 at 7.80, sell the front 105 at 2.00 — riskless up', () => {
    const m = tradeMetrics(trade('long_call_diagonal_spread', [call(-1, 105, 2), call(1, 95, 7.8, BACK)]));
    close(m.cost, 5.8);
    close(m.max_profit, back(true, 105, 95) - 5.8);
    close(m.max_loss, 5.8);
    expect(m.diagonal_spread_shape).toBe('riskless_up');
    expect(m.breakevens).toHaveLength(1);
    // Back strike 95 minus front strike 105.
    close(m.strike_diff, -10);
    close(m.spread_width, 10);
  });
  test('put: buy the back 105 at 7.50, sell the front 95 at 1.50 — riskless down', () => {
    const m = tradeMetrics(trade('long_put_diagonal_spread', [put(-1, 95, 1.5), put(1, 105, 7.5, BACK)]));
    close(m.max_loss, 6);
    close(m.max_profit, back(false, 95, 105) - 6);
    expect(m.diagonal_spread_shape).toBe('riskless_down');
  });
});

describe('American options: the back leg at the front expiration is worth its American price', () => {
  const american = { underlying: { exerciseStyle: ExerciseStyle.American } };
  const backAmerican = (isCall: boolean, s: number, k: number) =>
    americanPrice(isCall, s, k, TAU, RATE, 0, 0.3);

  test('put diagonal 95/105: the back put in the money is worth more than its European value', () => {
    const legs = [put(-1, 95, 1.5), put(1, 105, 7.5, BACK)];
    const m = tradeMetrics(trade('long_put_diagonal_spread', legs, american));
    const european = tradeMetrics(trade('long_put_diagonal_spread', legs));
    // The peak is at the sold strike, where the back put is 10 in the money: early exercise pays.
    expect(backAmerican(false, 95, 105)).toBeGreaterThan(back(false, 95, 105) + 1e-3);
    close(m.max_profit, backAmerican(false, 95, 105) - 6);
    expect(m.max_profit!).toBeGreaterThan(european.max_profit! + 1e-3);
    close(m.max_loss, 6);
    expect(m.spread_expected_value).toBeGreaterThan(european.spread_expected_value);
  });

  test('call calendar without dividends: early exercise is worthless, the numbers are the European ones', () => {
    const legs = [call(-1, 100, 4), call(1, 100, 5.6, BACK)];
    const m = tradeMetrics(trade('long_call_calendar_spread', legs, american));
    const european = tradeMetrics(trade('long_call_calendar_spread', legs));
    expect(m.max_profit).toBe(european.max_profit);
    expect(m.spread_expected_value).toBe(european.spread_expected_value);
    expect(m.breakevens).toEqual(european.breakevens);
  });
});
