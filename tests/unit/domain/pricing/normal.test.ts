import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { normCdf, normInv, normInvApprox, normPdf, normTailScaled } from '#domain/pricing/normal.ts';
import { normCdfFast, normPdfFast, normTailScaledFast } from '#domain/pricing/normal-table.ts';

const relErr = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);
const reals = (min: number, max: number) => fc.double({ min, max, noNaN: true });

describe('normCdf', () => {
  // Reference: mpmath.ncdf at 30 significant digits, rounded to the nearest double. Tolerance 2e-15 relative
  // (Cody's approximation is good to ~5e-16 in this range).
  test.each([
    [0, 0.5],
    [1.96, 0.9750021048517795],
    [3, 0.9986501019683699],
    [-1.5, 0.06680720126885807],
    [-5, 2.866515718791939e-7],
    [-10, 7.619853024160525e-24],
    [-20, 2.7536241186062337e-89],
    [-37, 5.725571222524577e-300],
  ])('Φ(%d) matches the 30-digit reference', (x, expected) => {
    expect(relErr(normCdf(x), expected)).toBeLessThan(2e-15);
  });

  test('is 0 and 1 at the infinities and NaN for NaN', () => {
    expect(normCdf(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(normCdf(Number.POSITIVE_INFINITY)).toBe(1);
    expect(normCdf(Number.NaN)).toBeNaN();
  });

  test('Φ(x) + Φ(−x) = 1 and Φ is non-decreasing', () => {
    fc.assert(
      fc.property(reals(-40, 40), reals(0, 1), (x, dx) => {
        expect(Math.abs(normCdf(x) + normCdf(-x) - 1)).toBeLessThan(2e-16);
        expect(normCdf(x + dx)).toBeGreaterThanOrEqual(normCdf(x));
      }),
    );
  });

  test('its derivative is normPdf (central difference)', () => {
    fc.assert(
      fc.property(reals(-8, 8), (x) => {
        const h = 1e-5;
        expect(Math.abs((normCdf(x + h) - normCdf(x - h)) / (2 * h) - normPdf(x))).toBeLessThan(1e-9);
      }),
    );
  });
});

describe('normTailScaled', () => {
  test('equals Φ(−y)·e^{y²/2} and stays finite where Φ(−y) underflows', () => {
    fc.assert(
      fc.property(reals(0, 30), (y) => {
        expect(relErr(normTailScaled(y), normCdf(-y) * Math.exp(0.5 * y * y))).toBeLessThan(1e-13);
      }),
    );
    // Mills-ratio asymptote Φ(−y)e^{y²/2} ≈ φ(0)/y·(1 − 1/y²) for large y.
    expect(relErr(normTailScaled(1e4), 3.989422804014327e-5 * (1 - 1e-8))).toBeLessThan(1e-12);
  });
});

describe('normInv', () => {
  test('matches the 30-digit reference (mpmath: √2·erfinv(2p − 1))', () => {
    expect(relErr(normInv(0.975), 1.9599639845400538)).toBeLessThan(1e-15);
    expect(relErr(normInv(1e-10), -6.361340902404057)).toBeLessThan(1e-15);
    expect(normInv(0.5)).toBe(0);
    expect(normInv(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(normInv(1)).toBe(Number.POSITIVE_INFINITY);
    expect(normInv(1.5)).toBeNaN();
  });

  // Above x = 0, p = Φ(x) itself carries only ~1e-16 absolute precision, so x is tested on the
  // lower half (full relative precision of p) and p on the whole interval.
  test('inverts normCdf to double precision', () => {
    fc.assert(
      fc.property(reals(-37, 0), (x) => {
        expect(Math.abs(normInv(normCdf(x)) - x)).toBeLessThan(1e-14 * Math.max(1, Math.abs(x)));
      }),
    );
    fc.assert(
      fc.property(reals(1e-300, 1), (p) => {
        fc.pre(p < 1);
        expect(Math.abs(normCdf(normInv(p)) - p)).toBeLessThan(2.3e-16 + 1e-14 * p);
      }),
    );
  });

  test('the unpolished approximation is within 1.2e-9 relative', () => {
    fc.assert(
      fc.property(reals(-37, 0), (x) => {
        fc.pre(x < -1e-3);
        expect(relErr(normInvApprox(normCdf(x)), x)).toBeLessThan(1.2e-9);
      }),
    );
  });
});

describe('table-driven Φ and φ', () => {
  test('are within 1e-12 of the exact functions everywhere', () => {
    fc.assert(
      fc.property(reals(-45, 45), (x) => {
        expect(Math.abs(normCdfFast(x) - normCdf(x))).toBeLessThan(1e-12);
        expect(Math.abs(normPdfFast(x) - normPdf(x))).toBeLessThan(1e-12);
      }),
      { numRuns: 5000 },
    );
  });

  test('stay within 1e-12 on a dense grid over [−40, 40], between and on the nodes', () => {
    let worstCdf = 0;
    let worstPdf = 0;
    // Step 1/1000 is not commensurate with the grid step 1/64, so offsets cover [−1/128, 1/128].
    for (let k = -40_000; k <= 40_000; k++) {
      const x = k / 1000;
      worstCdf = Math.max(worstCdf, Math.abs(normCdfFast(x) - normCdf(x)));
      worstPdf = Math.max(worstPdf, Math.abs(normPdfFast(x) - normPdf(x)));
    }
    expect(worstCdf).toBeLessThan(1e-12);
    expect(worstPdf).toBeLessThan(1e-12);
  });

  test('are exact on the grid nodes and handle the far tails, the infinities and NaN', () => {
    expect(normCdfFast(1.5)).toBe(normCdf(1.5));
    expect(normPdfFast(-2.25)).toBe(normPdf(-2.25));
    expect(normCdfFast(-1e6)).toBe(0);
    expect(normCdfFast(1e6)).toBe(1);
    expect(normPdfFast(-1e6)).toBe(0);
    expect(normCdfFast(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(normCdfFast(Number.POSITIVE_INFINITY)).toBe(1);
    expect(normPdfFast(Number.POSITIVE_INFINITY)).toBe(0);
    expect(normCdfFast(Number.NaN)).toBeNaN();
    expect(normPdfFast(Number.NaN)).toBeNaN();
  });
});

describe('table-driven scaled tail', () => {
  test('is within 2e-15 relative of normTailScaled on a dense grid over [0, 40] and beyond', () => {
    let worst = 0;
    for (let k = 0; k <= 400_000; k++) {
      const y = k / 10_000;
      worst = Math.max(worst, relErr(normTailScaledFast(y), normTailScaled(y)));
    }
    expect(worst).toBeLessThan(2e-15);
    for (const y of [40, 41, 1e3, 1e8]) expect(normTailScaledFast(y)).toBe(normTailScaled(y));
    expect(normTailScaledFast(Number.NaN)).toBeNaN();
  });
});
