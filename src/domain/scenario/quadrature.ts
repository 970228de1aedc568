/**
 * ∫ f(S_D) φ(z) dz over an interval of z, for a smooth f (an option still open at the view's
 * date, valued by the pricing model): composite 8-point Gauss–Legendre on panels of width at most
 * 1 in z, over the interval cut to [−Z_CUT, Z_CUT]. Each panel integrates polynomials of degree 15
 * exactly; φ·f is analytic, so the error on a unit panel is far below a cent on any listed option
 * (docs/ANALYZER.md checks it against closed forms). Beyond ±8 the normal mass is 1.2e-15.
 */
import { priceAt, type ViewDistribution } from './distribution.ts';

export const Z_CUT = 8;
const PANEL = 1;

// Nodes and weights of 8-point Gauss–Legendre on [−1, 1].
const NODES = [
  -0.9602898564975363, -0.7966664774136267, -0.525532409916329, -0.1834346424956498, 0.1834346424956498,
  0.525532409916329, 0.7966664774136267, 0.9602898564975363,
];
const WEIGHTS = [
  0.1012285362903763, 0.2223810344533745, 0.3137066458778873, 0.362683783378362, 0.362683783378362,
  0.3137066458778873, 0.2223810344533745, 0.1012285362903763,
];
const INV_SQRT_2PI = 1 / Math.sqrt(2 * Math.PI);

/** ∫_{za}^{zb} f(price at z)·φ(z) dz. */
export function integrateOverZ(
  d: ViewDistribution,
  za: number,
  zb: number,
  f: (price: number) => number,
): number {
  const a = Math.max(za, -Z_CUT);
  const b = Math.min(zb, Z_CUT);
  if (!(b > a)) return 0;
  const panels = Math.ceil((b - a) / PANEL);
  const width = (b - a) / panels;
  let total = 0;
  for (let p = 0; p < panels; p++) {
    const center = a + (p + 0.5) * width;
    for (let i = 0; i < 8; i++) {
      const z = center + (NODES[i]! * width) / 2;
      total += WEIGHTS[i]! * f(priceAt(d, z)) * Math.exp((-z * z) / 2);
    }
  }
  return (total * width * INV_SQRT_2PI) / 2;
}
