/**
 * Orders of shares alone: their horizon (STOCK_HORIZON_DAYS out), and the metrics the order
 * editor and the trade log show for them at it, on the metrics tests' $100 stock (σ 30%, r 4%).
 * Per share of the position: 100 shares weigh 1.
 */
import { describe, expect, test } from 'vitest';
import { plProfile } from '#domain/metrics/pl-profile.ts';
import { MS_PER_DAY } from '#domain/metrics/position.ts';
import { tradeMetrics } from '#domain/metrics/trade-metrics.ts';
import { isStockOnly, STOCK_HORIZON_DAYS, withStockHorizon } from '#domain/orders/stock-trade.ts';
import { AS_OF, call, shares, trade } from '../metrics/fixtures.ts';

const HORIZON = AS_OF + STOCK_HORIZON_DAYS * MS_PER_DAY;
const metricsOf = (...args: Parameters<typeof trade>) => tradeMetrics(withStockHorizon(trade(...args)));

describe('the horizon of shares alone', () => {
  test(`${STOCK_HORIZON_DAYS} days after the valuation instant`, () => {
    expect(withStockHorizon(trade('long_stock', [shares(100)])).horizonMs).toBe(HORIZON);
    expect(withStockHorizon(trade('short_stock', [shares(-300)])).horizonMs).toBe(HORIZON);
  });

  test('an order with an option keeps its expiration; an input naming a horizon keeps it', () => {
    const covered = trade('covered_call', [shares(100), call(-1, 105, 2)]);
    expect(withStockHorizon(covered)).toBe(covered);
    const named = trade('long_stock', [shares(100)], { horizonMs: AS_OF + MS_PER_DAY });
    expect(withStockHorizon(named)).toBe(named);
  });

  test('isStockOnly: every leg shares, at least one leg', () => {
    expect(isStockOnly([{ contract: { kind: 'stock', symbol: 'KO' }, quantity: 100 }])).toBe(true);
    expect(isStockOnly([])).toBe(false);
    expect(isStockOnly([shares(100), call(-1, 105, 2)])).toBe(false);
  });

  test('without it the probabilities are a point mass at the last price: certain, whatever the odds', () => {
    const now = tradeMetrics(trade('long_stock', [shares(100, 99.5)]));
    expect(now.prob_profit).toBe(1);
    const month = metricsOf('long_stock', [shares(100, 99.5)]);
    expect(month.prob_profit).toBeGreaterThan(0.5);
    expect(month.prob_profit).toBeLessThan(0.6);
  });
});

describe('long stock, 100 shares bought at 100', () => {
  const m = metricsOf('long_stock', [shares(100)]);
  test('max loss the entry (defined), unlimited profit, breakeven the entry', () => {
    expect(m.cost).toBeCloseTo(100, 9);
    expect(m.max_loss).toBeCloseTo(100, 9);
    expect(m.max_loss_unlimited).toBe(false);
    expect(m.max_profit).toBeNull();
    expect(m.max_profit_unlimited).toBe(true);
    expect(m.breakevens).toHaveLength(1);
    expect(m.breakevens[0]).toBeCloseTo(100, 9);
  });

  test('paid in full: the margin is the entry', () => {
    expect(m.margin).toBeCloseTo(100, 9);
  });

  test('greeks: delta 1 a share, nothing else', () => {
    expect(m.delta).toBe(1);
    expect([m.gamma, m.theta, m.vega, m.rho]).toEqual([0, 0, 0, 0]);
  });

  test('the probabilities of the model over the month: about even, summing to one', () => {
    const explicit = tradeMetrics(trade('long_stock', [shares(100)], { horizonMs: HORIZON }));
    expect(m.prob_profit).toBe(explicit.prob_profit);
    expect(m.prob_profit).toBeGreaterThan(0.4);
    expect(m.prob_profit).toBeLessThan(0.6);
    expect(m.prob_profit + m.prob_loss).toBeCloseTo(1, 12);
  });

  test('P/L linear in the price: a dollar a share', () => {
    const profile = plProfile(withStockHorizon(trade('long_stock', [shares(100)])));
    for (const [i, s] of profile.prices.entries()) expect(profile.atHorizon[i]).toBeCloseTo(s - 100, 9);
  });

  test('300 shares weigh 3: three times the loss and the delta', () => {
    const lots = metricsOf('long_stock', [shares(300)]);
    expect(lots.max_loss).toBeCloseTo(300, 9);
    expect(lots.delta).toBe(3);
    expect(lots.breakevens[0]).toBeCloseTo(100, 9);
  });
});

describe('short stock, 100 shares sold at 100', () => {
  const m = metricsOf('short_stock', [shares(-100)]);
  test('max profit the entry (the price falling to 0), unlimited loss, a credit', () => {
    expect(m.price_type).toBe('credit');
    expect(m.max_profit).toBeCloseTo(100, 9);
    expect(m.max_loss).toBeNull();
    expect(m.max_loss_unlimited).toBe(true);
    expect(m.breakevens[0]).toBeCloseTo(100, 9);
  });

  test('the margin of short shares: 150% of their value', () => {
    expect(m.margin).toBeCloseTo(150, 9);
  });

  test('greeks: delta −1 a share, nothing else', () => {
    expect(m.delta).toBe(-1);
    expect([m.gamma, m.theta, m.vega, m.rho]).toEqual([0, 0, 0, 0]);
  });

  test('the mirror of the long: profit where the long loses', () => {
    const long = metricsOf('long_stock', [shares(100)]);
    expect(m.prob_profit).toBeCloseTo(long.prob_loss, 12);
    expect(m.spread_expected_value).toBeCloseTo(-long.spread_expected_value, 12);
  });
});
