/**
 * P/L analysis: the exact (piecewise-linear) path against the numeric path on the same positions,
 * and the numeric path on calendars and diagonals against sampling of the true P/L.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { analyzePL, type PLAnalysis } from '#domain/metrics/pl-analysis.ts';
import { buildPosition } from '#domain/metrics/position.ts';
import { arbLegs, BACK, call, FRONT, trade } from './fixtures.ts';

const grid = (step: number) => Array.from({ length: Math.floor(400 / step) + 1 }, (_, i) => i * step);
// Above the analysis' own zero tolerance (1e-9 × the price scale).
const TOL = 1e-6;

/** Every way the analysis can disagree with the sampled P/L, as messages (empty when it agrees). */
function disagreements(a: PLAnalysis, samples: readonly number[]): string[] {
  const bad: string[] = [];
  const v = samples.map(a.pl);
  samples.forEach((s, i) => {
    if (v[i]! > a.maxPL + TOL || v[i]! < a.minPL - TOL)
      bad.push(`P/L ${v[i]} at ${s} outside [${a.minPL}, ${a.maxPL}]`);
    if (i > 0 && Math.abs(v[i - 1]!) > TOL && Math.abs(v[i]!) > TOL && v[i - 1]! * v[i]! < 0) {
      if (!a.breakevens.some((b) => b > samples[i - 1]! && b < s))
        bad.push(`no breakeven in (${samples[i - 1]}, ${s})`);
    }
    // The regions carry the sign of the P/L inside them.
    const r = a.regions.find((x) => s > x.lo && s < x.hi);
    if (
      r &&
      ((r.sign > 0 && v[i]! < -TOL) || (r.sign < 0 && v[i]! > TOL) || (r.sign === 0 && Math.abs(v[i]!) > TOL))
    ) {
      bad.push(`P/L ${v[i]} at ${s} in a region of sign ${r.sign}`);
    }
  });
  for (const b of a.breakevens) if (Math.abs(a.pl(b)) > TOL) bad.push(`breakeven ${b} has P/L ${a.pl(b)}`);
  // The regions tile (0, ∞).
  if (a.regions[0]!.lo !== 0 || a.regions.at(-1)!.hi !== Infinity) bad.push('regions do not span (0, ∞)');
  for (let i = 1; i < a.regions.length; i++)
    if (a.regions[i]!.lo !== a.regions[i - 1]!.hi) bad.push('regions gap');
  const inside = (r: { lo: number; hi: number }) => (r.lo + Math.min(r.hi, r.lo + 1)) / 2;
  for (const r of a.maxRegions)
    if (Math.abs(a.pl(inside(r)) - a.maxPL) > TOL) bad.push(`max region ${r.lo}–${r.hi}`);
  for (const r of a.minRegions)
    if (Math.abs(a.pl(inside(r)) - a.minPL) > TOL) bad.push(`min region ${r.lo}–${r.hi}`);
  return bad;
}

describe('P/L analysis', () => {
  test('exact analysis bounds and roots the sampled P/L', () => {
    fc.assert(
      fc.property(arbLegs({ stock: true }), (legs) => {
        const a = analyzePL(buildPosition(trade('custom', legs)));
        expect(a.exact).toBe(true);
        expect(disagreements(a, grid(0.5))).toEqual([]);
      }),
    );
  });

  test('the numeric path agrees with the exact path on piecewise-linear positions', () => {
    fc.assert(
      fc.property(arbLegs({ stock: true }), (legs) => {
        const pos = buildPosition(trade('custom', legs));
        const exact = analyzePL(pos);
        const numeric = analyzePL(pos, { numeric: true });
        const same = (x: number, y: number) =>
          Number.isFinite(x)
            ? expect(Math.abs(x - y)).toBeLessThan(1e-7 * (1 + Math.abs(x)))
            : expect(y).toBe(x);
        same(exact.maxPL, numeric.maxPL);
        same(exact.minPL, numeric.minPL);
        same(exact.plAtInfinity, numeric.plAtInfinity);
        expect(numeric.breakevens.length).toBe(exact.breakevens.length);
        exact.breakevens.forEach((b, i) => {
          expect(numeric.breakevens[i]!).toBeCloseTo(b, 6);
        });
        expect(numeric.regions.map((r) => r.sign)).toEqual(exact.regions.map((r) => r.sign));
      }),
    );
  });

  test('calendars and diagonals: the numeric analysis bounds and roots the sampled P/L', () => {
    fc.assert(
      fc.property(arbLegs({ expirations: [FRONT, BACK] }), (legs) => {
        const a = analyzePL(buildPosition(trade('custom', legs)));
        expect(disagreements(a, grid(1))).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  test('a long call calendar: max at the strike, limits at 0 and infinity', () => {
    const pos = buildPosition(
      trade('long_call_calendar_spread', [call(-1, 100, 4), call(1, 100, 5.6, BACK)]),
    );
    const a = analyzePL(pos);
    expect(a.exact).toBe(false);
    expect(a.maxPL).toBeCloseTo(a.pl(100), 12);
    expect(a.plAtZero).toBeCloseTo(-1.6, 12);
    // q = 0: the back call tends to s − K·e^{−rτ}.
    const tau = 28 / 365 - 1 / (24 * 365);
    expect(a.plAtInfinity).toBeCloseTo(100 - 100 * Math.exp(-0.04 * tau) - 1.6, 10);
    expect(a.pl(1e6)).toBeCloseTo(a.plAtInfinity, 6);
    expect(a.minPL).toBeCloseTo(-1.6, 12);
  });

  test('with a dividend yield the back call tends to its intrinsic value', () => {
    const pos = buildPosition(
      trade('long_call_calendar_spread', [call(-1, 100, 4), call(1, 100, 5.6, BACK)], {
        underlying: { dividendYield: 0.03 },
      }),
    );
    const a = analyzePL(pos);
    expect(a.plAtInfinity).toBeCloseTo(-1.6, 12);
    expect(a.pl(1e5)).toBeCloseTo(-1.6, 9);
  });
});
