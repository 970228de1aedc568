/**
 * The distribution part of a trade's explanation (explain.ts): which model the metrics use for the
 * price at the horizon, its parameters, and the model's own answers the explanation needs — the
 * probability of a price interval and the expectations the expected value is built from. Every
 * number comes from the functions the metrics call (probabilities.ts, piecewise.ts), so the
 * explanation follows whichever distribution they use: a new model changes this file only.
 */
import { piecewiseExpectedPL } from './piecewise.ts';
import type { Position } from './position.ts';
import { massBetween } from './probabilities.ts';

export interface DistributionParameter {
  readonly name: string;
  readonly symbol: string;
  readonly value: number;
  readonly unit: 'price' | 'fraction' | 'years';
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

/** The distribution the metrics use for `pos`. */
export function distributionOf(pos: Position): DistributionView {
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
