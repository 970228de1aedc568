/**
 * The implied-volatility surface of one underlying: an ATM term structure of total variance and
 * a smile from Gatheral and Jacquier's SSVI ("Arbitrage-free SVI volatility surfaces",
 * Quantitative Finance 14(1), 2014), with the power-law φ of their section 4.
 *
 *   θ(T) = σ_L²·T + (σ_S² − σ_L²)·(1 − e^{−κT})/κ  + E²·[event before expiry]
 *   w(k, θ) = θ/2 · (1 + ρφk + √((φk + ρ)² + 1 − ρ²)),   φ(θ) = η / (θ^γ (1 + θ)^{1−γ})
 *   σ(k, T) = √(w/T),  k = ln(K/F)
 *
 * σ_S is the instantaneous (short-end) ATM vol, σ_L the long-run one, κ the speed (per year) at
 * which the term structure moves from one to the other; E² is the variance of an earnings move,
 * added to every expiry after the event. θ is increasing in T, so there is no calendar arbitrage;
 * with η(1 + |ρ|) ≤ 2 and 0 < γ ≤ ½ the smile has no butterfly arbitrage (their corollary 4.1).
 * ρ < 0 gives the put skew of equities; ρ > 0 the call skew of volatility indices.
 */
import { normInv } from '#domain/pricing/normal.ts';

export interface SmileShape {
  /** SSVI correlation parameter, in (−1, 1). */
  readonly rho: number;
  /** SSVI curvature level η > 0. */
  readonly eta: number;
  /** SSVI power γ in (0, ½]. */
  readonly gamma: number;
}

export interface AtmTerm {
  /** Short-end ATM vol (annualised). */
  readonly short: number;
  /** Long-run ATM vol (annualised). */
  readonly long: number;
  /** Mean-reversion speed of the term structure, per year. */
  readonly kappa: number;
}

/** ATM total implied variance θ(T) = σ²_ATM(T)·T, without events. */
export function atmTotalVariance(term: AtmTerm, years: number): number {
  const { short, long, kappa } = term;
  const decay = kappa * years < 1e-8 ? years : (1 - Math.exp(-kappa * years)) / kappa;
  return long * long * years + (short * short - long * long) * decay;
}

export function ssviPhi(shape: SmileShape, theta: number): number {
  return shape.eta / (theta ** shape.gamma * (1 + theta) ** (1 - shape.gamma));
}

/** Total implied variance w at log-moneyness k = ln(K/F), for ATM total variance θ. */
export function ssviTotalVariance(shape: SmileShape, theta: number, k: number): number {
  const phi = ssviPhi(shape, theta);
  const { rho } = shape;
  const pk = phi * k;
  return (theta / 2) * (1 + rho * pk + Math.sqrt((pk + rho) * (pk + rho) + 1 - rho * rho));
}

/** Implied vol at log-moneyness k and expiry T (years). */
export function ssviVol(shape: SmileShape, theta: number, k: number, years: number): number {
  return Math.sqrt(ssviTotalVariance(shape, theta, k) / years);
}

/** Largest η for which the power-law SSVI is free of static arbitrage at this ρ (η(1 + |ρ|) ≤ 2). */
export function maxEta(rho: number): number {
  return 2 / (1 + Math.abs(rho));
}

/**
 * Implied vol at a call delta (0–1, forward delta N(d1)) on the smile of ATM total variance θ at
 * T years: fixed-point iteration on k = −d1·σ√T + σ²T/2 (eight steps: within 1e-5 from 10 to 90 delta
 * on the fitted equity smiles).
 */
export function volAtCallDelta(shape: SmileShape, theta: number, years: number, callDelta: number): number {
  const d1 = normInv(callDelta);
  let sigma = Math.sqrt(theta / years);
  for (let it = 0; it < 8; it++) {
    const k = -d1 * sigma * Math.sqrt(years) + 0.5 * sigma * sigma * years;
    sigma = ssviVol(shape, theta, k, years);
  }
  return sigma;
}
