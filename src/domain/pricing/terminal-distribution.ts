/**
 * The distribution of the underlying's price at a trade's horizon: what its probabilities and
 * expected value integrate over (docs/METRICS.md "Probabilities and expected value"). Two models:
 * - `smile`: the risk-neutral distribution implied by the horizon expiration's own smile
 *   (smile.ts), moved to the position's drift μ by scaling prices by e^{(μ − (r − q))T} (so with
 *   the default μ = r − q its mean is the chain's forward);
 * - `lognormal`: one flat σ (the underlying's ATM IV) with drift μ (probability.ts).
 * A scenario that moves today's price to S′ scales the smile by S′/S (sticky moneyness) and starts
 * the lognormal at S′.
 */
import { normCdf, normInv } from './normal.ts';
import { expectedValueOf, probBelow, probBetween } from './probability.ts';
import { type SmileTable, smileCallExpectation, smileCdf, smileDensity, smileQuantile } from './smile.ts';

export type ProbabilityModel = 'smile' | 'lognormal';

export interface TerminalDistribution {
  readonly model: ProbabilityModel;
  /** Today's price, years to the horizon and the drift μ (E[S_T] = spot·e^{μT}). */
  readonly spot: number;
  readonly years: number;
  readonly drift: number;
  /** The lognormal's σ (the ATM IV); NaN for the smile. */
  readonly sigma: number;
  /** The fitted smile (its nodes, its table); null for the lognormal. */
  readonly smile: SmileTable | null;
  /** E[S_T]. */
  readonly mean: number;
  /** P(S_T ≤ x). */
  cdf(x: number): number;
  /** The price x with P(S_T ≤ x) = p, for 0 < p < 1 (a point mass: its location). */
  quantile(p: number): number;
  /** P(lo < S_T ≤ hi) when today's price is `from` (the spot unless a scenario moves it). */
  massBetween(lo: number, hi: number, from?: number): number;
  /** E[(S_T − k)⁺], undiscounted. */
  callExpectation(k: number): number;
  /** E[payoff(S_T)], the payoffs written by `payoffs` at a batch of prices; `kinks` are its strikes. */
  expectation(payoffs: (prices: Float64Array, out: Float64Array) => void, kinks: readonly number[]): number;
}

/**
 * The distribution at the horizon: the smile's when one is given and time is left, else the
 * lognormal at `sigma` (a point mass at T = 0 or σ = 0).
 */
export function horizonDistribution(
  smile: SmileTable | undefined,
  spot: number,
  years: number,
  sigma: number,
  drift: number,
): TerminalDistribution {
  return smile && years > 0
    ? new SmileDistribution(smile, spot, drift)
    : new LognormalDistribution(spot, years, sigma, drift);
}

/** The flat-σ lognormal (pricing/probability.ts), with the same arithmetic as before the smile. */
export class LognormalDistribution implements TerminalDistribution {
  readonly model = 'lognormal';
  readonly smile = null;
  readonly mean: number;
  readonly spot: number;
  readonly years: number;
  readonly sigma: number;
  readonly drift: number;

  constructor(spot: number, years: number, sigma: number, drift: number) {
    this.spot = spot;
    this.years = years;
    this.sigma = sigma;
    this.drift = drift;
    this.mean = years > 0 ? spot * Math.exp(drift * years) : spot;
  }

  cdf(x: number): number {
    return probBelow(this.spot, x, this.years, this.sigma, this.drift);
  }

  quantile(p: number): number {
    const { spot: S, years: T, sigma, drift } = this;
    if (!(T > 0) || !(sigma > 0)) return this.mean;
    return Math.exp(Math.log(S) + (drift - 0.5 * sigma * sigma) * T + sigma * Math.sqrt(T) * normInv(p));
  }

  massBetween(lo: number, hi: number, from = this.spot): number {
    return probBetween(from, lo, hi, this.years, this.sigma, this.drift);
  }

