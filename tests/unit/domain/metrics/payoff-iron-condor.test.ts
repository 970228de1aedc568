/**
 * Golden: iron condors on a $100 stock, 30 days, at mid. Reference: hand computation per share;
 * CBOE iron condor margin = the wider wing. Tolerance 1e-9 (probabilities: exact identities).
 */
import { describe, expect, test } from 'vitest';
import { tradeMetrics } from '#domain/metrics/trade-metrics.ts';
import { probBetween } from '#domain/pricing/probability.ts';
import { call, put, T_FRONT, trade } from './fixtures.ts';

const close = (a: number | null, b: number) => expect(a).toBeCloseTo(b, 9);

describe('iron condor 90/95/105/110 at a 2.20 credit', () => {
  const legs = [put(1, 90, 0.5), put(-1, 95, 1.5), call(-1, 105, 2), call(1, 110, 0.8)];
  const m = tradeMetrics(trade('iron_condor', legs));
  test('max profit 2.20, max loss 2.80, breakevens 92.80 and 107.20', () => {
    close(m.max_profit, 2.2);
    close(m.max_loss, 2.8);
    close(m.breakevens[0]!, 92.8);
    close(m.breakevens[1]!, 107.2);
    close(m.margin, 5);
    close(m.max_return_margin, 2.2 / 5);
    close(m.profit_range_percent, 0.144);
    expect(m.loss_range_percent).toBeNull();
    expect(m.iron_condor_shape).toBe('balanced');
    close(m.spread_width, 20);
  });
  test('probabilities are the lognormal mass of the zones', () => {
    const mass = (lo: number, hi: number) => probBetween(100, lo, hi, T_FRONT, 0.3, 0.04);
    close(m.prob_profit, mass(92.8, 107.2));
    close(m.prob_max_profit, mass(95, 105));
    close(m.prob_max_loss, mass(0, 90) + mass(110, Infinity));
    close(m.prob_loss_down, mass(0, 92.8));
    close(m.prob_loss_up, mass(107.2, Infinity));
    close(m.prob_profit + m.prob_loss, 1);
  });
  test('the quote at mid is the credit; 25% improvement takes a quarter of the 0.80 spread', () => {
    close(m.mid, 2.2);
    close(m.bid_ask_spread, 0.8);
    close(tradeMetrics(trade('iron_condor', legs, { level: 0.25 })).price, 2.0);
  });
});

describe('iron condor shapes', () => {
  test('a narrow put wing covered by the credit is riskless down', () => {
    // 94/95/105/110: credit 1.50 + 2.00 − 1.20 − 0.80 = 1.50 ≥ the 1-wide put wing.
    const m = tradeMetrics(
      trade('iron_condor', [put(1, 94, 1.2), put(-1, 95, 1.5), call(-1, 105, 2), call(1, 110, 0.8)]),
    );
    expect(m.iron_condor_shape).toBe('riskless_down');
    close(m.max_loss, 3.5);
    expect(m.breakevens).toHaveLength(1);
    close(m.breakevens[0]!, 106.5);
  });
  test('unequal wings with risk on both sides have no shape', () => {
    const m = tradeMetrics(
      trade('iron_condor', [put(1, 85, 0.2), put(-1, 95, 1.5), call(-1, 105, 2), call(1, 110, 0.8)]),
    );
    expect(m.iron_condor_shape).toBeNull();
    close(m.margin, 10);
  });
});
