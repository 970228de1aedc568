/**
 * Golden: ratio spreads on a $100 stock, 30 days. Reference: hand computation per share;
 * probabilities as lognormal masses (pricing/probability.ts). Tolerance 1e-9.
 */
import { describe, expect, test } from 'vitest';
import { tradeMetrics } from '#domain/metrics/trade-metrics.ts';
import { probBetween } from '#domain/pricing/probability.ts';
import { call, put, T_FRONT, trade } from './fixtures.ts';

const close = (a: number | null, b: number) => expect(a).toBeCloseTo(b, 9);
const mass = (lo: number, hi: number) => probBetween(100, lo, hi, T_FRONT, 0.3, 0.04);

describe('call ratio 1×2 100/105 for nothing (4.00 − 2 × 2.00)', () => {
  const legs = [call(1, 100, 4), call(-2, 105, 2)];
  const m = tradeMetrics(trade('call_ratio_spread', legs));
  test('flat at zero below 100, max profit 5 at 105, unlimited loss above, breakevens 100 and 110', () => {
    close(m.cost, 0);
    close(m.max_profit, 5);
    expect(m.max_loss_unlimited).toBe(true);
    expect(m.breakevens).toHaveLength(2);
    close(m.breakevens[0]!, 100);
    close(m.breakevens[1]!, 110);
    expect(m.bid_ask_spread_pc).toBeNull();
  });
  test('prob_profit + prob_loss = 1 − P(ending in the flat zero zone)', () => {
    close(m.prob_profit, mass(100, 110));
    close(m.prob_loss, mass(110, Infinity));
    close(m.prob_profit + m.prob_loss, 1 - mass(0, 100));
  });
  test('margin: one short call covered by the long, the other naked: max(20 − 5, 10) + 2 = 17', () => {
    close(m.margin, 17);
  });
  test('conservative fill: 4.10 − 2 × 1.90 = 0.30 debit, breakevens 100.30 and 109.70', () => {
    const c = tradeMetrics(trade('call_ratio_spread', legs, { level: 0.5 }));
    close(c.cost, 0.3);
    close(c.breakevens[0]!, 100.3);
    close(c.breakevens[1]!, 109.7);
    close(c.max_profit, 4.7);
  });
});

describe('put ratio 1×2 100/95 at 0.50 (3.50 − 2 × 1.50)', () => {
  const m = tradeMetrics(trade('put_ratio_spread', [put(1, 100, 3.5), put(-2, 95, 1.5)]));
  test('max profit 4.50 at 95, max loss 90.50 at 0, breakevens 90.50 and 99.50', () => {
    close(m.max_profit, 4.5);
    close(m.max_loss, 90.5);
    close(m.breakevens[0]!, 90.5);
    close(m.breakevens[1]!, 99.5);
    close(m.prob_profit, mass(90.5, 99.5));
    // Debit 0.50 + one naked 95 put: max(20 − 5, 9.5) + 1.50.
    close(m.margin, 17);
  });
});
