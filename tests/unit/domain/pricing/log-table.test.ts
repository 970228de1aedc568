import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { lnFast } from '#domain/pricing/log-table.ts';

const bound = (x: number) => 5e-16 * Math.max(1, Math.abs(Math.log(x)));

describe('lnFast', () => {
  test('is within 5e-16·max(1, |ln x|) of Math.log on a dense grid around 1 and over strike prices', () => {
    let worst = 0;
    for (let k = 1; k <= 400_000; k++) {
      // 0.25 to 4 in steps that are not multiples of the table step, then $0.01 to $100,000.
      for (const x of [0.25 + k * 9.375e-6, 0.01 * 1.0000403 ** k]) {
        worst = Math.max(worst, Math.abs(lnFast(x) - Math.log(x)) / bound(x));
      }
    }
    expect(worst).toBeLessThan(1);
  });

  test('holds over the whole range of normal doubles', () => {
    fc.assert(
      fc.property(fc.double({ min: -700, max: 700, noNaN: true }), (e) => {
        const x = Math.exp(e);
        expect(Math.abs(lnFast(x) - Math.log(x))).toBeLessThan(bound(x));
      }),
      { numRuns: 20_000 },
    );
  });

  test('is exact at powers of two and leaves the special values to Math.log', () => {
    expect(lnFast(1)).toBe(0);
    expect(lnFast(2)).toBe(Math.LN2);
    expect(lnFast(0.5)).toBe(-Math.LN2);
    expect(lnFast(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(lnFast(-1)).toBeNaN();
    expect(lnFast(Number.NaN)).toBeNaN();
    expect(lnFast(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
    expect(lnFast(5e-324)).toBe(Math.log(5e-324));
  });
});
