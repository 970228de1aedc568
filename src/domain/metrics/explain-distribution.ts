/**
 * The distribution part of a trade's explanation (explain.ts): which model the metrics use for the
 * price at the horizon, its parameters, and the model's own answers the explanation needs — the
 * probability of a price interval and the expectations the expected value is built from. Every
 * number comes from the functions the metrics call (probabilities.ts, piecewise.ts), so the
 * explanation follows whichever distribution they use (the expiration's smile or the flat-σ
 * lognormal, `pos.distribution`): a new model changes this file only.
 */

import type { SmileTable } from '../pricing/smile.ts';
import { piecewiseExpectedPL } from './piecewise.ts';
import type { Position } from './position.ts';
import { massBetween } from './probabilities.ts';

export interface DistributionParameter {
  readonly name: string;
  readonly symbol: string;
  readonly value: number;
  readonly unit: 'price' | 'fraction' | 'years' | 'count';
}

export interface DistributionView {
  /** The model's name, as a trader reads it. */
  readonly model: string;
  /** What the model says about the price at the horizon, in words. */
  readonly description: string;
  /** How the probability of an interval is computed, in words. */
  readonly intervalFormula: string;
  readonly parameters: readonly DistributionParameter[];
  /** P(lo < S_T ≤ hi); hi may be Infinity. */
  mass(lo: number, hi: number): number;
  /** The calculator steps of `mass(lo, hi)`. */
  massWorking(lo: number, hi: number): string;
  /** E[S_T]. */
  expectedPrice(): number;
  /** E[(S_T − K)⁺]. */
  expectedCallPayoff(strike: number): number;
}

const NONE = new Float64Array(0);
const n4 = (x: number) => x.toFixed(4);

/** The distribution the metrics use for `pos`: the expiration's smile, or the flat-σ lognormal. */
export function distributionOf(pos: Position): DistributionView {
  return pos.distribution.smile ? smileView(pos, pos.distribution.smile) : lognormalView(pos);
}

/** The chain's own smile at the horizon (pricing/smile.ts, Breeden–Litzenberger). */
function smileView(pos: Position, smile: SmileTable): DistributionView {
  const d = pos.distribution;
  const cdfAt = (x: number) => (x === 0 ? 0 : x === Infinity ? 1 : d.cdf(x));
  return {
    model: 'Smile-implied (the expiration’s own implied volatilities)',
    description:
      'The distribution of the price at expiration that the option prices of that expiration imply: the implied volatilities of its strikes are fitted as one smooth smile, and F(K) = P(S_T ≤ K) = 1 + ∂C(K)/∂K, with C(K) the undiscounted call price the smile gives at strike K (Breeden–Litzenberger).',
    intervalFormula:
      'P(lo < S_T ≤ hi) = F(hi) − F(lo), F the smile’s distribution above (read from its table at every strike and between them).',
    parameters: [
      { name: 'Underlying price', symbol: 'S', value: d.spot, unit: 'price' },
      { name: 'Expected price at the horizon', symbol: 'E[S_T]', value: d.mean, unit: 'price' },
      { name: 'Drift', symbol: 'μ', value: d.drift, unit: 'fraction' },
      { name: 'Years to the horizon', symbol: 'T', value: d.years, unit: 'years' },
      { name: 'At-the-money implied volatility', symbol: 'σ_ATM', value: pos.sigma, unit: 'fraction' },
      { name: 'Strikes in the smile', symbol: 'n', value: smile.strikes.length, unit: 'count' },
    ],
    mass: (lo, hi) => massBetween(pos, lo, hi),
    massWorking: (lo, hi) => `F(${n4(hi)}) − F(${n4(lo)}) = ${n4(cdfAt(hi))} − ${n4(cdfAt(lo))}`,
    expectedPrice: () => d.mean,
    expectedCallPayoff: (strike) => d.callExpectation(strike),
  };
}

/** The flat-σ lognormal at the underlying's ATM IV (pricing/probability.ts). */
function lognormalView(pos: Position): DistributionView {
  const { spot: S, years: T, sigma, drift } = pos;
  const sd = sigma * Math.sqrt(T);
  const proper = T > 0 && sigma > 0;
  // z of a level X: S_T ≤ X ⇔ Z ≤ z(X).
  const z = (x: number) => (Math.log(x / S) - (drift - 0.5 * sigma * sigma) * T) / sd;
  const cdfText = (x: number) => (x === 0 ? '0' : x === Infinity ? '1' : `Φ(${n4(z(x))})`);
  return {
    model: 'Lognormal (one volatility)',
    description:
      'ln S_T is normal with mean ln S + (μ − σ²/2)·T and standard deviation σ·√T, where σ is the underlying’s at-the-money implied volatility.',
    intervalFormula: proper
      ? 'P(lo < S_T ≤ hi) = Φ(z(hi)) − Φ(z(lo)), z(X) = (ln(X/S) − (μ − σ²/2)·T) / (σ·√T), Φ the standard normal distribution.'
      : 'With no time or no volatility left the price at the horizon is certain: each interval has probability 1 or 0.',
    parameters: [
      { name: 'Underlying price', symbol: 'S', value: S, unit: 'price' },
      { name: 'Volatility (ATM implied)', symbol: 'σ', value: sigma, unit: 'fraction' },
      { name: 'Drift', symbol: 'μ', value: drift, unit: 'fraction' },
      { name: 'Years to the horizon', symbol: 'T', value: T, unit: 'years' },
    ],
    mass: (lo, hi) => massBetween(pos, lo, hi),
    massWorking: (lo, hi) =>
      proper ? `${cdfText(hi)} − ${cdfText(lo)}` : `point mass at ${n4(T > 0 ? S * Math.exp(drift * T) : S)}`,
    expectedPrice: () => piecewiseExpectedPL(S, T, sigma, drift, NONE, NONE, 0, 1, 0),
    expectedCallPayoff: (strike) =>
      piecewiseExpectedPL(S, T, sigma, drift, Float64Array.of(strike), Float64Array.of(1), 1, 0, 0),
  };
}
