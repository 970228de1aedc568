import { describe, expect, test } from 'vitest';
import { tradeGeometry } from '#domain/metrics/geometry.ts';
import { analyzePL } from '#domain/metrics/pl-analysis.ts';
import { buildPosition } from '#domain/metrics/position.ts';
import type { LegQuote } from '#domain/metrics/types.ts';
import type { StrategyKey } from '#domain/strategies/strategy-key.ts';
import { BACK, call, put, shares, trade } from './fixtures.ts';

const geometry = (strategy: StrategyKey, legs: LegQuote[]) => {
  const pos = buildPosition(trade(strategy, legs));
  return tradeGeometry(strategy, pos, analyzePL(pos));
};

describe('trade geometry', () => {
  test('widths: outermost strikes; back minus front strike; expiration days apart', () => {
    const ic = geometry('iron_condor', [
      put(1, 85, 0.2),
      put(-1, 95, 1.5),
      call(-1, 105, 2),
      call(1, 110, 0.8),
    ]);
    expect(ic.spread_width).toBe(25);
    expect(ic.strike_diff).toBeNull();
    expect(ic.expiration_diff_days).toBe(0);
    expect(ic.butterfly_width).toBeNull();
    const single = geometry('long_call', [call(1, 100, 4)]);
    expect(single.spread_width).toBeNull();
    expect(single.strike_diff).toBeNull();
    const cal = geometry('long_put_calendar_spread', [put(-1, 100, 3.5), put(1, 100, 4.8, BACK)]);
    expect(cal.expiration_diff_days).toBe(28);
    expect(cal.spread_width).toBeNull();
    expect(cal.strike_diff).toBe(0);
    const diagonal = geometry('long_call_diagonal_spread', [call(-1, 105, 2), call(1, 95, 7.8, BACK)]);
    expect(diagonal.strike_diff).toBe(-10);
    expect(diagonal.spread_width).toBe(10);
    const stock = geometry('long_stock', [shares(100)]);
    expect(stock.strike_diff).toBeNull();
    expect(stock.expiration_diff_days).toBeNull();
  });

  test('shapes only for their strategies', () => {
    const legs = [put(1, 90, 0.5), put(-1, 95, 1.5), call(-1, 105, 2), call(1, 110, 0.8)];
    expect(geometry('iron_condor', legs).iron_condor_shape).toBe('balanced');
    expect(geometry('custom', legs).iron_condor_shape).toBeNull();
    const fly = geometry('iron_butterfly', [
      put(1, 90, 0.5),
      put(-1, 100, 3.5),
      call(-1, 100, 4),
      call(1, 110, 0.8),
    ]);
    expect(fly.butterfly_shape).toBe('balanced');
    expect(fly.butterfly_width).toBe(10);
    expect(fly.iron_condor_shape).toBeNull();
  });

  test('riskless up: a call-side credit at least the call wing', () => {
    // 90/95/105/106: credit 1.50 + 2.00 − 0.50 − 1.70 = 1.30 ≥ the 1-wide call wing.
    const g = geometry('iron_condor', [
      put(1, 90, 0.5),
      put(-1, 95, 1.5),
      call(-1, 105, 2),
      call(1, 106, 1.7),
    ]);
    expect(g.iron_condor_shape).toBe('riskless_up');
  });

  test('butterflies: unequal wings with risk on both sides have no shape', () => {
    // 95/100/110 at 7.00 − 8.00 + 1.20 = 0.20 debit: −0.20 below 95, −5.20 above 110.
    const g = geometry('call_butterfly', [call(1, 95, 7), call(-2, 100, 4), call(1, 110, 1.2)]);
    expect(g.butterfly_shape).toBeNull();
    expect(g.butterfly_width).toBe(10);
  });

  test('diagonals: riskless up or down, or none', () => {
    expect(
      geometry('long_call_diagonal_spread', [call(-1, 105, 2), call(1, 95, 7.8, BACK)]).diagonal_spread_shape,
    ).toBe('riskless_up');
    // Short front 95 at 2, long back 105 at 3: the 1.00 debit is lost below, the strike gap above.
    expect(
      geometry('long_call_diagonal_spread', [call(-1, 95, 2), call(1, 105, 3, BACK)]).diagonal_spread_shape,
    ).toBeNull();
    // For a credit (short front 95 at 7) nothing is lost below.
    expect(
      geometry('long_call_diagonal_spread', [call(-1, 95, 7), call(1, 105, 3, BACK)]).diagonal_spread_shape,
    ).toBe('riskless_down');
  });
});
