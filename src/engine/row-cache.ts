/**
 * Per-option values a scan needs again and again, computed at most once per option and scan:
 * the greeks at the option's own IV under the model of its exercise style (exactly as the trade
 * metrics compute a leg's greeks: `greeksByStyle` with T to the 16:00 New York expiry, the rate and
 * the underlying's dividend yield; American options by the early-exercise model, as the chain
 * quotes them), the probability of expiring out of the money, and each strike's term of the
 * expected P/L (E[(S_T − K)⁺] under the view's distribution at the option's expiration, the
 * object `buildPosition` gets, so a trade's expected value sums cached terms). Sized to one underlying's
 * option range and reset per underlying, so memory stays flat whatever the universe.
 */
import { ExerciseStyle, exerciseStyleOf } from '#domain/contracts/exercise-style.ts';
import { greeksByStyle } from '#domain/pricing/american.ts';
import { probAbove, probBelow } from '#domain/pricing/probability.ts';
import type { MarketView } from './market-view.ts';

const MS_PER_YEAR = 365 * 86_400_000;

export class RowCache {
  readonly #view: MarketView;
  #u = -1;
  #from = 0;
  #to = 0;
  #spot = 0;
  #q = 0;
  #drift = 0;
  #style: ExerciseStyle = ExerciseStyle.European;
  // An entry is valid when its stamp is the current underlying's epoch: a reset changes the
  // epoch instead of clearing the stamps.
  #epoch = 0;
  #stamp = new Uint32Array(0);
  delta = new Float64Array(0);
  gamma = new Float64Array(0);
  theta = new Float64Array(0);
  vega = new Float64Array(0);
  rho = new Float64Array(0);
  #probStamp = new Uint32Array(0);
  #probOtm = new Float64Array(0);
  #evStamp = new Uint32Array(0);
  #evTerm = new Float64Array(0);
  #forward = new Float64Array(0);

  /** Sized to the view's largest chain at once: growing with each larger chain met cost more. */
  constructor(view: MarketView) {
    this.#view = view;
    const c = view.cols.underlyings;
    let largest = 0;
    for (let u = 0; u < c.optionStart.length; u++)
      largest = Math.max(largest, c.optionEnd[u]! - c.optionStart[u]!);
    this.#allocate(largest);
  }

  #allocate(size: number): void {
    this.#stamp = new Uint32Array(size);
    this.#probStamp = new Uint32Array(size);
    this.delta = new Float64Array(size);
    this.gamma = new Float64Array(size);
    this.theta = new Float64Array(size);
    this.vega = new Float64Array(size);
    this.rho = new Float64Array(size);
    this.#probOtm = new Float64Array(size);
    this.#evStamp = new Uint32Array(size);
    this.#evTerm = new Float64Array(size);
    this.#forward = new Float64Array(size);
  }

  /**
   * Starts underlying `u` (option rows [from, to)) with its spot and dividend yield, as
   * `MarketView.underlyingState` gives them.
   */
  reset(u: number, from: number, to: number, spot: number, dividendYield: number): void {
    if (this.#stamp.length < to - from) this.#allocate(to - from);
    this.#epoch = (this.#epoch + 1) >>> 0;
    if (this.#epoch === 0) {
      this.#stamp.fill(0);
      this.#probStamp.fill(0);
      this.#evStamp.fill(0);
      this.#epoch = 1;
    }
    this.#u = u;
    this.#from = from;
    this.#to = to;
    this.#spot = spot;
    this.#q = dividendYield;
    this.#drift = this.#view.rate - dividendYield;
    this.#style = exerciseStyleOf(this.#view.cols.underlyings.kind[u]!);
  }

  /** Years from the scan's instant to the option's expiry (0 once expired). */
  years(row: number): number {
    const v = this.#view;
    const ms = v.expiryMs[v.cols.options.expiration[row]!]! - v.asOfMs;
    return Math.max(ms, 0) / MS_PER_YEAR;
  }

  /** Ensures the greeks of `row` are in the arrays; returns the local index. */
  greeks(row: number): number {
    const i = row - this.#from;
    if (this.#stamp[i] === this.#epoch) return i;
    if (row < this.#from || row >= this.#to) throw new RangeError(`row ${row} outside the underlying`);
    const o = this.#view.cols.options;
    const g = greeksByStyle(
      this.#style,
      o.right[row] === 1,
      this.#spot,
      o.strike[row]!,
      this.years(row),
      this.#view.rate,
      this.#q,
      o.iv[row]!,
    );
    this.delta[i] = g.delta;
    this.gamma[i] = g.gamma;
    this.theta[i] = g.theta;
    this.vega[i] = g.vega;
    this.rho[i] = g.rho;
    this.#stamp[i] = this.#epoch;
    return i;
  }

  legDelta(row: number): number {
    return this.delta[this.greeks(row)]!;
  }

  /**
   * P(expires out of the money) with drift r − q (as `prob_otm`): under the expiration's smile, or
   * lognormal at the option's IV without one.
   */
  probOtm(row: number): number {
    const i = row - this.#from;
    if (this.#probStamp[i] === this.#epoch) return this.#probOtm[i]!;
    const o = this.#view.cols.options;
    const T = this.years(row);
    const dist = T > 0 ? this.#view.distribution(this.#u, o.expiration[row]!) : null;
    const below = dist?.model === 'smile' ? dist.cdf(o.strike[row]!) : Number.NaN;
    const p = !Number.isNaN(below)
      ? o.right[row] === 1
        ? below
        : 1 - below
      : o.right[row] === 1
        ? probBelow(this.#spot, o.strike[row]!, T, o.iv[row]!, this.#drift)
        : probAbove(this.#spot, o.strike[row]!, T, o.iv[row]!, this.#drift);
    this.#probOtm[i] = p;
    this.#probStamp[i] = this.#epoch;
    return p;
  }

  #ev(row: number): number {
    const i = row - this.#from;
    if (this.#evStamp[i] === this.#epoch) return i;
    const o = this.#view.cols.options;
    const dist = this.#view.distribution(this.#u, o.expiration[row]!);
    this.#forward[i] = dist.mean;
    this.#evTerm[i] = dist.callExpectation(o.strike[row]!);
    this.#evStamp[i] = this.#epoch;
    return i;
  }

  /** E[S_T] at the option's expiry (T > 0 assumed: the caller handles point masses). */
  forward(row: number): number {
    return this.#forward[this.#ev(row)]!;
  }

  /** E[(S_T − K)⁺] at the option's expiry and strike, as `piecewiseExpectedPLIn` computes it. */
  callExpectation(row: number): number {
    return this.#evTerm[this.#ev(row)]!;
  }
}
