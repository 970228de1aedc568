/**
 * Golden: call, put and iron butterflies on a $100 stock, 30 days, at mid. Reference: hand
 * computation per share. Tolerance 1e-9.
 */
import { describe, expect, test } from 'vitest';
import { tradeMetrics } from '#domain/metrics/trade-metrics.ts';
import { call, put, trade } from './fixtures.ts';

const close = (a: number | null, b: number) => expect(a).toBeCloseTo(b, 9);

describe('call butterfly 95/100/105 at 1.00 (7.00 − 2 × 4.00 + 2.00)', () => {
  const m = tradeMetrics(trade('call_butterfly', [call(1, 95, 7), call(-2, 100, 4), call(1, 105, 2)]));
  test('max profit 4 at 100, max loss 1, breakevens 96 and 104', () => {
    close(m.cost, 1);
    close(m.max_profit, 4);
    close(m.max_loss, 1);
    close(m.breakevens[0]!, 96);
    close(m.breakevens[1]!, 104);
    expect(m.prob_max_profit).toBe(0);
    expect(m.prob_max_loss).toBeGreaterThan(0);
    close(m.spread_profit_ratio, 4);
    close(m.margin, 1);
  });
  test('balanced, 5-wide wings, 10 between the outer strikes', () => {
    expect(m.butterfly_shape).toBe('balanced');
    close(m.butterfly_width, 5);
    close(m.spread_width, 10);
    expect(m.iron_condor_shape).toBeNull();
  });
  test('a broken wing bought for a credit cannot lose below the strikes', () => {
    // 95/100/110 calls at 7.00, 4.00, 0.80: credit 0.20; below 95 the P/L is +0.20.
    const b = tradeMetrics(trade('call_butterfly', [call(1, 95, 7), call(-2, 100, 4), call(1, 110, 0.8)]));
    close(b.cost, -0.2);
    expect(b.butterfly_shape).toBe('riskless_down');
    close(b.max_loss, 4.8);
  });
});

describe('put butterfly 95/100/105 at 1.30 (1.50 − 2 × 3.50 + 6.80)', () => {
  const m = tradeMetrics(trade('put_butterfly', [put(1, 95, 1.5), put(-2, 100, 3.5), put(1, 105, 6.8)]));
  test('max profit 3.70, max loss 1.30, breakevens 96.30 and 103.70', () => {
    close(m.max_profit, 3.7);
    close(m.max_loss, 1.3);
    close(m.breakevens[0]!, 96.3);
    close(m.breakevens[1]!, 103.7);
    expect(m.butterfly_shape).toBe('balanced');
  });
});

describe('iron butterfly 90/100/110 at a 6.20 credit', () => {
  const m = tradeMetrics(
    trade('iron_butterfly', [put(1, 90, 0.5), put(-1, 100, 3.5), call(-1, 100, 4), call(1, 110, 0.8)]),
  );
  test('max profit 6.20, max loss 3.80, breakevens 93.80 and 106.20, margin one wing', () => {
    close(m.max_profit, 6.2);
    close(m.max_loss, 3.8);
    close(m.breakevens[0]!, 93.8);
    close(m.breakevens[1]!, 106.2);
    close(m.margin, 10);
    expect(m.butterfly_shape).toBe('balanced');
    close(m.butterfly_width, 10);
    expect(m.iron_condor_shape).toBeNull();
  });
});
