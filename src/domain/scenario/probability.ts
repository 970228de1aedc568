/**
 * Probability that a trade's P/L at the view's date is above zero, over the whole lognormal
 * distribution (not only the view's region).
 *
 * - Every option expires at the date (or shares alone): the P/L is piecewise linear in the price,
 *   with knots at the strikes. Its zeros are found exactly on each piece, and the probability is
 *   the lognormal mass of the pieces where it is positive (`linearProbProfit`).
 * - Options still open at the date: the P/L is smooth. It is sampled on a fixed grid of quantiles,
 *   z = −6, −5.95, …, 6 (241 prices, the same for every trade of a run: each option's values there
 *   are computed once); between two samples of opposite sign the zero is the root of the quadratic
 *   through three neighbouring samples (the linear one where the quadratic has none in the cell),
 *   and the mass is Φ between the zeros. Beyond ±6 (mass 2e-9) the sign of the end sample holds.
 */
import { normCdf } from '../pricing/normal.ts';
import { normalMass, priceAt, type ViewDistribution, zOf } from './distribution.ts';

export const GRID_Z = 6;
export const GRID_STEP = 0.05;

export interface ProbabilityGrid {
  readonly z: Float64Array;
  readonly prices: Float64Array;
  /** Φ(z) at each point. */
  readonly cdf: Float64Array;
}

export function probabilityGrid(d: ViewDistribution): ProbabilityGrid {
  const n = Math.round((2 * GRID_Z) / GRID_STEP) + 1;
  const z = new Float64Array(n);
  const prices = new Float64Array(n);
  const cdf = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    z[j] = -GRID_Z + j * GRID_STEP;
    prices[j] = priceAt(d, z[j]!);
    cdf[j] = normCdf(z[j]!);
  }
  return { z, prices, cdf };
}

/** The zero of the P/L samples `pl` in cell [j, j+1] (opposite signs), as a quantile. */
function zeroInCell(grid: ProbabilityGrid, pl: Float64Array, j: number): number {
  const h = grid.z[j + 1]! - grid.z[j]!;
  const y0 = pl[j]!;
  const y1 = pl[j + 1]!;
  const linear = grid.z[j]! + (h * y0) / (y0 - y1);
  // Three samples: the cell and its neighbour on the side that exists.
  const k = j + 2 < pl.length ? j : j - 1;
  if (k < 0) return linear;
  const a0 = pl[k]!;
  const a1 = pl[k + 1]!;
  const a2 = pl[k + 2]!;
  // p(t) = a0 + (a1 − a0)·t + c·t·(t − 1), t in units of h from point k.
  const c = (a2 - 2 * a1 + a0) / 2;
  const b = a1 - a0 - c;
  const lo = j - k;
  const hi = lo + 1;
  if (Math.abs(c) < 1e-12 * (Math.abs(b) + Math.abs(a0))) return linear;
  const disc = b * b - 4 * c * a0;
  if (disc < 0) return linear;
  const root = Math.sqrt(disc);
  // The numerically stable pair of roots.
  const q = -(b + Math.sign(b || 1) * root) / 2;
  for (const t of [q / c, q !== 0 ? a0 / q : Number.NaN]) if (t >= lo && t <= hi) return grid.z[k]! + t * h;
  return linear;
}

/** P(P/L > 0) from the P/L at the grid's prices. */
export function gridProbProfit(grid: ProbabilityGrid, pl: Float64Array): number {
  const n = pl.length;
  let p = pl[0]! > 0 ? grid.cdf[0]! : 0;
  for (let j = 0; j + 1 < n; j++) {
    const y0 = pl[j]!;
    const y1 = pl[j + 1]!;
    if (y0 > 0 && y1 > 0) p += grid.cdf[j + 1]! - grid.cdf[j]!;
    else if (y0 > 0 && y1 <= 0) p += normalMass(grid.z[j]!, zeroInCell(grid, pl, j));
    else if (y0 <= 0 && y1 > 0) p += normalMass(zeroInCell(grid, pl, j), grid.z[j + 1]!);
  }
  if (pl[n - 1]! > 0) p += 1 - grid.cdf[n - 1]!;
  return p;
}

/**
 * P(P/L > 0) of a piecewise linear P/L: `knots` ascending prices from 0, `values` the P/L there,
 * `tailSlope` its slope beyond the last knot.
 */
export function linearProbProfit(
  d: ViewDistribution,
  knots: ArrayLike<number>,
  values: ArrayLike<number>,
  count: number,
  tailSlope: number,
): number {
  let p = 0;
  for (let i = 0; i + 1 < count; i++) {
    const x0 = knots[i]!;
    const x1 = knots[i + 1]!;
    const y0 = values[i]!;
    const y1 = values[i + 1]!;
    if (y0 > 0 && y1 > 0) p += normalMass(zOf(d, x0), zOf(d, x1));
    else if (y0 > 0 || y1 > 0) {
      const root = x0 + ((x1 - x0) * y0) / (y0 - y1);
      p += y0 > 0 ? normalMass(zOf(d, x0), zOf(d, root)) : normalMass(zOf(d, root), zOf(d, x1));
    }
  }
  const xn = knots[count - 1]!;
  const yn = values[count - 1]!;
  if (yn > 0 && tailSlope >= 0) p += normalMass(zOf(d, xn), Infinity);
  else if (yn > 0) p += normalMass(zOf(d, xn), zOf(d, xn - yn / tailSlope));
  else if (tailSlope > 0) p += normalMass(zOf(d, xn - yn / tailSlope), Infinity);
  return p;
}
