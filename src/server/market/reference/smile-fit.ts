/**
 * Fits the SSVI smile (ρ, η at γ = ½) to the 30-day smile of a real chain where a trader reads it:
 * IV over ATM IV at the 25-delta put, the 25-delta call and the far call wing (5 and 1 delta), so
 * that the put skew and the turn of the call wing are right, rather than a least-squares fit in
 * strike that the long expirations dominate. η stays within the no-arbitrage bound `maxEta(ρ)`.
 */
import { normCdf } from '#domain/pricing/normal.ts';
import { maxEta, type SmileShape, ssviVol } from '../vol-surface.ts';
import { minimize } from './nelder-mead.ts';

/** Forward call deltas the fit reads the smile at. */
export const FIT_DELTAS = [0.75, 0.25, 0.05, 0.01] as const;

/** IV at a forward call delta on an SSVI smile (bisection in k: the delta falls as k rises). */
export function smileVolAtDelta(shape: SmileShape, theta: number, years: number, callDelta: number): number {
  let lo = -3;
  let hi = 3;
  for (let i = 0; i < 60; i++) {
    const k = (lo + hi) / 2;
    const s = ssviVol(shape, theta, k, years) * Math.sqrt(years);
    if (normCdf(-k / s + s / 2) > callDelta) lo = k;
    else hi = k;
  }
  return ssviVol(shape, theta, (lo + hi) / 2, years);
}

/** (ρ, η) whose smile at ATM vol `atm` and `years` best matches IV/ATM `ratios` at `FIT_DELTAS`. */
export function fitSmileByDelta(atm: number, years: number, ratios: readonly number[]): SmileShape {
  const theta = atm * atm * years;
  const shape = (x: readonly number[]): SmileShape => {
    const rho = Math.tanh(x[0] as number);
    return { rho, eta: maxEta(rho) / (1 + Math.exp(-(x[1] as number))), gamma: 0.5 };
  };
  const loss = (x: readonly number[]) => {
    const s = shape(x);
    return FIT_DELTAS.reduce((sum, d, i) => {
      const ratio = ratios[i] as number;
      return Number.isFinite(ratio) ? sum + (smileVolAtDelta(s, theta, years, d) / atm - ratio) ** 2 : sum;
    }, 0);
  };
  const { x } = minimize(loss, [-0.5, 0], [0.2, 0.5], 600);
  const s = shape(x);
  return { rho: Math.round(s.rho * 1e4) / 1e4, eta: Math.round(s.eta * 1e4) / 1e4, gamma: 0.5 };
}
