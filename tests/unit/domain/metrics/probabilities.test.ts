/**
 * Probabilities lie in [0, 1]; profit, loss and the flat-zero zone add up to 1; the up/down split
 * adds up; the expected P/L matches numeric integration for linear and calendar positions alike.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { analyzePL } from '#domain/metrics/pl-analysis.ts';
import { buildPosition } from '#domain/metrics/position.ts';
import { expectedPL, massBetween, plProbabilities } from '#domain/metrics/probabilities.ts';
import { expectedValue } from '#domain/pricing/probability.ts';
import { arbLegs, BACK, call, FRONT, put, trade } from './fixtures.ts';

const unit = (p: number) => p >= 0 && p <= 1 + 1e-12;

describe('P/L probabilities', () => {
  test('in [0, 1]; profit + loss + flat = 1; up + down = total; extremes within profit and loss', () => {
    fc.assert(
      fc.property(arbLegs({ stock: true, expirations: [FRONT, BACK] }), (legs) => {
        const pos = buildPosition(trade('custom', legs));
        const a = analyzePL(pos);
        const p = plProbabilities(pos, a);
        for (const x of Object.values(p)) expect(unit(x)).toBe(true);
        const flat = a.regions
          .filter((r) => r.sign === 0)
          .reduce((m, r) => m + massBetween(pos, r.lo, r.hi), 0);
        expect(p.prob_profit + p.prob_loss + flat).toBeCloseTo(1, 10);
        expect(p.prob_profit_up + p.prob_profit_down).toBeCloseTo(p.prob_profit, 12);
        expect(p.prob_loss_up + p.prob_loss_down).toBeCloseTo(p.prob_loss, 12);
        if (a.maxPL > 0) expect(p.prob_max_profit).toBeLessThanOrEqual(p.prob_profit + 1e-12);
        if (a.minPL < 0) expect(p.prob_max_loss).toBeLessThanOrEqual(p.prob_loss + 1e-12);
      }),
      { numRuns: 60 },
    );
  });

  // Calendars integrate numerically across the kink where a later leg meets its intrinsic floor:
  // about 1e-5 per share ($0.001 per contract); piecewise-linear trades are exact.
  test('expected P/L matches integration of the P/L profile', () => {
    fc.assert(
      fc.property(arbLegs({ stock: true, expirations: [FRONT, BACK] }), (legs) => {
        const pos = buildPosition(trade('custom', legs));
        const a = analyzePL(pos);
        const numeric = expectedValue(a.pl, pos.spot, pos.years, pos.sigma, pos.drift, 1600, pos.strikes);
        const tolerance = a.exact ? 1e-7 : 1e-4;
        expect(Math.abs(expectedPL(pos, a) - numeric)).toBeLessThan(tolerance * (1 + Math.abs(numeric)));
      }),
      { numRuns: 40 },
    );
  });

  test('a drift view moves the odds: a long call wins more often with a higher drift', () => {
    const legs = [call(1, 100, 4)];
    const at = (drift: number) => {
      const pos = buildPosition(trade('long_call', legs, { drift }));
      return plProbabilities(pos, analyzePL(pos)).prob_profit;
    };
    expect(at(0.5)).toBeGreaterThan(at(0.04));
    expect(at(0.04)).toBeGreaterThan(at(-0.5));
  });

  test('expired (T = 0): all the mass sits at today’s price', () => {
    const pos = buildPosition(trade('long_put', [put(1, 105, 6)], { horizonMs: 0 }));
    const p = plProbabilities(pos, analyzePL(pos));
    // At 100 the put is worth 5 < 6: a certain loss.
    expect(p.prob_loss).toBe(1);
    expect(p.prob_profit).toBe(0);
    expect(expectedPL(pos, analyzePL(pos))).toBeCloseTo(-1, 12);
  });
});
