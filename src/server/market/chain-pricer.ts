/**
 * Reprices the option chain of one underlying into a snapshot frame: surface vol per option
 * (SSVI on the session's term structure, moved by the spot since the open), Black-Scholes-Merton
 * price and greeks through the domain's batch kernel (`bsFastKernel`, the fast path of `bsBatch`, on
 * the row range of the underlying), then, for American options (stocks and ETFs, `exerciseStyleOf`),
 * the early-exercise price and greeks where early exercise can pay (puts, and calls on a dividend
 * payer: `americanRows`' steps in WebAssembly, in the same kernel call), bid/ask from the quote model (never below the exercise value of an American
 * option), cumulative volume, last, high and low, and the expiry-level columns. The `iv` column is the
 * surface vol the option is priced at, under the model of its style, and the greeks are those of the
 * price quoted around.
 */
import { ExerciseStyle, exerciseStyleOf } from '#domain/contracts/exercise-style.ts';
import { americanRows } from '#domain/pricing/american.ts';
import { bsFastKernel } from '#domain/pricing/wasm/bs-fast-rows.ts';
import type { ChainLayout } from './chain-layout.ts';
import { volumeProfile } from './market-clock.ts';
import { askCents, bidCents, exerciseFloorCents, halfWidth, type SpreadParams } from './quote-model.ts';
import type { SnapshotFrame } from './snapshot.ts';
import { atmTotalVariance, type SmileShape } from './vol-surface.ts';

const MS_PER_YEAR = 365 * 86_400_000;
/** Pricing floor for T: one minute, so an option in its last seconds keeps finite greeks. */
const MIN_YEARS = 60_000 / MS_PER_YEAR;

/** What the pricer needs about one underlying at one instant. */
export interface PricingState {
  readonly spot: number;
  /** Short-end and long-run ATM vols already adjusted for the spot move. */
  readonly short: number;
  readonly long: number;
  readonly kappa: number;
  readonly smile: SmileShape;
  readonly rate: number;
  readonly dividendYield: number;
  /** Earnings variance E² and the instant of the earnings open (NaN when none). */
  readonly eventVariance: number;
  readonly eventTime: number;
  readonly spreadScale: number;
  readonly pennyAll: boolean;
  /** VIX: forward = mean + (spot − mean)·e^{−κT}; NaN for the cost-of-carry forward. */
  readonly vixMean: number;
  readonly vixKappa: number;
}

/**
 * How a chain prices its American options: `full`, the American price and greeks on every row where
 * early exercise can pay; `belowExercise`, only the price, only where the European price is below the
 * exercise value (every other row keeps its European price and greeks). The second is the cheaper
 * pass the market ran before, kept to measure the cost of the first (tests/bench/market.bench.ts).
 */
export type AmericanPricing = 'full' | 'belowExercise';

export class ChainPricer {
  readonly #spread: SpreadParams;
  readonly #american: AmericanPricing;
  #S = new Float64Array(0);
  #r = new Float64Array(0);
  #q = new Float64Array(0);
  #price = new Float64Array(0);
  #otm = new Float64Array(0);
  /** bid + ask in cents, from the quote pass to the trade pass. */
  #cents = new Float64Array(0);
  /** The rate the whole `#r` column holds: one rate serves every underlying, so it is filled once. */
  #filledRate = Number.NaN;

  constructor(spread: SpreadParams, american: AmericanPricing = 'full') {
    this.#spread = spread;
    this.#american = american;
  }

  /** Scratch columns indexed like the option rows. */
  #ensure(n: number): void {
    if (this.#S.length >= n) return;
    this.#S = new Float64Array(n);
    this.#r = new Float64Array(n);
    this.#q = new Float64Array(n);
    this.#price = new Float64Array(n);
    this.#otm = new Float64Array(n);
    this.#cents = new Float64Array(n);
    this.#filledRate = Number.NaN;
  }

