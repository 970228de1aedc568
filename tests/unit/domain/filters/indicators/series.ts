import fc from 'fast-check';
import type { PriceSeries } from '#domain/filters/indicators/price-series.ts';

/**
 * Test fixtures: random-walk closes (steps of whole cents up to $2 from $500, so prices stay positive
 * and changes are never lost to rounding) and daily bars built around them.
 */
export const randomWalk = (minLength: number, maxLength: number) =>
  fc.array(fc.integer({ min: -200, max: 200 }), { minLength, maxLength }).map((steps) => {
    const close: number[] = [];
    let cents = 50_000;
    for (const s of steps) {
      cents += s;
      close.push(cents / 100);
    }
    return close;
  });

/** Bars whose high and low straddle the close by fixed offsets. */
export const barsOf = (close: readonly number[], spread = 1): PriceSeries => ({
  close,
  high: close.map((c, i) => c + spread * (1 + (i % 3) / 2)),
  low: close.map((c, i) => c - spread * (1 + (i % 2) / 2)),
});

export const smaNaive = (xs: readonly number[], length: number, end: number): number => {
  if (end < length - 1) return Number.NaN;
  let s = 0;
  for (let i = end - length + 1; i <= end; i++) s += xs[i]!;
  return s / length;
};

/** EMA at every index, seeded with the SMA of the first `length` values. */
export const emaNaive = (xs: readonly number[], length: number): number[] => {
  const out = xs.map(() => Number.NaN);
  const alpha = 2 / (length + 1);
  for (let t = length - 1; t < xs.length; t++) {
    out[t] = t === length - 1 ? smaNaive(xs, length, t) : alpha * xs[t]! + (1 - alpha) * out[t - 1]!;
  }
  return out;
};

/** Last sign change of a sequence: { sign, age } with age in sessions since the change (0 = last). */
export const lastCrossNaive = (diff: readonly number[]): { sign: number; age: number; crossed: boolean } => {
  const signs = diff.map((d) => (Number.isNaN(d) ? 0 : d > 0 ? 1 : -1));
  const last = signs.length - 1;
  const sign = signs[last] ?? 0;
  let t = last;
  while (t > 0 && signs[t - 1] === sign) t--;
  return { sign, age: last - t, crossed: t > 0 && signs[t - 1] !== 0 };
};
