/**
 * Golden: straddles and strangles on a $100 stock, 30 days, at mid (100 put 3.50, 100 call 4.00,
 * 95 put 1.50, 105 call 2.00). Reference: hand computation per share; probability values from
 * Python's math.erfc as in payoff-verticals.test.ts. Tolerance 1e-9.
 */
import { describe, expect, test } from 'vitest';
import { tradeMetrics } from '#domain/metrics/trade-metrics.ts';
import { call, put, trade } from './fixtures.ts';

const close = (a: number | null, b: number) => expect(a).toBeCloseTo(b, 9);

describe('long straddle 100 at 7.50', () => {
  const m = tradeMetrics(trade('long_straddle', [put(1, 100, 3.5), call(1, 100, 4)]));
  test('breakevens 92.50 and 107.50, max loss 7.50 at the strike only', () => {
    expect(m.breakevens).toHaveLength(2);
    close(m.breakevens[0]!, 92.5);
    close(m.breakevens[1]!, 107.5);
    close(m.max_loss, 7.5);
    expect(m.max_profit_unlimited).toBe(true);
    expect(m.prob_max_loss).toBe(0);
    close(m.prob_loss, 0.6175094488779003);
    close(m.loss_range_percent, 0.15);
    expect(m.profit_range_percent).toBeNull();
    // Typical move to expiration: ATR 2.5 × √30 days, over the 100 price.
    close(m.atr_range, (2.5 * Math.sqrt(30)) / 100);
    close(m.atr_vs_bep![1]!, (2.5 * Math.sqrt(30)) / 7.5);
    close(m.atr_breakeven![0]!, -7.5 / 2.5);
  });
});

describe('short straddle 100 at 7.50', () => {
  const m = tradeMetrics(trade('short_straddle', [put(-1, 100, 3.5), call(-1, 100, 4)]));
  test('max profit 7.50, unlimited loss; margin: larger side 20 + 4 plus the other premium 3.50', () => {
    close(m.max_profit, 7.5);
    expect(m.max_loss_unlimited).toBe(true);
    close(m.breakevens[0]!, 92.5);
    close(m.breakevens[1]!, 107.5);
    close(m.prob_profit, 0.6175094488779003);
    close(m.margin, 27.5);
    close(m.profit_range_percent, 0.15);
  });
});

describe('strangles 95/105 at 3.50', () => {
  test('long: breakevens 91.50 and 108.50, max loss 3.50 between the strikes', () => {
    const m = tradeMetrics(trade('long_strangle', [put(1, 95, 1.5), call(1, 105, 2)]));
    close(m.breakevens[0]!, 91.5);
    close(m.breakevens[1]!, 108.5);
    close(m.max_loss, 3.5);
    expect(m.prob_max_loss).toBeGreaterThan(0.3);
    close(m.spread_width, 10);
    expect(m.strike_diff).toBeNull();
  });
  test('short: max profit 3.50; margin max(15 + 2, 15 + 1.5) + 1.5 = 18.5', () => {
    const m = tradeMetrics(trade('short_strangle', [put(-1, 95, 1.5), call(-1, 105, 2)]));
    close(m.max_profit, 3.5);
    close(m.margin, 18.5);
    expect(m.prob_max_profit).toBeGreaterThan(0.3);
  });
});
