/**
 * Properties of the whole trade row, over every strategy of the catalogue built from its template
 * with random strikes, lots, prices and IVs: max profit and max loss bound the expiration profile,
 * breakevens are its roots, probabilities are probabilities, and every number is finite or null
 * (so the row survives JSON).
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { plProfile } from '#domain/metrics/pl-profile.ts';
import { tradeMetrics } from '#domain/metrics/trade-metrics.ts';
import type { LegQuote } from '#domain/metrics/types.ts';
import { defaultLegs, legsFromTemplates, templateSlots } from '#domain/strategies/default-legs.ts';
import { STRATEGY_KEYS } from '#domain/strategies/strategy-key.ts';
import { validateLegs } from '#domain/strategies/validate-legs.ts';
import { AS_OF, BACK, DAY_MS, FRONT, trade } from './fixtures.ts';

const arbTrade = fc
  .record({
    strategy: fc.constantFrom(...STRATEGY_KEYS.filter((k) => k !== 'custom')),
    base: fc.integer({ min: 80, max: 100 }),
    step: fc.integer({ min: 1, max: 10 }),
    lots: fc.integer({ min: 1, max: 3 }),
    mids: fc.array(fc.double({ min: 0.05, max: 15, noNaN: true }), { minLength: 4, maxLength: 4 }),
    ivs: fc.array(fc.double({ min: 0.1, max: 0.9, noNaN: true }), { minLength: 4, maxLength: 4 }),
    level: fc.constantFrom(0.5, 0.25, 0, -0.25, -0.5),
  })
  .map(({ strategy, base, step, lots, mids, ivs, level }) => {
    const templates = defaultLegs(strategy);
    const slots = templateSlots(templates);
    const strikes = Array.from({ length: slots.strikes }, (_, i) => base + i * step);
    const legs = legsFromTemplates(templates, {
      underlying: 'XYZ',
      strikes,
      expirations: [FRONT, BACK],
      lots,
    });
    const quotes = legs.map(
      (l, i): LegQuote =>
        l.contract.kind === 'stock'
          ? { ...l, bid: 99.99, ask: 100.01, iv: 0 }
          : { ...l, bid: mids[i]! - 0.04, ask: mids[i]! + 0.04, iv: ivs[i]! },
    );
    return {
      legs,
      input: trade(strategy, quotes, {
        level,
        horizonMs: slots.expirations ? undefined : AS_OF + 30 * DAY_MS,
      }),
    };
  });

/** Paths of values JSON would lose or change: undefined, NaN, ±Infinity. */
function notJsonSafe(value: unknown, path = ''): string[] {
  if (value === undefined) return [path];
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [path];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => notJsonSafe(v, `${path}.${k}`));
}

describe('trade metrics over every strategy', () => {
  test('bounds, roots, probabilities and JSON-safe numbers', () => {
    fc.assert(
      fc.property(arbTrade, ({ legs, input }) => {
        expect(validateLegs(input.strategy, legs)).toEqual({ ok: true });
        const m = tradeMetrics(input, [{ amount: -0.05, unit: 'pct' }]);
        const profile = plProfile(input);
        const tol = 1e-6 * (1 + Math.abs(m.cost));
        expect(m.max_profit === null).toBe(m.max_profit_unlimited);
        expect(m.max_loss === null).toBe(m.max_loss_unlimited);
        const bad = profile.atHorizon.filter(
          (v) =>
            (m.max_profit !== null && v > m.max_profit + tol) ||
            (m.max_loss !== null && v < -m.max_loss - tol),
        );
        expect(bad).toEqual([]);
        profile.prices.forEach((s, i) => {
          if (m.breakevens.includes(s)) expect(Math.abs(profile.atHorizon[i]!)).toBeLessThan(1e-6);
        });
        for (const key of [
          'prob_profit',
          'prob_loss',
          'prob_max_profit',
          'prob_max_loss',
          'prob_profit_up',
        ] as const) {
          expect(m[key]).toBeGreaterThanOrEqual(0);
          expect(m[key]).toBeLessThanOrEqual(1 + 1e-12);
        }
        expect(m.prob_profit + m.prob_loss).toBeLessThanOrEqual(1 + 1e-9);
        expect(m.bid).toBeLessThanOrEqual(m.ask + 1e-12);
        expect(m.margin).toBeGreaterThanOrEqual(0);
        expect(notJsonSafe(m)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});