  /** S·e^{μT}·Φ(d1) − K·Φ(d2), d1 = (ln(S/K) + (μ + σ²/2)T)/(σ√T); the point mass's payoff at T = 0 or σ = 0. */
  callExpectation(k: number): number {
    const { spot: S, years: T, sigma, drift } = this;
    if (!(T > 0) || !(sigma > 0)) return Math.max(this.mean - k, 0);
    const sd = sigma * Math.sqrt(T);
    const d1 = (Math.log(S / k) + (drift + 0.5 * sigma * sigma) * T) / sd;
    return this.mean * normCdf(d1) - k * normCdf(d1 - sd);
  }

  expectation(payoffs: (prices: Float64Array, out: Float64Array) => void, kinks: readonly number[]): number {
    return expectedValueOf(payoffs, this.spot, this.years, this.sigma, this.drift, 800, kinks);
  }
}

// 2-point Gauss-Legendre on [−1, 1]: exact for the P/L × a constant density when a cell holds no kink.
const GL2 = 1 / Math.sqrt(3);

/** The smile's table at the position's spot and drift (see the module comment). */
export class SmileDistribution implements TerminalDistribution {
  readonly model = 'smile';
  readonly sigma = Number.NaN;
  readonly mean: number;
  readonly smile: SmileTable;
  readonly spot: number;
  readonly drift: number;
  /** Prices of this distribution are the table's times `scale`. */
  readonly #scale: number;

  constructor(smile: SmileTable, spot: number, drift: number) {
    this.smile = smile;
    this.spot = spot;
    this.drift = drift;
    this.#scale = (spot / smile.spot) * Math.exp((drift - smile.riskNeutralDrift) * smile.years);
    this.mean = smile.forward * this.#scale;
  }

  get years(): number {
    return this.smile.years;
  }

  cdf(x: number): number {
    return smileCdf(this.smile, x / this.#scale);
  }

  quantile(p: number): number {
    return this.#scale * smileQuantile(this.smile, p);
  }

  massBetween(lo: number, hi: number, from = this.spot): number {
    if (!(hi > lo)) return 0;
    const scale = (this.#scale * from) / this.spot;
    const upper = hi === Infinity ? 1 : smileCdf(this.smile, hi / scale);
    return Math.max(upper - smileCdf(this.smile, lo / scale), 0);
  }

  callExpectation(k: number): number {
    return this.#scale * smileCallExpectation(this.smile, k / this.#scale);
  }

  /**
   * Σ over the table's cells of the payoff times the density, each cell cut at the kinks and
   * integrated by 2-point Gauss-Legendre (two payoffs per piece).
   */
  expectation(payoffs: (prices: Float64Array, out: Float64Array) => void, kinks: readonly number[]): number {
    const t = this.smile;
    const s = this.#scale;
    const cuts = [...kinks].sort((a, b) => a - b).map((k) => k / s);
    const prices: number[] = [];
    const weights: number[] = [];
    let c = 0;
    for (let j = 0; j + 1 < t.x.length; j++) {
      if (!(t.cdf[j + 1]! > t.cdf[j]!)) continue;
      let a = t.x[j]!;
      const end = t.x[j + 1]!;
      while (c < cuts.length && cuts[c]! <= a) c++;
      for (let b = c; a < end; b++) {
        const z = b < cuts.length && cuts[b]! < end ? cuts[b]! : end;
        const half = (z - a) / 2;
        for (const node of [-GL2, GL2]) {
          const at = a + half + half * node;
          prices.push(s * at);
          weights.push(half * smileDensity(t, j, at));
        }
        a = z;
      }
    }
    const at = Float64Array.from(prices);
    const values = new Float64Array(at.length);
    payoffs(at, values);
    let total = 0;
    for (let i = 0; i < at.length; i++) total += weights[i]! * values[i]!;
    return total;
  }
}
