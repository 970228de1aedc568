/**
 * Golden: custom strategies on a $100 stock, 30 days, at mid. Reference: hand computation per
 * share. Tolerance 1e-9.
 */
import { describe, expect, test } from 'vitest';
import { tradeMetrics } from '#domain/metrics/trade-metrics.ts';
import { call, put, shares, trade } from './fixtures.ts';

const close = (a: number | null, b: number) => expect(a).toBeCloseTo(b, 9);

describe('custom: long 100 call at 4.00, short 95 put at 1.50', () => {
  const m = tradeMetrics(trade('custom', [call(1, 100, 4), put(-1, 95, 1.5)]));
  test('debit 2.50, breakeven 102.50, max loss 97.50 at 0, unlimited profit', () => {
    close(m.cost, 2.5);
    close(m.breakevens[0]!, 102.5);
    close(m.max_loss, 97.5);
    expect(m.max_profit_unlimited).toBe(true);
    // Debit + the naked put: 2.50 + max(20 − 5, 9.5) + 1.50.
    close(m.margin, 19);
    expect(m.iron_condor_shape).toBeNull();
  });
});

describe('custom: 200 shares, short 2 calls at 105 (2.00), long 1 put at 95 (1.50)', () => {
  const m = tradeMetrics(trade('custom', [shares(200), call(-2, 105, 2), put(1, 95, 1.5)]));
  test('per share of the position: 2 × 100 − 2 × 2 + 1.5 = 197.50 debit', () => {
    close(m.cost, 197.5);
    // Above 105: 2 × 105 − 197.5 = 12.5; at 0: 95 − 197.5 = −102.5.
    close(m.max_profit, 12.5);
    close(m.max_loss, 102.5);
    // Between the strikes the P/L is 2s − 197.50.
    expect(m.breakevens).toHaveLength(1);
    close(m.breakevens[0]!, 98.75);
    close(m.delta, 2 - 2 * m.leg_delta[0]! + m.leg_delta[1]!);
    close(m.margin, 197.5);
  });
});
