/**
 * Table-driven normal functions: Φ and φ for the batch fast path, and the scaled tail
 * Φ(−y)·e^{y²/2} for the implied-volatility solver (at the end of the file).
 *
 * Φ and φ: exact values (Cody's Φ, `normal.ts`) on a grid of
 * step 1/64 over [−40, 40] and a fourth-order Taylor expansion around the nearest node
 * (|h| ≤ 1/128). Absolute error below 1e-12 for both; no exponential, logarithm or division per
 * call.
 *
 * Arguments are clamped to ±40 rather than branched on: the end nodes hold Φ = 0 or 1 and φ = 0,
 * which are the double values of Φ and φ everywhere beyond, so the clamp costs no accuracy. The
 * table is 2 × 5,121 doubles (80 KB); the part a market touches, |x| ≲ 10, is 20 KB.
 *
 * The batch fast path (`wasm/bs-fast-rows.as.ts`) reads the same node values (`CDF_NODES`,
 * `PDF_NODES`) with the same expansions; the grid is symmetric, so it takes Φ(−d) from the mirrored
 * node, Φ(−x0 − h) = Φ(−x0) − (Φ(x0 + h) − Φ(x0)).
 */
import { INV_SQRT_2PI, normCdf, normPdf, normTailScaled } from './normal.ts';

const GRID = 64;
const STEP = 1 / GRID;
const GRID_MAX = 40;
/** Index of the last node; node MIRROR − i is at −x0 when node i is at x0. */
const MIRROR = 2 * GRID_MAX * GRID;
/** Φ and φ at the MIRROR + 1 nodes from −40 to 40. */
export const CDF_NODES = new Float64Array(MIRROR + 1);
export const PDF_NODES = new Float64Array(MIRROR + 1);
for (let i = 0; i <= MIRROR; i++) {
  const x0 = i * STEP - GRID_MAX;
  CDF_NODES[i] = normCdf(x0);
  PDF_NODES[i] = normPdf(x0);
}
// Taylor coefficients as products (a division costs several multiplications).
const SIXTH = 1 / 6;
const TWENTY_FOURTH = 1 / 24;

/** x clamped to the grid, NaN kept. */
function clampToGrid(x: number): number {
  return Math.min(Math.max(x, -GRID_MAX), GRID_MAX);
}

/** Nearest node of a clamped x; NaN maps to node 0 and stays NaN through the offset. */
function nodeOf(c: number): number {
  return ((c + GRID_MAX) * GRID + 0.5) | 0;
}

/** Offset h = c − x0 of a clamped x from its node i, |h| ≤ 1/128. */
function offsetFrom(c: number, i: number): number {
  return c - (i * STEP - GRID_MAX);
}

/**
 * Φ(x0 + h) − Φ(x0) = ∫₀ʰ φ(x0+v)dv = φ(x0)·(h − x0h²/2 + (x0²−1)h³/6 + (3x0−x0³)h⁴/24) + O(h⁵);
 * the h⁵ term is below 3e-13 for |h| ≤ 1/128.
 */
function cdfIncrement(i: number, h: number): number {
  const x0 = i * STEP - GRID_MAX;
  const x2 = x0 * x0;
  const poly = h * (1 + h * (-0.5 * x0 + h * ((x2 - 1) * SIXTH + h * (3 - x2) * x0 * TWENTY_FOURTH)));
  return PDF_NODES[i]! * poly;
}

/**
 * φ(c) for c = x0 + h at node i: φ(x0)·e^u with u = −h(x0 + h/2) = −h(c − h/2), e^u to u⁴; the u⁵
 * term times φ(x0) is below 1e-15 (|u| ≈ |c|/128 is large only where φ is small).
 */
function pdfAt(i: number, h: number, c: number): number {
  const u = -h * (c - 0.5 * h);
  return PDF_NODES[i]! * (1 + u * (1 + u * (0.5 + u * (SIXTH + u * TWENTY_FOURTH))));
}

/** Φ(x) from the table; absolute error < 1e-12. */
export function normCdfFast(x: number): number {
  const c = clampToGrid(x);
  const i = nodeOf(c);
  return CDF_NODES[i]! + cdfIncrement(i, offsetFrom(c, i));
}

/** φ(x) from the table; absolute error < 1e-12. */
export function normPdfFast(x: number): number {
  const c = clampToGrid(x);
  const i = nodeOf(c);
  return pdfAt(i, offsetFrom(c, i), c);
}

/** Φ(x) into `cdf[k]` and φ(x) into `pdf[k]`, from one node and offset (the values of the two above). */
export function normCdfPdfFast(x: number, cdf: Float64Array, pdf: Float64Array, k: number): void {
  const c = clampToGrid(x);
  const i = nodeOf(c);
  const h = offsetFrom(c, i);
  cdf[k] = CDF_NODES[i]! + cdfIncrement(i, h);
  pdf[k] = pdfAt(i, h, c);
}

// ---------------------------------------------------------------------------------------------
// The scaled tail M(y) = Φ(−y)·e^{y²/2} for the implied-volatility solver, which evaluates it
// twice per step: exact values (`normTailScaled`) every 1/64 on [0, 40] with the coefficients of a
// sixth-order Taylor expansion around each node. They follow from M alone, M′ = yM − 1/√(2π) and
// M⁽ⁿ⁺¹⁾ = yM⁽ⁿ⁾ + nM⁽ⁿ⁻¹⁾. The h⁷ term is below 7e-18 (|M⁽⁷⁾| ≤ E|Z|⁷/2 < 19, |h| ≤ 1/128)
// against M ≥ 0.025: relative error about 1e-15 (tested), no exponential and no division, and a
// short chain of dependent operations (the solver waits on each evaluation). 7 × 2,561 doubles,
// 143 KB. Beyond 40 (or for NaN) it is `normTailScaled` itself.

const TAIL_MAX = 40;
const TAIL_TERMS = 7;
const TAIL_NODES = TAIL_MAX * GRID + 1;
const TAIL_COEFFS = new Float64Array(TAIL_NODES * TAIL_TERMS);
for (let i = 0; i < TAIL_NODES; i++) {
  const y0 = i * STEP;
  // Derivatives M⁽ⁿ⁾(y0), stored divided by n!.
  let previous = normTailScaled(y0);
  let current = y0 * previous - INV_SQRT_2PI;
  let factorial = 1;
  TAIL_COEFFS[i * TAIL_TERMS] = previous;
  for (let n = 1; n < TAIL_TERMS; n++) {
    factorial *= n;
    TAIL_COEFFS[i * TAIL_TERMS + n] = current / factorial;
    const next = y0 * current + n * previous;
    previous = current;
    current = next;
  }
}

/** M(y) = Φ(−y)·e^{y²/2} for y ≥ 0 from the table; relative error about 1e-15. */
export function normTailScaledFast(y: number): number {
  if (!(y < TAIL_MAX)) return normTailScaled(y);
  const i = (y * GRID + 0.5) | 0;
  const h = y - i * STEP;
  const k = i * TAIL_TERMS;
  // Estrin's scheme: pairs of terms in parallel, then h² and h⁴.
  const h2 = h * h;
  const low =
    TAIL_COEFFS[k]! + h * TAIL_COEFFS[k + 1]! + h2 * (TAIL_COEFFS[k + 2]! + h * TAIL_COEFFS[k + 3]!);
  const high = TAIL_COEFFS[k + 4]! + h * TAIL_COEFFS[k + 5]! + h2 * TAIL_COEFFS[k + 6]!;
  return low + h2 * h2 * high;
}
