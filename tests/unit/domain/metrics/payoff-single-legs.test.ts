/**
 * Golden: single options and stock on a $100 stock, 30 days to expiry, at mid unless stated.
 * Reference: hand computation (per share; × 100 per contract). Reg-T naked requirement:
 * max(20% S − OTM, 10% S for calls / 10% K for puts) + premium. Probability reference values from
 * Python's math.erfc (see payoff-verticals.test.ts). Tolerance 1e-9.
 */
import { describe, expect, test } from 'vitest';
import { tradeMetrics } from '#domain/metrics/trade-metrics.ts';
import { AS_OF, call, DAY_MS, put, shares, trade } from './fixtures.ts';

const close = (a: number | null, b: number) => expect(a).toBeCloseTo(b, 9);

describe('long call 100 at 4.00', () => {
  const m = tradeMetrics(trade('long_call', [call(1, 100, 4)]));
  test('unlimited profit, max loss = premium, breakeven 104', () => {
    expect(m.max_profit).toBeNull();
    expect(m.max_profit_unlimited).toBe(true);
    close(m.max_loss, 4);
    close(m.breakevens[0]!, 104);
    close(m.prob_profit, 0.32247315385380826);
    close(m.margin, 4);
    expect(m.max_return_margin).toBeNull();
    expect(m.spread_profit_ratio).toBeNull();
  });
  test('conservative fill buys at the ask', () => {
    const c = tradeMetrics(trade('long_call', [call(1, 100, 4)], { level: 0.5 }));
    close(c.price, 4.1);
    close(c.breakevens[0]!, 104.1);
  });
});

describe('long put 100 at 3.50', () => {
  const m = tradeMetrics(trade('long_put', [put(1, 100, 3.5)]));
  test('max profit at 0 = 96.50, max loss 3.50, breakeven 96.50', () => {
    close(m.max_profit, 96.5);
    close(m.max_loss, 3.5);
    close(m.breakevens[0]!, 96.5);
    expect(m.prob_max_loss).toBeGreaterThan(0.4);
  });
});

describe('naked call 105 at 2.00', () => {
  const m = tradeMetrics(trade('naked_call', [call(-1, 105, 2)]));
  test('max profit 2, unlimited loss, breakeven 107, margin max(20 − 5, 10) + 2 = 17', () => {
    close(m.max_profit, 2);
    expect(m.max_loss).toBeNull();
    expect(m.max_loss_unlimited).toBe(true);
    close(m.breakevens[0]!, 107);
    close(m.margin, 17);
    // Unbounded loss: the capital is the margin.
    close(m.return_acquisition, 2 / 17);
    close(m.max_return_margin, 2 / 17);
    expect(m.ev_ml).toBeNull();
  });
});

describe('naked put 95 at 1.50', () => {
  const m = tradeMetrics(trade('naked_put', [put(-1, 95, 1.5)]));
  test('max profit 1.50, max loss 93.50, breakeven 93.50, margin max(20 − 5, 9.5) + 1.5 = 16.5', () => {
    close(m.max_profit, 1.5);
    close(m.max_loss, 93.5);
    close(m.breakevens[0]!, 93.5);
    close(m.margin, 16.5);
    // Cash-secured: the capital is the strike less the premium.
    close(m.return_acquisition, 1.5 / 93.5);
    close(m.max_return_margin, 1.5 / 16.5);
    close(m.max_return_margin_annualized, ((1.5 / 16.5) * 365) / 30);
  });
  test('a deep ITM put holds 10% of the strike at least', () => {
    const itm = tradeMetrics(trade('naked_put', [put(-1, 150, 50)]));
    // 20% × 100 − 0 OTM = 20 vs 10% × 150 = 15: 20 + 50 premium.
    close(itm.margin, 70);
    const far = tradeMetrics(trade('naked_put', [put(-1, 60, 0.05)]));
    // 20 − 40 OTM < 0, so 10% × 60 = 6, plus 0.05.
    close(far.margin, 6.05);
  });
});

describe('stock', () => {
  const horizonMs = AS_OF + 30 * DAY_MS;
  test('long 100 shares at 100: max loss 100, unlimited profit, breakeven 100', () => {
    const m = tradeMetrics(trade('long_stock', [shares(100)], { horizonMs }));
    close(m.cost, 100);
    close(m.max_loss, 100);
    expect(m.max_profit_unlimited).toBe(true);
    close(m.breakevens[0]!, 100);
    close(m.delta, 1);
    close(m.margin, 100);
    expect(m.strike).toEqual([]);
  });
  test('short 100 shares: max profit 100 at 0, unlimited loss, margin 150%', () => {
    const m = tradeMetrics(trade('short_stock', [shares(-100)], { horizonMs }));
    expect(m.price_type).toBe('credit');
    close(m.max_profit, 100);
    expect(m.max_loss_unlimited).toBe(true);
    close(m.margin, 150);
    close(m.delta, -1);
    close(m.prob_profit + m.prob_loss, 1);
  });
});