  /**
   * Prices underlying `u` at `time` into `frame`. `previous` holds the cumulative trade columns to
   * continue (the front frame), or null to start the session's trading afresh. Returns the
   * option volume traded so far.
   */
  price(
    layout: ChainLayout,
    u: number,
    state: PricingState,
    frame: SnapshotFrame,
    previous: SnapshotFrame | null,
    time: number,
    sessionFraction: number,
  ): number {
    const o = frame.options;
    const g = frame.groups;
    // Hoist every column into a local: the column records are large objects, keep them out of loops.
    const {
      iv,
      years,
      days,
      right,
      strike,
      delta,
      gamma,
      theta: thetaCol,
      vega,
      bid: bids,
      ask: asks,
      mid: mids,
    } = o;
    const { last: lasts, high: highs, low: lows, volume: volumes, prevClose } = o;
    const from = frame.underlyings.optionStart[u] as number;
    const to = frame.underlyings.optionEnd[u] as number;
    this.#ensure(o.strike.length);
    const S = this.#S;
    const r = this.#r;
    const q = this.#q;
    const otmOf = this.#otm;
    const lnK = layout.lnK;
    const expiry = layout.groupExpiry;
    const { rho, eta, gamma: power } = state.smile;
    const { spot, rate } = state;
    const lnS = Math.log(spot);
    if (this.#filledRate !== rate) {
      r.fill(rate);
      this.#filledRate = rate;
    }
    const g0 = frame.underlyings.groupStart[u] as number;
    const g1 = frame.underlyings.groupEnd[u] as number;
    for (let gi = g0; gi < g1; gi++) {
      const T = Math.max(((expiry[gi] as number) - time) / MS_PER_YEAR, MIN_YEARS);
      const event =
        state.eventTime > time && state.eventTime < (expiry[gi] as number) ? state.eventVariance : 0;
      const theta = atmTotalVariance({ short: state.short, long: state.long, kappa: state.kappa }, T) + event;
      const phi = eta / (theta ** power * (1 + theta) ** (1 - power));
      const lnF = Number.isNaN(state.vixMean)
        ? lnS + (state.rate - state.dividendYield) * T
        : Math.log(state.vixMean + (state.spot - state.vixMean) * Math.exp(-state.vixKappa * T));
      // The carry that makes S·e^{(r−q)T} the forward (VIX: its mean-reverting forward).
      const carry = state.rate - (lnF - lnS) / T;
      const sqrtTheta = Math.sqrt(theta);
      const halfTheta = theta / 2;
      const invT = 1 / T;
      g.years[gi] = T;
      g.days[gi] = T * 365;
      g.forward[gi] = Math.exp(lnF);
      g.discount[gi] = Math.exp(-state.rate * T);
      g.atmIv[gi] = Math.sqrt(theta / T);
      const rest = 1 - rho * rho;
      const invSqrtTheta = 1 / sqrtTheta;
      const dayCount = T * 365;
      const a = g.start[gi] as number;
      const b = g.end[gi] as number;
      // Rows come in pairs, the call then the put of one strike (snapshot.ts): the surface vol is
      // computed once per strike. One pass writes every per-row input of the kernel.
      for (let i = a; i < b; i += 2) {
        const k = (lnK[i] as number) - lnF;
        const pk = phi * k;
        const w = halfTheta * (1 + rho * pk + Math.sqrt((pk + rho) * (pk + rho) + rest));
        const vol = Math.sqrt(w * invT);
        const otm = k * invSqrtTheta;
        iv[i] = vol;
        iv[i + 1] = vol;
        otmOf[i] = otm;
        otmOf[i + 1] = -otm;
        years[i] = T;
        years[i + 1] = T;
        days[i] = dayCount;
        days[i + 1] = dayCount;
        S[i] = spot;
        S[i + 1] = spot;
        q[i] = carry;
        q[i + 1] = carry;
      }
    }
    const rows = { isCall: right, S, K: strike, T: years, r, q, sigma: iv, lnK };
    const values = { price: this.#price, delta, gamma, theta: thetaCol, vega };
    const american = exerciseStyleOf(frame.underlyings.kind[u] as number) === ExerciseStyle.American;
    // The American pass runs in the same WebAssembly block as the European one (no copy).
    bsFastKernel(rows, values, from, to, american && this.#american === 'full');
    // The quote pass below floors every American price at its exercise value all the same.
    if (american && this.#american === 'belowExercise') americanRows(rows, values, from, to, false, true);
    const share = volumeProfile(sessionFraction);
    const price = this.#price;
    const cents = this.#cents;
    const target = layout.volumeTarget;
    const { spreadScale, pennyAll } = state;
    const spread = this.#spread;
    // Without a previous frame the session starts afresh: nothing traded yet.
    const pv = previous ? previous.options.volume : volumes;
    const pLast = previous ? previous.options.last : lasts;
    const pHigh = previous ? previous.options.high : highs;
    const pLow = previous ? previous.options.low : lows;
    let traded = 0;
    for (let i = from; i < to; i++) {
      const theo = price[i] as number;
      const half = halfWidth(theo, otmOf[i] as number, spreadScale, spread);
      const quoted = bidCents(theo, half, pennyAll);
      // An American option can be exercised now: no one sells it for less than that.
      const bid = american
        ? Math.max(
            quoted,
            exerciseFloorCents(
              right[i] === 1 ? spot - (strike[i] as number) : (strike[i] as number) - spot,
              pennyAll,
            ),
          )
        : quoted;
      const ask = askCents(theo, half, pennyAll, bid);
      bids[i] = bid / 100;
      asks[i] = ask / 100;
      mids[i] = (bid + ask) / 200;
      cents[i] = bid + ask;
    }
    // Trades in a pass of their own: two short loops run faster than one long one.
    for (let i = from; i < to; i++) {
      const volume = Math.floor((target[i] as number) * share);
      const before = previous ? (pv[i] as number) : 0;
      traded += Math.max(volume, before);
      if (volume > before) {
        // A trade since the last update prints at the mid, rounded to the cent.
        const last = Math.round((cents[i] as number) / 2) / 100;
        lasts[i] = last;
        highs[i] = before > 0 ? Math.max(last, pHigh[i] as number) : last;
        lows[i] = before > 0 ? Math.min(last, pLow[i] as number) : last;
        volumes[i] = volume;
      } else if (before > 0) {
        lasts[i] = pLast[i] as number;
        highs[i] = pHigh[i] as number;
        lows[i] = pLow[i] as number;
        volumes[i] = before;
      } else {
        lasts[i] = prevClose[i] as number;
        highs[i] = Number.NaN;
        lows[i] = Number.NaN;
        volumes[i] = 0;
      }
    }
    return traded;
  }
}
