/**
 * The price at the view's date under the user's assumptions: lognormal, with the user's volatility
 * σ and drift μ over the t years from now to the date's expiry instant,
 *   ln S_D ~ N(m, s²),  m = ln S + (μ − σ²/2)·t,  s = σ·√t.
 * The view's region is one interval of prices (above a level, below it, inside a band) or two
 * (outside a band). Every expectation over a region here is in closed form (docs/ANALYZER.md).
 */
import { normCdf } from '../pricing/normal.ts';
import type { PriceView } from './behaviors.ts';

export interface ViewDistribution {
  readonly spot: number;
  readonly years: number;
  readonly volatility: number;
  readonly drift: number;
  /** Mean and standard deviation of ln S_D. */
  readonly mean: number;
  readonly sd: number;
}

/** An interval of prices [lo, hi]; lo ≥ 0, hi may be +∞. */
export interface PriceInterval {
  readonly lo: number;
  readonly hi: number;
}

export function viewDistribution(
  spot: number,
  years: number,
  volatility: number,
  drift: number,
): ViewDistribution {
  if (!(spot > 0) || !(years > 0) || !(volatility > 0))
    throw new RangeError('The view needs a positive price, a date ahead and a positive volatility.');
  return {
    spot,
    years,
    volatility,
    drift,
    mean: Math.log(spot) + (drift - (volatility * volatility) / 2) * years,
    sd: volatility * Math.sqrt(years),
  };
}

/** The view's region as price intervals. */
export function regionOf(view: PriceView): PriceInterval[] {
  switch (view.behavior) {
    case 'abovePrice':
      return [{ lo: view.value, hi: Infinity }];
    case 'belowPrice':
      return [{ lo: 0, hi: view.value }];
    case 'insideRange':
      return [{ lo: view.from, hi: view.to }];
    case 'outsideRange':
      return [
        { lo: 0, hi: view.from },
        { lo: view.to, hi: Infinity },
      ];
  }
}

/** The standard normal quantile of a price: (ln x − m)/s, ±∞ at 0 and ∞. */
export const zOf = (d: ViewDistribution, price: number): number =>
  price <= 0 ? -Infinity : price === Infinity ? Infinity : (Math.log(price) - d.mean) / d.sd;

/** The price at quantile z. */
export const priceAt = (d: ViewDistribution, z: number): number => Math.exp(d.mean + d.sd * z);

/** Φ(b) − Φ(a) for a ≤ b, from the nearer tail so that a far upper band keeps its digits. */
export const normalMass = (a: number, b: number): number =>
  a > 0 ? normCdf(-a) - normCdf(-b) : normCdf(b) - normCdf(a);

/** P(lo ≤ S_D ≤ hi). */
export function probIn(d: ViewDistribution, lo: number, hi: number): number {
  if (!(hi > lo)) return 0;
  return normalMass(zOf(d, lo), zOf(d, hi));
}

/** E[S_D · 1{lo ≤ S_D ≤ hi}] = e^{m + s²/2}·(Φ(z_hi − s) − Φ(z_lo − s)). */
export function priceMassIn(d: ViewDistribution, lo: number, hi: number): number {
  if (!(hi > lo)) return 0;
  const forward = Math.exp(d.mean + (d.sd * d.sd) / 2);
  return forward * normalMass(zOf(d, lo) - d.sd, zOf(d, hi) - d.sd);
}

/** E[payoff(S_D) · 1{S_D ∈ [lo, hi]}] of a call or put payoff at strike K. */
export function payoffMassIn(
  d: ViewDistribution,
  isCall: boolean,
  strike: number,
  lo: number,
  hi: number,
): number {
  if (isCall) {
    const from = Math.max(lo, strike);
    return priceMassIn(d, from, hi) - strike * probIn(d, from, hi);
  }
  const to = Math.min(hi, strike);
  return strike * probIn(d, lo, to) - priceMassIn(d, lo, to);
}

/** P(S_D in the region). */
export const regionProbability = (d: ViewDistribution, region: readonly PriceInterval[]): number =>
  region.reduce((sum, r) => sum + probIn(d, r.lo, r.hi), 0);
