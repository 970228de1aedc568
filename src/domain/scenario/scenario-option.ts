/**
 * An option as the analyzer weighs it under a view: its value at the view's date D is its payoff
 * when it expires at D, and otherwise the pricing model's value at D with the time it has left
 * (τ = its expiry − D), its own IV, the rate and the dividend yield: the American model
 * (`americanPrice`, Bjerksund–Stensland) for American options, Black–Scholes–Merton for European
 * ones (`exerciseStyleOf` the underlying).
 *
 * Two numbers per option serve every trade that holds it (a trade's expected P/L is linear in its
 * legs): its conditional mean value at D given the region, and its values at D on the probability
 * grid's prices (options still open at D only; see probability.ts).
 */
import { americanPrice } from '../pricing/american.ts';
import { bsPrice } from '../pricing/black-scholes.ts';
import { type PriceInterval, payoffMassIn, priceMassIn, type ViewDistribution, zOf } from './distribution.ts';
import type { ProbabilityGrid } from './probability.ts';
import { integrateOverZ } from './quadrature.ts';

export interface OptionAtDate {
  readonly isCall: boolean;
  readonly strike: number;
  /** Years from D to the option's expiry: 0 when it expires at D. */
  readonly tau: number;
  readonly iv: number;
  readonly rate: number;
  readonly dividendYield: number;
  readonly american: boolean;
}

export interface ScenarioOption {
  readonly isCall: boolean;
  readonly strike: number;
  /** Expires at the view's date: worth its payoff there. */
  readonly atDate: boolean;
  /** E[value at D | S_D in the region]. */
  readonly conditionalValue: number;
  /** Values at D on the grid's prices; empty when the option expires at D. */
  readonly grid: Float64Array;
}

/** The option's value per share at D when the price there is `s`. */
export function valueAtDate(o: OptionAtDate, s: number): number {
  const exercise = Math.max(o.isCall ? s - o.strike : o.strike - s, 0);
  if (o.tau <= 0 || s <= 0) return exercise;
  const price = o.american
    ? americanPrice(o.isCall, s, o.strike, o.tau, o.rate, o.dividendYield, o.iv)
    : bsPrice(o.isCall, s, o.strike, o.tau, o.rate, o.dividendYield, o.iv);
  return Number.isFinite(price) ? price : exercise;
}

/** E[S_D | region] of the shares, for stock legs. */
export function conditionalPrice(
  d: ViewDistribution,
  region: readonly PriceInterval[],
  regionProb: number,
): number {
  return region.reduce((sum, r) => sum + priceMassIn(d, r.lo, r.hi), 0) / regionProb;
}

export function scenarioOption(
  d: ViewDistribution,
  region: readonly PriceInterval[],
  regionProb: number,
  grid: ProbabilityGrid,
  o: OptionAtDate,
): ScenarioOption {
  const atDate = o.tau <= 0;
  let mass = 0;
  for (const r of region) {
    mass += atDate
      ? payoffMassIn(d, o.isCall, o.strike, r.lo, r.hi)
      : integrateOverZ(d, zOf(d, r.lo), zOf(d, r.hi), (s) => valueAtDate(o, s));
  }
  const values = new Float64Array(atDate ? 0 : grid.prices.length);
  if (!atDate) for (let j = 0; j < values.length; j++) values[j] = valueAtDate(o, grid.prices[j]!);
  return { isCall: o.isCall, strike: o.strike, atDate, conditionalValue: mass / regionProb, grid: values };
}
