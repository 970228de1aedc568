import { describe, expect, test } from 'vitest';
import { analyzePL } from '#domain/metrics/pl-analysis.ts';
import { buildPosition } from '#domain/metrics/position.ts';
import { rangeMetrics } from '#domain/metrics/ranges.ts';
import type { LegQuote } from '#domain/metrics/types.ts';
import { call, put, trade } from './fixtures.ts';

const ranges = (legs: LegQuote[], atr?: number) =>
  rangeMetrics(analyzePL(buildPosition(trade('custom', legs))), 100, atr, 30);

describe('range metrics', () => {
  test('iron condor: bounded profit zone 92.80–107.20, unbounded loss zone', () => {
    const r = ranges([put(1, 90, 0.5), put(-1, 95, 1.5), call(-1, 105, 2), call(1, 110, 0.8)], 2);
    expect(r.profit_range_percent).toBeCloseTo(0.144, 12);
    expect(r.loss_range_percent).toBeNull();
    // Typical move to expiration: 2 × √30 = 10.95, i.e. 10.95% of the price.
    expect(r.atr_range).toBeCloseTo((2 * Math.sqrt(30)) / 100, 12);
    expect(r.atr_vs_bep![0]).toBeCloseTo((2 * Math.sqrt(30)) / 7.2, 12);
    expect(r.breakeven_percent[0]).toBeCloseTo(-0.072, 12);
    expect(r.atr_breakeven![1]).toBeCloseTo(7.2 / 2, 12);
  });

  test('bear call spread: the profit zone starts at 0 and is bounded', () => {
    const r = ranges([call(-1, 100, 4), call(1, 105, 2)]);
    expect(r.profit_range_percent).toBeCloseTo(1.02, 12);
    expect(r.loss_range_percent).toBeNull();
    expect(r.atr_breakeven).toBeNull();
    expect(r.atr_vs_bep).toBeNull();
    expect(r.atr_range).toBeNull();
  });
});
