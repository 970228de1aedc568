/**
 * Golden: covered call, married put, married call and collar on a $100 stock (shares quoted
 * 99.99/100.01), 30 days, at mid. Reference: hand computation per share (× 100 per 1-lot).
 * Tolerance 1e-9.
 */
import { describe, expect, test } from 'vitest';
import { tradeMetrics } from '#domain/metrics/trade-metrics.ts';
import { call, put, shares, trade } from './fixtures.ts';

const close = (a: number | null, b: number) => expect(a).toBeCloseTo(b, 9);

describe('covered call: 100 shares at 100, short 105 call at 2.00', () => {
  const m = tradeMetrics(trade('covered_call', [shares(100), call(-1, 105, 2)]));
  test('net debit 98: max profit 7, max loss 98, breakeven 98, margin = debit (0 extra)', () => {
    expect(m.price_type).toBe('debit');
    close(m.cost, 98);
    close(m.bid, 99.99 - 2.1);
    close(m.ask, 100.01 - 1.9);
    close(m.max_profit, 7);
    close(m.max_loss, 98);
    close(m.breakevens[0]!, 98);
    close(m.margin, 98);
  });
  test('static return 2/98, if-called return 7/98', () => {
    close(m.return_acquisition, 2 / 98);
    close(m.covered_call_return_acquisition, 7 / 98);
    close(m.covered_call_return_acquisition_annualized, ((7 / 98) * 365) / 30);
    close(m.max_return_margin, 7 / 98);
  });
  test('the options leg sells time value: extrinsic 2 received, no intrinsic', () => {
    close(m.extrinsic_value, 2);
    close(m.intrinsic_value, 0);
    expect(m.delta).toBeGreaterThan(0.5);
    expect(m.delta).toBeLessThan(1);
  });
});

describe('married put: 100 shares at 100, long 95 put at 1.50', () => {
  const m = tradeMetrics(trade('married_put', [shares(100), put(1, 95, 1.5)]));
  test('max loss 6.50, unlimited profit, breakeven 101.50, margin = debit', () => {
    close(m.max_loss, 6.5);
    expect(m.max_profit_unlimited).toBe(true);
    close(m.breakevens[0]!, 101.5);
    close(m.margin, 101.5);
    close(m.max_loss_percent, 0.065);
    expect(m.covered_call_return_acquisition).toBeNull();
  });
});

describe('married call: short 100 shares at 100, long 105 call at 2.00', () => {
  const m = tradeMetrics(trade('married_call', [shares(-100), call(1, 105, 2)]));
  test('credit 98: max profit 98 at 0, max loss 7, breakeven 98, margin 150% of the shares', () => {
    expect(m.price_type).toBe('credit');
    close(m.price, 98);
    close(m.max_profit, 98);
    close(m.max_loss, 7);
    close(m.breakevens[0]!, 98);
    close(m.margin, 150);
  });
});

describe('collar: 100 shares at 100, long 95 put at 1.50, short 105 call at 2.00', () => {
  const m = tradeMetrics(trade('collar', [shares(100), put(1, 95, 1.5), call(-1, 105, 2)]));
  test('debit 99.50: max profit 5.50, max loss 4.50, breakeven 99.50', () => {
    close(m.cost, 99.5);
    close(m.max_profit, 5.5);
    close(m.max_loss, 4.5);
    close(m.breakevens[0]!, 99.5);
    close(m.margin, 99.5);
    close(m.covered_call_return_acquisition, 5.5 / 99.5);
    close(m.spread_width, 10);
    expect(m.strike_diff).toBeNull();
  });
});
