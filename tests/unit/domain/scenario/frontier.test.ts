/**
 * The frontier of return against probability of profit and its ten slots: no kept trade is
 * dominated, every dropped trade is, slot 0 has the highest return and slot 9 the highest
 * probability, and the slots run along the frontier in order.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { frontier, slotsAlong } from '#domain/scenario/frontier.ts';

const dominates = (r: number[], p: number[], a: number, b: number) =>
  r[a]! >= r[b]! && p[a]! >= p[b]! && (r[a]! > r[b]! || p[a]! > p[b]!);

// Coarse values so that ties in return, in probability and in both are common: the returns and
// probabilities of up to 60 trades.
const trades = fc
  .array(
    fc.tuple(
      fc.integer({ min: -20, max: 20 }).map((x) => x / 10),
      fc.integer({ min: 0, max: 20 }).map((x) => x / 20),
    ),
    { minLength: 1, maxLength: 60 },
  )
  .map((pts) => ({ r: pts.map(([r]) => r), p: pts.map(([, p]) => p) }));

describe('frontier', () => {
  test('keeps exactly the undominated trades, one of each equal pair, from max return to max probability', () => {
    fc.assert(
      fc.property(trades, ({ r, p }) => {
        const kept = frontier(r, p);
        const keptSet = new Set(kept);
        for (const i of kept) for (let j = 0; j < r.length; j++) expect(dominates(r, p, j, i)).toBe(false);
        for (let i = 0; i < r.length; i++) {
          if (keptSet.has(i)) continue;
          // Dropped: dominated, or equal in both to a kept trade.
          expect(kept.some((k) => dominates(r, p, k, i) || (r[k] === r[i] && p[k] === p[i]))).toBe(true);
        }
        for (let k = 1; k < kept.length; k++) {
          expect(r[kept[k]!]!).toBeLessThan(r[kept[k - 1]!]!);
          expect(p[kept[k]!]!).toBeGreaterThan(p[kept[k - 1]!]!);
        }
        expect(r[kept[0]!]).toBe(Math.max(...r));
        expect(p[kept.at(-1)!]).toBe(Math.max(...p));
      }),
      { numRuns: 500 },
    );
  });

  test('ten slots: slot 0 the highest return, slot 9 the highest probability, in frontier order', () => {
    fc.assert(
      fc.property(trades, ({ r, p }) => {
        const line = frontier(r, p);
        const slots = slotsAlong(line);
        expect(slots).toHaveLength(10);
        expect(r[slots[0]!]).toBe(Math.max(...r));
        expect(p[slots[9]!]).toBe(Math.max(...p));
        const positions = slots.map((s) => line.indexOf(s));
        for (let k = 1; k < 10; k++) expect(positions[k]!).toBeGreaterThanOrEqual(positions[k - 1]!);
        // Spread out: every frontier trade is a slot when there are at most ten.
        if (line.length <= 10) expect(new Set(slots).size).toBe(line.length);
      }),
      { numRuns: 500 },
    );
  });

  test('no trades, no slots; a frontier of two puts five of each', () => {
    expect(slotsAlong(frontier([], []))).toEqual([]);
    const line = frontier([0.5, 0.1, 0.2], [0.3, 0.9, 0.2]);
    expect(line).toEqual([0, 1]);
    expect(slotsAlong(line)).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
  });
});
