/**
 * Scenario shifts: the shifted price per unit, the P/L right after an immediate move, and what is
 * left to win or lose and the odds from there. Reference: hand computation and
 * pricing/black-scholes.ts, pricing/probability.ts.
 */
import { describe, expect, test } from 'vitest';
import { analyzePL } from '#domain/metrics/pl-analysis.ts';
import { buildPosition } from '#domain/metrics/position.ts';
import { scenarioMetrics, shiftedPrice } from '#domain/metrics/scenario.ts';
import { tradeMetrics } from '#domain/metrics/trade-metrics.ts';
import { bsPrice } from '#domain/pricing/black-scholes.ts';
import { probAbove } from '#domain/pricing/probability.ts';
import { put, T_FRONT, trade, UNDERLYING } from './fixtures.ts';

describe('shifted price', () => {
  test('by unit', () => {
    expect(shiftedPrice(UNDERLYING, { amount: -0.05, unit: 'pct' }, 30)).toBeCloseTo(95, 12);
    expect(shiftedPrice(UNDERLYING, { amount: 3, unit: 'abs' }, 30)).toBeCloseTo(103, 12);
    expect(shiftedPrice(UNDERLYING, { amount: 2, unit: 'atr' }, 30)).toBeCloseTo(105, 12);
    expect(shiftedPrice(UNDERLYING, { amount: 1, unit: 'std' }, 30)).toBeCloseTo(
      100 * (1 + 0.25 * Math.sqrt(30 / 365)),
      12,
    );
    expect(shiftedPrice(UNDERLYING, { amount: -0.1, unit: 'target_price' }, 30)).toBeCloseTo(99, 12);
    expect(shiftedPrice(UNDERLYING, { amount: 0.1, unit: 'sma_200' }, 30)).toBeCloseTo(99, 12);
    expect(shiftedPrice(UNDERLYING, { amount: -0.1, unit: 'w52_high' }, 30)).toBeCloseTo(108, 12);
    expect(shiftedPrice(UNDERLYING, { amount: 0.25, unit: 'w52_low' }, 30)).toBeCloseTo(100, 12);
  });

  test('never below zero; unknown references give null', () => {
    expect(shiftedPrice({ ...UNDERLYING, atr: undefined }, { amount: 1, unit: 'atr' }, 30)).toBeNull();
    expect(
      shiftedPrice({ ...UNDERLYING, targetPrice: 0 }, { amount: 0, unit: 'target_price' }, 30),
    ).toBeNull();
    expect(shiftedPrice(UNDERLYING, { amount: -1.5, unit: 'pct' }, 30)).toBe(0);
    expect(shiftedPrice(UNDERLYING, { amount: -150, unit: 'abs' }, 30)).toBe(0);
  });
});

describe('scenario metrics: bull put spread 95/100 at 1.20, the stock 5% lower right now', () => {
  const input = trade('bull_put_spread', [put(-1, 100, 2.2), put(1, 95, 1)]);
  const pos = buildPosition(input);
  const a = analyzePL(pos);
  const s = scenarioMetrics(UNDERLYING, pos, a, 5, { amount: -0.05, unit: 'pct' });
  const markAt95 =
    bsPrice(false, 95, 95, T_FRONT, 0.04, 0, 0.3) - bsPrice(false, 95, 100, T_FRONT, 0.04, 0, 0.3);

  test('P/L right after the move: the spread marked by the model at 95, plus the 1.20 credit', () => {
    expect(s.shifted_price).toBeCloseTo(95, 12);
    expect(s.shift_pl).toBeCloseTo(markAt95 + 1.2, 9);
    expect(s.shift_pl_margin).toBeCloseTo((markAt95 + 1.2) / 5, 9);
  });

  test('left to win and to lose from there, and the odds from 95', () => {
    expect(s.new_max_profit_at).toBeCloseTo(1.2 - s.shift_pl!, 9);
    expect(s.new_max_loss_at).toBeCloseTo(3.8 + s.shift_pl!, 9);
    expect(s.new_prob_profit_at).toBeCloseTo(probAbove(95, 98.8, T_FRONT, 0.3, 0.04), 9);
    expect(s.new_prob_profit_at! + s.new_prob_loss_at!).toBeCloseTo(1, 12);
  });

  test('a zero shift changes only what the model marks differ from the fills', () => {
    const zero = scenarioMetrics(UNDERLYING, pos, a, 5, { amount: 0, unit: 'pct' });
    expect(zero.new_prob_profit_at).toBeCloseTo(tradeMetrics(input).prob_profit, 12);
  });

  test('tradeMetrics returns one entry per scenario, in order; unknown units give nulls', () => {
    const m = tradeMetrics(input, [
      { amount: -0.05, unit: 'pct' },
      { amount: 1, unit: 'atr' },
    ]);
    expect(m.scenarios).toHaveLength(2);
    for (const [key, value] of Object.entries(s)) {
      expect(m.scenarios[0]![key as keyof typeof s], key).toBeCloseTo(value!, 9);
    }
    expect(m.scenarios[1]!.shifted_price).toBeCloseTo(102.5, 12);
    const none = tradeMetrics({ ...input, underlying: { ...UNDERLYING, atr: undefined } }, [
      { amount: 1, unit: 'atr' },
    ]);
    expect(Object.values(none.scenarios[0]!).every((v) => v === null)).toBe(true);
  });
});
