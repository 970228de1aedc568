/**
 * The lognormal terminal distribution of the underlying: with spot S, annualised volatility σ,
 * drift μ (annual, continuously compounded; r − q for the risk-neutral measure, any view otherwise)
 * and T years,
 *
 *   ln S_T ~ N(ln S + (μ − σ²/2)T, σ²T),   so E[S_T] = S·e^{μT}.
 *
 * With T ≤ 0 the distribution is a point mass at S; with σ ≤ 0 a point mass at S·e^{μT}.
 */
import { INV_SQRT_2PI, normCdf } from './normal.ts';

/** z-score of level X: S_T > X ⇔ Z > −zAbove(X), i.e. P(S_T > X) = Φ(zAbove). */
function zAbove(S: number, X: number, T: number, sigma: number, drift: number): number {
  return (Math.log(S / X) + (drift - 0.5 * sigma * sigma) * T) / (sigma * Math.sqrt(T));
}

/** Where the distribution is a point mass, its location; NaN when it is a proper lognormal. */
function pointMass(S: number, T: number, sigma: number, drift: number): number {
  if (!(T > 0)) return S;
  return sigma > 0 ? Number.NaN : S * Math.exp(drift * T);
}

/** P(S_T > X). */
export function probAbove(S: number, X: number, T: number, sigma: number, drift: number): number {
  const at = pointMass(S, T, sigma, drift);
  if (!Number.isNaN(at)) return at > X ? 1 : 0;
  if (!(X > 0)) return 1;
  return normCdf(zAbove(S, X, T, sigma, drift));
}

/** P(S_T ≤ X) = 1 − probAbove, computed on its own tail so small probabilities keep their digits. */
export function probBelow(S: number, X: number, T: number, sigma: number, drift: number): number {
  const at = pointMass(S, T, sigma, drift);
  if (!Number.isNaN(at)) return at > X ? 0 : 1;
  if (!(X > 0)) return 0;
  return normCdf(-zAbove(S, X, T, sigma, drift));
}

/** P(lo < S_T ≤ hi); lo may be 0 and hi Infinity. 0 when hi ≤ lo. */
export function probBetween(
  S: number,
  lo: number,
  hi: number,
  T: number,
  sigma: number,
  drift: number,
): number {
  if (!(hi > lo)) return 0;
  // Subtract on the side where both probabilities are small, to avoid cancellation near 1.
  const aboveLo = probAbove(S, lo, T, sigma, drift);
  const p =
    aboveLo < 0.5
      ? aboveLo - probAbove(S, hi, T, sigma, drift)
      : probBelow(S, hi, T, sigma, drift) - probBelow(S, lo, T, sigma, drift);
  return Math.max(p, 0);
}

// 8-point Gauss-Legendre rule on [−1, 1] (Abramowitz & Stegun, Table 25.4): exact for polynomials
// of degree ≤ 15, so a smooth integrand on a short panel is integrated to machine precision.
const GL_NODES = [
  -0.9602898564975363, -0.7966664774136267, -0.525532409916329, -0.1834346424956498, 0.1834346424956498,
  0.525532409916329, 0.7966664774136267, 0.9602898564975363,
] as const;
const GL_WEIGHTS = [
  0.1012285362903763, 0.2223810344533745, 0.3137066458778873, 0.362683783378362, 0.362683783378362,
  0.3137066458778873, 0.2223810344533745, 0.1012285362903763,
] as const;
const POINTS_PER_PANEL = GL_NODES.length;
/** Half-width of the integration range in standard deviations: mass outside is < 1.3e-15. */
const Z_RANGE = 8;

/**
 * E[payoff(S_T)] by numeric integration over the lognormal density, in the standard-normal variable
 * z (S_T = S·e^{(μ−σ²/2)T + σ√T·z}) on [−8, 8 + σ√T] (the upper end moves with σ√T so payoffs that
 * grow like S_T keep their mass). The range is cut at every kink (a price where the payoff's slope or
 * value jumps, such as a strike), each piece is split into panels and each panel integrated by 8-point
 * Gauss-Legendre; `steps` is the total number of payoff evaluations (rounded to panels of 8).
 * Without kinks a kinked payoff converges only like a smooth one split at the wrong place, so pass
 * the strikes. Undiscounted: multiply by e^{−rT} for a present value.
 */
export function expectedValue(
  payoff: (sT: number) => number,
  S: number,
  T: number,
  sigma: number,
  drift: number,
  steps = 400,
  kinks: readonly number[] = [],
): number {
  return expectedValueOf(
    (prices, out) => {
      for (let i = 0; i < prices.length; i++) out[i] = payoff(prices[i]!);
    },
    S,
    T,
    sigma,
    drift,
    steps,
    kinks,
  );
}

/**
 * `expectedValue` with the payoff evaluated at all the nodes in one call (`payoffs` writes
 * payoff(prices[i]) into out[i]), for payoffs that cost less per price in a batch, such as a
 * position valued by the Black-Scholes batch kernel. Same nodes, same sum, same result.
 */
export function expectedValueOf(
  payoffs: (prices: Float64Array, out: Float64Array) => void,
  S: number,
  T: number,
  sigma: number,
  drift: number,
  steps = 400,
  kinks: readonly number[] = [],
): number {
  const at = pointMass(S, T, sigma, drift);
  if (!Number.isNaN(at)) {
    const value = new Float64Array(1);
    payoffs(Float64Array.of(at), value);
    return value[0]!;
  }
  const sd = sigma * Math.sqrt(T);
  const mean = Math.log(S) + (drift - 0.5 * sigma * sigma) * T;
  const zLo = -Z_RANGE;
  const zHi = Z_RANGE + sd;
  const cuts = [zLo];
  for (const k of [...kinks].sort((a, b) => a - b)) {
    const z = (Math.log(k) - mean) / sd;
    if (z > cuts[cuts.length - 1]! && z < zHi) cuts.push(z);
  }
  cuts.push(zHi);
  const panels = Math.max(cuts.length - 1, Math.round(steps / POINTS_PER_PANEL));
  const width = (zHi - zLo) / panels;
  // Nodes first (z and its panel's half-width), then every payoff at once, then the sum.
  const zs: number[] = [];
  const halves: number[] = [];
  for (let c = 1; c < cuts.length; c++) {
    const a = cuts[c - 1]!;
    const b = cuts[c]!;
    const count = Math.max(1, Math.round((b - a) / width));
    const half = (b - a) / count / 2;
    for (let p = 0; p < count; p++) {
      const mid = a + (2 * p + 1) * half;
      for (let j = 0; j < POINTS_PER_PANEL; j++) {
        zs.push(mid + half * GL_NODES[j]!);
        halves.push(half);
      }
    }
  }
  const prices = new Float64Array(zs.length);
  for (let i = 0; i < zs.length; i++) prices[i] = Math.exp(mean + sd * zs[i]!);
  const values = new Float64Array(zs.length);
  payoffs(prices, values);
  let total = 0;
  for (let i = 0; i < zs.length; i++) {
    const z = zs[i]!;
    total +=
      GL_WEIGHTS[i % POINTS_PER_PANEL]! * halves[i]! * INV_SQRT_2PI * Math.exp(-0.5 * z * z) * values[i]!;
  }
  return total;
}
