/**
 * Golden: the four vertical spreads on a $100 stock, 30 days to expiry, at mid (level 0) unless
 * stated. Reference: hand computation from the strikes and net premium (per share; × 100 per
 * contract). Probabilities: Φ((ln(S/X) + (μ − σ²/2)T)/(σ√T)) with S 100, σ 0.3, μ = r − q = 0.04,
 * T = 30/365, evaluated independently with Python's math.erfc. Tolerance 1e-9 on prices, 1e-12 on
 * probabilities' sums, 1e-9 on the independent probability values.
 */
import { describe, expect, test } from 'vitest';
import { tradeMetrics } from '#domain/metrics/trade-metrics.ts';
import { call, put, T_FRONT, trade } from './fixtures.ts';

const close = (a: number | null, b: number) => expect(a).toBeCloseTo(b, 9);

describe('bull put spread 95/100 at a 1.20 credit', () => {
  // Sell the 100 put at 2.20, buy the 95 put at 1.00 (mids; markets 0.20 wide).
  const legs = [put(-1, 100, 2.2), put(1, 95, 1.0)];
  const m = tradeMetrics(trade('bull_put_spread', legs));

  test('max profit 1.20 ($120), max loss 3.80 ($380), breakeven 98.80', () => {
    expect(m.price_type).toBe('credit');
    close(m.price, 1.2);
    close(m.cost, -1.2);
    close(m.max_profit, 1.2);
    close(m.max_loss, 3.8);
    expect(m.max_profit_unlimited).toBe(false);
    expect(m.max_loss_unlimited).toBe(false);
    expect(m.breakevens).toHaveLength(1);
    close(m.breakevens[0]!, 98.8);
    close(m.breakeven_percent[0]!, -0.012);
  });

  test('quote: bid 1.00 (least credit), ask 1.40, mid 1.20; fills at every bid/ask level', () => {
    close(m.bid, 1.0);
    close(m.ask, 1.4);
    close(m.mid, 1.2);
    close(m.bid_ask_spread, 0.4);
    close(m.bid_ask_spread_pc, 0.4 / 1.2);
    const priceAt = (level: number) => tradeMetrics(trade('bull_put_spread', legs, { level })).price;
    close(priceAt(0.5), 1.0);
    close(priceAt(0.25), 1.1);
    close(priceAt(-0.25), 1.3);
    close(priceAt(-0.5), 1.4);
    // Conservative fill: less credit, so less profit and more loss.
    const c = tradeMetrics(trade('bull_put_spread', legs, { level: 0.5 }));
    close(c.max_profit, 1.0);
    close(c.max_loss, 4.0);
    close(c.breakevens[0]!, 99.0);
  });

  test('probabilities: profit above 98.80, max profit above 100, max loss below 95', () => {
    close(m.prob_profit, 0.5539267836511534);
    expect(m.prob_profit + m.prob_loss).toBeCloseTo(1, 12);
    expect(m.prob_profit_up + m.prob_profit_down).toBeCloseTo(m.prob_profit, 12);
    expect(m.prob_max_profit).toBeLessThan(m.prob_profit);
    expect(m.prob_max_loss).toBeGreaterThan(0);
  });

  test('margin is the width; returns', () => {
    close(m.margin, 5);
    close(m.max_return_margin, 1.2 / 5);
    // Unchanged at 100: keep the whole credit, on the 3.80 at risk.
    close(m.return_acquisition, 1.2 / 3.8);
    close(m.return_acquisition_annualized, ((1.2 / 3.8) * 365) / 30);
    close(m.spread_profit_ratio, 1.2 / 3.8);
    close(m.cpd, 1.2 / 30);
    expect(m.dpd).toBeNull();
    close(m.spread_width, 5);
    close(m.max_loss_percent, 0.038);
    expect(T_FRONT).toBeCloseTo(30 / 365, 15);
  });
});

describe('bull call spread 100/105 at a 2.00 debit', () => {
  const m = tradeMetrics(trade('bull_call_spread', [call(1, 100, 4), call(-1, 105, 2)]));
  test('max profit 3, max loss 2, breakeven 102, margin = debit', () => {
    expect(m.price_type).toBe('debit');
    close(m.price, 2);
    close(m.max_profit, 3);
    close(m.max_loss, 2);
    close(m.breakevens[0]!, 102);
    close(m.margin, 2);
    close(m.dpd, 2 / 30);
    expect(m.cpd).toBeNull();
  });
});

describe('bear call spread 100/105 at a 2.00 credit', () => {
  const m = tradeMetrics(trade('bear_call_spread', [call(-1, 100, 4), call(1, 105, 2)]));
  test('max profit 2, max loss 3, breakeven 102, margin = width', () => {
    expect(m.price_type).toBe('credit');
    close(m.max_profit, 2);
    close(m.max_loss, 3);
    close(m.breakevens[0]!, 102);
    close(m.margin, 5);
  });
});

describe('bear put spread 95/100 at a 2.00 debit', () => {
  const m = tradeMetrics(trade('bear_put_spread', [put(1, 100, 3.5), put(-1, 95, 1.5)]));
  test('max profit 3, max loss 2, breakeven 98', () => {
    close(m.max_profit, 3);
    close(m.max_loss, 2);
    close(m.breakevens[0]!, 98);
    close(m.margin, 2);
  });
});
