/**
 * The capture of a scan's market (capture.ts): the kept rows of each underlying, contiguous, in
 * the order the underlyings are given, each captured row's columns equal to its original's and its
 * underlying pointing at the captured underlying.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { captureView } from '#engine/capture.ts';
import { MarketView } from '#engine/market-view.ts';
import { tinyMarket } from './tiny-market.ts';

describe('captureView', () => {
  test('any kept underlyings and rows (repeats included) map to consistent capture rows', () => {
    const view = new MarketView(tinyMarket({ seed: 3, underlyings: 4, expirations: 2, strikes: 5 }).instant);
    const o = view.cols.options;
    const u = view.cols.underlyings;
    fc.assert(
      fc.property(
        fc.shuffledSubarray([0, 1, 2, 3], { minLength: 1 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
        (kept, picks) => {
          // Rows of the kept underlyings only, repeats allowed, in any order.
          const pool = Array.from({ length: o.strike.length }, (_, r) => r).filter((r) =>
            kept.includes(o.underlying[r]!),
          );
          const rows = Int32Array.from(picks, (p) => pool[p % pool.length]!);
          const { capture, captured } = captureView(view, kept, rows);
          const c = capture.view.cols;
          kept.forEach((original, i) => {
            expect(capture.underlyingOf.get(original)).toBe(i);
            expect(capture.view.symbols[i]).toBe(view.symbols[original]);
            expect(c.underlyings.last[i]).toBe(u.last[original]);
          });
          rows.forEach((row, i) => {
            const at = captured[i]!;
            const owner = c.options.underlying[at]!;
            expect(owner).toBe(kept.indexOf(o.underlying[row]!));
            expect(at).toBeGreaterThanOrEqual(c.underlyings.optionStart[owner]!);
            expect(at).toBeLessThan(c.underlyings.optionEnd[owner]!);
            expect(c.options.strike[at]).toBe(o.strike[row]);
            expect(c.options.bid[at]).toBe(o.bid[row]);
          });
          // Every distinct row once.
          expect(c.options.strike.length).toBe(new Set(rows).size);
        },
      ),
      { numRuns: 100 },
    );
  });
});
