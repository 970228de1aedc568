/** Returns and ratios (returns.ts), on hand-computable trades; tolerance 1e-9. */
import { describe, expect, test } from 'vitest';
import { regTMargin } from '#domain/metrics/margin.ts';
import { analyzePL } from '#domain/metrics/pl-analysis.ts';
import { buildPosition } from '#domain/metrics/position.ts';
import { acquisitionCapital, perDayDays, returnMetrics } from '#domain/metrics/returns.ts';
import type { LegQuote } from '#domain/metrics/types.ts';
import { bsPrice } from '#domain/pricing/black-scholes.ts';
import { AS_OF, call, DAY_MS, put, trade } from './fixtures.ts';

const setup = (legs: LegQuote[], horizonMs?: number) => {
  const pos = buildPosition(trade('custom', legs, horizonMs === undefined ? {} : { horizonMs }));
  const a = analyzePL(pos);
  const margin = regTMargin(pos, -a.minPL);
  return { pos, a, margin, r: returnMetrics(pos, a, margin, 0.3, 2.5) };
};

describe('returns', () => {
  test('naked put: cash-secured capital, margin return, EV over max loss', () => {
    const { pos, a, margin, r } = setup([put(-1, 95, 1.5)]);
    expect(acquisitionCapital(pos, a, margin)).toBeCloseTo(93.5, 9);
    expect(r.return_acquisition).toBeCloseTo(1.5 / 93.5, 9);
    expect(r.max_return_margin).toBeCloseTo(1.5 / 16.5, 9);
    expect(r.ev_ml).toBeCloseTo(0.3 / 93.5, 9);
    expect(r.ev_dte_ml).toBeCloseTo(0.3 / 93.5 / 30, 9);
    expect(r.spread_profit_ratio).toBeCloseTo(1.5 / 93.5, 9);
    expect(r.max_loss_percent).toBeCloseTo(0.935, 9);
    expect(r.covered_call_return_acquisition).toBeNull();
  });

  test('an ITM long call returns less than nothing if the price stays put', () => {
    const { r } = setup([call(1, 95, 7)]);
    expect(r.return_acquisition).toBeCloseTo(-2 / 7, 9);
    expect(r.max_return_margin).toBeNull();
    expect(r.spread_profit_ratio).toBeNull();
    expect(r.dpd).toBeCloseTo(7 / 30, 9);
  });

  test('annualising uses at least one day', () => {
    const { pos, r } = setup([put(-1, 95, 1.5)], AS_OF + DAY_MS / 4);
    expect(perDayDays(pos)).toBe(1);
    expect(r.return_acquisition_annualized).toBeCloseTo(r.return_acquisition! * 365, 9);
    expect(r.cpd).toBeCloseTo(1.5, 9);
  });

  test('move ratios: the model value change for +1% and +1 ATR, over max loss', () => {
    const { r } = setup([call(1, 100, 4)]);
    const v = (s: number) => bsPrice(true, s, 100, 30 / 365, 0.04, 0, 0.3);
    expect(r.move_ratio_1pct).toBeCloseTo((v(101) - v(100)) / 4, 9);
    expect(r.move_ratio_1atr).toBeCloseTo((v(102.5) - v(100)) / 4, 9);
  });

  test('unlimited loss: no ratios over max loss, capital is the margin', () => {
    const { pos, a, margin, r } = setup([call(-1, 105, 2)]);
    expect(acquisitionCapital(pos, a, margin)).toBe(margin);
    expect(r.ev_ml).toBeNull();
    expect(r.max_loss_percent).toBeNull();
    expect(r.move_ratio_1pct).toBeNull();
  });
});
