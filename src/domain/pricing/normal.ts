/**
 * The standard normal distribution: Φ (normCdf), φ (normPdf), Φ⁻¹ (normInv), the scaled tail
 * Φ(−y)·e^{y²/2} that the implied-volatility solver needs without cancellation. The table-driven
 * Φ/φ of the batch fast path are in `normal-table.ts`.
 *
 * Φ is W. J. Cody's rational Chebyshev approximation ("Rational Chebyshev approximations for the
 * error function", Math. Comp. 23, 1969) in the form R uses for `pnorm`: relative error about 1e-16
 * in both tails, so deep out-of-the-money prices keep their digits. Coefficients are Cody's, written
 * as the nearest double (the published 20-digit values round to the same numbers).
 */

export const INV_SQRT_2PI = 0.3989422804014327;
const SQRT_32 = 5.656854249492381;
/** Φ⁻¹(3/4): below it Φ is 1/2 plus an odd rational function. */
const CENTRAL_LIMIT = 0.67448975;
/** Beyond ±TAIL_LIMIT, Φ is 0 or 1 in double precision. */
const TAIL_LIMIT = 38.5;

/** Φ(x) − 1/2 for |x| ≤ 0.674 (Cody's first interval). */
function centralPart(x: number): number {
  const xsq = x * x;
  const num =
    ((((0.06568233791820745 * xsq + 2.2352520354606837) * xsq + 161.02823106855587) * xsq +
      1067.6894854603709) *
      xsq +
      18154.98125334356) *
    x;
  const den =
    (((xsq + 47.202581904688245) * xsq + 976.0985517377767) * xsq + 10260.932208618979) * xsq +
    45507.78933502673;
  return num / den;
}

/** Φ(−y)·e^{y²/2} for 0.674 < y ≤ √32 (Cody's second interval). */
function middleRatio(y: number): number {
  const num =
    (((((((1.0765576773720192e-8 * y + 0.39894151208813466) * y + 8.883149794388377) * y +
      93.50665613217785) *
      y +
      597.2702763948002) *
      y +
      2494.5375852903726) *
      y +
      6848.190450536283) *
      y +
      11602.65143764735) *
      y +
    9842.714838383978;
  const den =
    (((((((y + 22.266688044328117) * y + 235.387901782625) * y + 1519.3775994075547) * y +
      6485.558298266761) *
      y +
      18615.571640885097) *
      y +
      34900.95272114598) *
      y +
      38912.00328609327) *
      y +
    19685.429676859992;
  return num / den;
}

/** Φ(−y)·e^{y²/2} for y > √32 (Cody's asymptotic interval). */
function tailRatio(y: number): number {
  const z = 1 / (y * y);
  const num =
    (((((0.023073441764940174 * z + 0.215898534057957) * z + 0.12740116116024736) * z +
      0.022235277870649807) *
      z +
      0.0014216191932278934) *
      z +
      2.9112874951168793e-5) *
    z;
  const den =
    ((((z + 1.284260096144911) * z + 0.4682382124808651) * z + 0.06598813786892856) * z +
      0.0037823963320275824) *
      z +
    7.297515550839662e-5;
  return (INV_SQRT_2PI - num / den) / y;
}

/**
 * e^{−y²/2} without the rounding of y²: y is split into a part with 4 fractional bits, whose square
 * is exact, and a remainder (Cody's device). Keeps relative accuracy deep in the tails.
 */
function gaussFactor(y: number): number {
  const head = Math.trunc(y * 16) / 16;
  const rest = (y - head) * (y + head);
  return Math.exp(-head * head * 0.5) * Math.exp(-rest * 0.5);
}

/** Standard normal cumulative distribution Φ(x); relative error ~1e-16 for x ∈ [−38.5, 38.5]. */
export function normCdf(x: number): number {
  const y = Math.abs(x);
  if (y <= CENTRAL_LIMIT) return 0.5 + centralPart(x);
  if (y <= TAIL_LIMIT) {
    const lower = gaussFactor(y) * (y <= SQRT_32 ? middleRatio(y) : tailRatio(y));
    return x < 0 ? lower : 1 - lower;
  }
  if (x > 0) return 1;
  return x < 0 ? 0 : Number.NaN;
}

/** Standard normal density φ(x) = e^{−x²/2}/√(2π). */
export function normPdf(x: number): number {
  return INV_SQRT_2PI * Math.exp(-0.5 * x * x);
}

/**
 * Scaled upper tail M(y) = Φ(−y)·e^{y²/2} for y ≥ 0 (a Mills ratio times φ(0)·√(2π)).
 * Finite and smooth where Φ(−y) underflows; for y > 0.674 it costs no exponential at all.
 */
export function normTailScaled(y: number): number {
  if (y <= CENTRAL_LIMIT) return (0.5 - centralPart(y)) * Math.exp(0.5 * y * y);
  return y <= SQRT_32 ? middleRatio(y) : tailRatio(y);
}

/**
 * Inverse normal Φ⁻¹(p) to about 1e-9 relative: P. J. Acklam's rational approximation
 * (2003, "An algorithm for computing the inverse normal cumulative distribution function").
 * Good enough for a solver's first guess; `normInv` polishes it.
 */
export function normInvApprox(p: number): number {
  if (!(p > 0 && p < 1))
    return p === 0 ? Number.NEGATIVE_INFINITY : p === 1 ? Number.POSITIVE_INFINITY : Number.NaN;
  if (p < 0.02425) return lowerTail(Math.sqrt(-2 * Math.log(p)));
  if (p > 0.97575) return -lowerTail(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((-39.69683028665376 * r + 220.9460984245205) * r - 275.9285104469687) * r + 138.357751867269) * r -
      30.66479806614716) *
      r +
      2.506628277459239) *
      q) /
    (((((-54.47609879822406 * r + 161.5858368580409) * r - 155.6989798598866) * r + 66.80131188771972) * r -
      13.28068155288572) *
      r +
      1)
  );
}

/** Acklam's lower-tail branch as a function of q = √(−2 ln p). */
function lowerTail(q: number): number {
  return (
    (((((-0.007784894002430293 * q - 0.3223964580411365) * q - 2.400758277161838) * q - 2.549732539343734) *
      q +
      4.374664141464968) *
      q +
      2.938163982698783) /
    ((((0.007784695709041462 * q + 0.3224671290700398) * q + 2.445134137142996) * q + 3.754408661907416) * q +
      1)
  );
}

/** Inverse normal Φ⁻¹(p) to double precision: Acklam's guess and one Halley step on Φ. */
export function normInv(p: number): number {
  const x = normInvApprox(p);
  if (!Number.isFinite(x)) return x;
  // Residual Φ(x) − p, taken on the smaller tail so that p near 1 does not lose digits.
  const e = x < 0 ? normCdf(x) - p : 1 - p - normCdf(-x);
  const u = e / normPdf(x);
  return x - u / (1 + 0.5 * x * u);
}
