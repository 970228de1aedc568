/**
 * The simulated market: the embedded default `MarketProvider`. Seeded and deterministic: the same
 * configuration and the same clock readings give the same market, byte for byte.
 *
 * Build: reference data → universe → per-underlying model → daily history ending at the previous
 * session (on the real VIX regime) → the session's listed chains → a columnar snapshot.
 * Live: every `advance` (the 1-second timer, or any read) moves prices along a correlated
 * geometric Brownian motion for the open time elapsed, reprices the chains of the underlyings
 * that moved, publishes the snapshot and notifies subscribers. At the session boundary the day's
 * bar is closed, the regime and volatility state step, expired series roll off and new ones list.
 * See docs/MARKET.md for the model.
 */
import type { OptionContract } from '#domain/contracts/contract.ts';
import { expiryInstant } from '#domain/contracts/expiry.ts';
import { isoOf, nextTradingDay, previousTradingDay, tradingDaysEndingAt, yearOf } from './calendar.ts';
import { buildChainLayout, type ChainLayout, type UnderlyingListing } from './chain-layout.ts';
import { type AmericanPricing, ChainPricer, type PricingState } from './chain-pricer.ts';
import { dividendsPerYear, earningsDays, nextDividend } from './events.ts';
import { listedExpirations } from './expirations.ts';
import {
  atmIvAt,
  type DailySeries,
  dailyVolState,
  generateHistory,
  HISTORY_BARS,
  hasEventWithin,
  instantVol,
  type MarketPath,
  pathKeyOf,
  skewAt,
} from './history.ts';
import {
  isOpenAt,
  openMs,
  type Session,
  sessionDayOf,
  sessionFraction,
  sessionOf,
  tradingDayMs,
  volumeProfile,
} from './market-clock.ts';
import { optionQuoteAt } from './option-quote.ts';
import type {
  DailyBar,
  ExpirationInfo,
  IvHvQuery,
  IvHvRow,
  MarketProvider,
  MarketTick,
  OptionChain,
  OptionQuote,
  TickListener,
  UnderlyingDetail,
  UnderlyingInfo,
  UnderlyingQuote,
} from './provider.ts';
import { loadReferenceData, type MarketModel, type ReferenceData } from './reference-data.ts';
import { type Rng, rngFor } from './rng.ts';
import { lowerBound, type SessionStatics, sessionStatics, withScores } from './session-statics.ts';
import type { SimulatorConfig } from './sim-config.ts';
import type { MarketSnapshot, SnapshotFrame } from './snapshot.ts';
import { strikeGrid } from './strikes.ts';
import { realizedVol } from './technicals/volatility.ts';
import { copyLiveRows, writeUnderlyingStatics } from './underlying-columns.ts';
import { type UnderlyingModel, underlyingModel } from './underlying-model.ts';
import { buildUniverse, type UnderlyingSpec } from './universe.ts';
import { volAtCallDelta } from './vol-surface.ts';

const YEAR_DAYS = 252;
/** Underlyings that did not move are repriced at least this often (time decay, days to expiry). */
const STALE_MS = 60_000;
/** Chance that an underlying of a tier trades in a given second. */
const TRADE_PER_SECOND = [1, 1, 0.5, 0.2] as const;

export interface SimulatorOptions {
  /** The time source, epoch ms (the server passes the system clock, tests a hand-moved one). */
  readonly clock: () => number;
  /** Timer period of live updates; default 1,000 ms. */
  readonly tickMs?: number;
  /** Reference data (tests may pass their own); defaults to the shipped files. */
  readonly reference?: ReferenceData;
  /** How chains price American options (`AmericanPricing`); default `full`. */
  readonly americanPricing?: AmericanPricing;
}

interface PathGroup {
  readonly key: string;
  readonly members: number[];
  readonly tier: number;
  pendingYears: number;
  marketWAt: number;
}

const r2 = (x: number) => Math.round(x * 100) / 100;

export class SimulatedMarket implements MarketProvider {
  readonly name = 'simulator';
  readonly config: SimulatorConfig;
  readonly #clock: () => number;
  readonly #offset: number;
  readonly #seed: number;
  readonly #ref: ReferenceData;
  readonly #model: MarketModel;
  readonly #specs: UnderlyingSpec[];
  readonly #models: UnderlyingModel[];
  readonly #bySymbol: Map<string, number>;
  readonly #industries: string[];
  readonly #paths: PathGroup[];
  readonly #pricer: ChainPricer;
  readonly #rate: number;
  readonly #marketVol: number;
  readonly #vixRef: number;
  readonly #vixMean: number;
  readonly #vixKappa: number;
  readonly #history: DailySeries[];
  readonly #earnings: Set<number>[];
  readonly #market: MarketPath;
  readonly #tickMs: number;
  // Session state.
  #session!: Session;
  #rng!: Rng;
  #statics: SessionStatics[] = [];
  #sigmaShort!: Float64Array;
  #rho!: Float64Array;
  #regime = 1;
  #marketW = 0;
  #lastStep = 0;
  #now = 0;
  #seq = 0;
  #layout!: ChainLayout;
  #layoutId = 0;
  #grids: Map<number, number[]>[] = [];
  /** State at the previous session's close (spot, short vol, ρ per underlying, instant). */
  #close!: { spot: Float64Array; sigma: Float64Array; rho: Float64Array; time: number };
  // Live per underlying.
  readonly #spot: Float64Array;
  readonly #openSpot: Float64Array;
  readonly #dayOpen: Float64Array;
  readonly #dayHigh: Float64Array;
  readonly #dayLow: Float64Array;
  readonly #shareVolume: Float64Array;
  readonly #lastMove: Float64Array;
  readonly #lastPriced: Float64Array;
  readonly #dirty: Uint8Array;
  /** Publishes into the current layout's frames so far, and the instant of the last one. */
  #publishes = 0;
  #lastPublish = Number.NaN;
  #relisted = false;
  #listeners = new Set<TickListener>();
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(config: SimulatorConfig, options: SimulatorOptions) {
    this.config = config;
    this.#clock = options.clock;
    this.#tickMs = options.tickMs ?? 1000;
    const start = this.#clock();
    this.#offset = config.asOfMs === undefined ? 0 : config.asOfMs - start;
    this.#seed = config.seed;
    this.#ref = options.reference ?? loadReferenceData();
    this.#model = this.#ref.model;
    this.#rate = this.#model.riskFreeRate.value;
    this.#specs = buildUniverse(this.#ref, config);
    this.#bySymbol = new Map(this.#specs.map((s) => [s.symbol, s.index]));
    this.#industries = ['', ...new Set(this.#specs.map((s) => s.industry).filter((x) => x))].sort();
    const spy = this.#ref.symbols.find((s) => s.symbol === 'SPY');
    this.#marketVol = spy?.vol ?? 0.15;
    this.#models = this.#specs.map((s) => underlyingModel(s, this.#model, this.#marketVol, this.#seed));
    this.#pricer = new ChainPricer(this.#model.spread, options.americanPricing);
    const reg = this.#model.regime;
    this.#vixKappa = -Math.log(reg.phi) * YEAR_DAYS;
    // VIX futures sit above spot on average: the long-run forward is the mean level plus half the variance.
    this.#vixMean = Math.exp(reg.meanLnVix + reg.sd ** 2 / (2 * (1 - reg.phi ** 2)));
    const vixes = this.#ref.vix.map((v) => v.close);
    const lastYear = vixes.slice(-YEAR_DAYS);
    this.#vixRef = Math.exp(lastYear.reduce((s, v) => s + Math.log(v), 0) / lastYear.length);
    // Groups of underlyings sharing one random path (an index and its fund).
    const groups = new Map<string, PathGroup>();
    for (const s of this.#specs) {
      const key = pathKeyOf(s);
      const g = groups.get(key) ?? { key, members: [], tier: s.tier, pendingYears: 0, marketWAt: 0 };
      g.members.push(s.index);
      groups.set(key, g);
    }
    this.#paths = [...groups.values()];
    const u = this.#specs.length;
    this.#spot = new Float64Array(u);
    this.#openSpot = new Float64Array(u);
    this.#dayOpen = new Float64Array(u);
    this.#dayHigh = new Float64Array(u);
    this.#dayLow = new Float64Array(u);
    this.#shareVolume = new Float64Array(u);
    this.#lastMove = new Float64Array(u);
    this.#lastPriced = new Float64Array(u);
    this.#dirty = new Uint8Array(u);
    this.#sigmaShort = new Float64Array(u);
    this.#rho = new Float64Array(u);

    const t0 = start + this.#offset;
    const day = sessionDayOf(t0);
    const days = Int32Array.from(tradingDaysEndingAt(previousTradingDay(day), HISTORY_BARS));
    this.#market = this.#marketPath(days);
    this.#earnings = this.#specs.map(
      (s) =>
        new Set(
          earningsDays(s, this.#seed, (days[0] as number) - 10, (days[days.length - 1] as number) + 800),
        ),
    );
    this.#history = this.#specs.map((s, i) =>
      generateHistory(
        s,
        this.#models[i] as UnderlyingModel,
        this.#market,
        this.#earnings[i] as Set<number>,
        this.#seed,
      ),
    );
    for (let i = 0; i < u; i++) {
      const h = this.#history[i] as DailySeries;
      this.#spot[i] = h.close[h.close.length - 1] as number;
      this.#sigmaShort[i] = h.sigmaShort[h.sigmaShort.length - 1] as number;
      this.#rho[i] = h.rho[h.rho.length - 1] as number;
      this.#grids.push(new Map());
    }
    this.#regime = (this.#market.regime[this.#market.regime.length - 1] as number) || 1;
    this.#beginSession(day, closeInstant(sessionOf(previousTradingDay(day)), config.hours));
    this.#advanceTo(t0);
  }

  // --- market path -----------------------------------------------------------------------------

  /** The real VIX path mapped onto the history sessions, and market shocks correlated with it. */
  #marketPath(days: Int32Array): MarketPath {
    const n = days.length;
    const vix = this.#ref.vix.slice(-n).map((v) => v.close);
    const reg = this.#model.regime;
    const rng = rngFor(this.#seed, 'market-history');
    const rho = reg.leverageCorrelation;
    const regime = new Float64Array(n);
    const shock = new Float64Array(n);
    const vixArr = new Float64Array(n);
    for (let t = 0; t < n; t++) {
      const v = vix[t] ?? this.#vixRef;
      vixArr[t] = v;
      regime[t] = v / this.#vixRef;
      const prev = t > 0 ? (vix[t - 1] ?? v) : v;
      const innovation = (Math.log(v) - reg.meanLnVix - reg.phi * (Math.log(prev) - reg.meanLnVix)) / reg.sd;
      shock[t] = rho * innovation + Math.sqrt(1 - rho * rho) * rng.normal();
    }
    return { days, regime, shock, vix: vixArr, marketVol: this.#marketVol };
  }

  // --- sessions --------------------------------------------------------------------------------

  /**
   * Starts session `day`: volatility state, statics, listings and the snapshot. `closeTime` is the
   * previous session's closing instant, at which the previous closes of options are priced.
   */
  #beginSession(day: number, closeTime: number): void {
    this.#session = sessionOf(day);
    this.#rng = rngFor(this.#seed, 'intraday', day);
    const u = this.#specs.length;
    this.#close = {
      spot: Float64Array.from(this.#spot),
      sigma: Float64Array.from(this.#sigmaShort),
      rho: Float64Array.from(this.#rho),
      time: closeTime,
    };
    // Step the daily volatility state into the new session.
    for (let i = 0; i < u; i++) {
      const s = this.#specs[i] as UnderlyingSpec;
      const m = this.#models[i] as UnderlyingModel;
      const h = this.#history[i] as DailySeries;
      const rng = rngFor(this.#seed, 'iv', s.symbol, day);
      h.ivNoise = 0.95 * h.ivNoise + 0.04 * rng.normal();
      h.rhoNoise = 0.97 * h.rhoNoise + 0.015 * rng.normal();
      const state = dailyVolState(m, this.#marketVol, this.#regime, h.ivNoise, h.rhoNoise, s.isVix);
      this.#sigmaShort[i] = state.sigmaShort;
      this.#rho[i] = state.rho;
      // Earnings before the open: the session opens with the jump.
      if ((this.#earnings[i] as Set<number>).has(day) && m.earningsMove > 0) {
        this.#spot[i] = (this.#spot[i] as number) * Math.exp(m.earningsMove * rng.normal());
      }
    }
    for (const group of this.#paths) {
      group.pendingYears = 0;
      group.marketWAt = this.#marketW;
    }
    const years = Array.from(this.#market.days, (d) => yearOf(d));
    const statics = this.#specs.map((s, i) =>
      sessionStatics(
        s,
        this.#history[i] as DailySeries,
        this.#earnings[i] as Set<number>,
        day,
        years,
        this.#seed,
      ),
    );
    this.#statics = withScores(this.#specs, statics, this.#spot);
    for (let i = 0; i < u; i++) {
      const s = this.#specs[i] as UnderlyingSpec;
      this.#openSpot[i] = this.#spot[i] as number;
      this.#dayOpen[i] = Number.NaN;
      this.#dayHigh[i] = Number.NaN;
      this.#dayLow[i] = Number.NaN;
      this.#shareVolume[i] = s.isVix
        ? 0
        : s.avgVolume * rngFor(this.#seed, 'volume', s.symbol, day).lognormal(0.3);
      this.#lastMove[i] = this.#session.start;
    }
    this.#lastStep = this.config.hours === 'always' ? this.#session.start : this.#session.open;
    this.#layout = this.#listSession(day, this.#session.start);
    this.#relisted = true;
    this.#priceCloses();
    this.#dirty.fill(1);
  }

  /** Listings of the session not expired at `after` (strikes listed earlier stay) and the new chain layout. */
  #listSession(day: number, after: number): ChainLayout {
    this.#publishes = 0;
    const listings: UnderlyingListing[] = this.#specs.map((s, i) => {
      const m = this.#models[i] as UnderlyingModel;
      const spot = this.#spot[i] as number;
      const cycle = rngFor(this.#seed, 'cycle', s.symbol).int(3);
      const expirations = listedExpirations(day, s.tier, cycle, s.isVix).filter(
        (e) => expiryInstant(isoOf(e.day)) > after,
      );
      const grids = this.#grids[i] as Map<number, number[]>;
      const next = new Map<number, number[]>();
      const stdevs: number[] = [];
      const forwards: number[] = [];
      const series = expirations.map((e) => {
        const T = (expiryInstant(isoOf(e.day)) - Math.max(after, this.#session.open)) / (365 * 86_400_000);
        const atm = this.#atmVol(i, Math.max(T, 1 / 365));
        // Open interest sits by the distance in today's standard deviations; the strike grid spans
        // at least a week's worth, as listed dailies do.
        const stdev = atm * Math.sqrt(Math.max(T, 0.25 / 365));
        const forward = s.isVix
          ? this.#vixForward(spot, T)
          : spot * Math.exp((this.#rate - s.dividendYield) * T);
        const fresh = strikeGrid(forward, atm * Math.sqrt(Math.max(T, 7 / 365)), s.tier, T);
        const strikes = [...new Set([...(grids.get(e.day) ?? []), ...fresh])].sort((a, b) => a - b);
        next.set(e.day, strikes);
        stdevs.push(stdev);
        forwards.push(forward);
        return { day: e.day, type: e.type, strikes };
      });
      this.#grids[i] = next;
      return {
        symbol: s.symbol,
        series,
        totalOpenInterest: m.totalOpenInterest,
        oiClass: m.oiClass,
        oiTermTilt: m.oiTermTilt,
        oiConcentration: m.oiConcentration,
        spot,
        stdevs,
        forwards,
      };
    });
    const layout = buildChainLayout(
      listings,
      this.#industries,
      this.#model,
      this.#seed,
      day,
      ++this.#layoutId,
    );
    const u = layout.snapshot.front().underlyings;
    this.#specs.forEach((s, i) => {
      const h = this.#history[i] as DailySeries;
      const prevClose = h.close[h.close.length - 1] as number;
      writeUnderlyingStatics(u, i, s, this.#statics[i] as SessionStatics, {
        industry: Math.max(0, this.#industries.indexOf(s.industry)),
        prevClose,
        dividend: nextDividend(s, this.#seed, day, prevClose),
      });
    });
    return layout;
  }

  #vixForward(spot: number, T: number): number {
    return this.#vixMean + (spot - this.#vixMean) * Math.exp(-this.#vixKappa * T);
  }

  /** ATM vol of underlying i at T years on the session's state, without events. */
  #atmVol(i: number, T: number): number {
    const m = this.#models[i] as UnderlyingModel;
    return atmIvAt(
      m,
      { sigmaShort: this.#sigmaShort[i] as number, rho: this.#rho[i] as number },
      T * 365,
      false,
    );
  }

  /** Prices every option of the layout at the previous close into `prevClose`. */
  #priceCloses(): void {
    const close = this.#close;
    const time = close.time;
    const snap = this.#layout.snapshot;
    const scratch = snap.back() as SnapshotFrame;
    for (let i = 0; i < this.#specs.length; i++) {
      this.#pricer.price(
        this.#layout,
        i,
        this.#pricingState(i, close.spot[i] as number, close.sigma[i] as number, close.rho[i] as number, 1),
        scratch,
        null,
        time,
        0,
      );
    }
    scratch.options.prevClose.set(scratch.options.mid);
  }

  #pricingState(
    i: number,
    spot: number,
    sigmaShort: number,
    rho: number,
    volMultiplier: number,
  ): PricingState {
    const s = this.#specs[i] as UnderlyingSpec;
    const m = this.#models[i] as UnderlyingModel;
    const st = this.#statics[i] as SessionStatics;
    return {
      spot,
      short: sigmaShort * volMultiplier,
      long: m.longVol * Math.sqrt(volMultiplier),
      kappa: m.kappa,
      smile: { ...m.smile, rho },
      rate: this.#rate,
      dividendYield: s.dividendYield,
      eventVariance: m.earningsMove ** 2,
      eventTime: st.eventOpen,
      spreadScale: m.spreadScale,
      pennyAll: s.pennyAll,
      vixMean: s.isVix ? this.#vixMean : Number.NaN,
      vixKappa: this.#vixKappa,
    };
  }

  /** Closes the session: appends the day's bar and volatility state to the history. */
  #closeSession(): void {
    const day = this.#session.day;
    const n = HISTORY_BARS;
    const vixIndex = this.#bySymbol.get('VIX');
    this.#history.forEach((h, i) => {
      const close = r2(this.#spot[i] as number);
      const open = Number.isNaN(this.#dayOpen[i] as number)
        ? (h.close[n - 1] as number)
        : (this.#dayOpen[i] as number);
      shiftIn(h.open, open);
      shiftIn(h.high, Math.max(open, close, this.#dayHigh[i] || close));
      shiftIn(h.low, Math.min(open, close, this.#dayLow[i] || close));
      shiftIn(h.close, close);
      shiftIn(h.volume, Math.round(this.#shareVolume[i] as number));
      const state = {
        sigmaShort: (this.#sigmaShort[i] as number) * this.#spotVolMultiplier(i),
        rho: this.#rho[i] as number,
      };
      const event = hasEventWithin(this.#earnings[i] as Set<number>, day, 30);
      shiftIn(h.sigmaShort, state.sigmaShort);
      shiftIn(h.rho, state.rho);
      shiftIn(h.iv30, atmIvAt(this.#models[i] as UnderlyingModel, state, 30, event));
      shiftIn(h.skew30, skewAt(this.#models[i] as UnderlyingModel, state, 30, event));
    });
    const vix = vixIndex === undefined ? this.#vixLevel() : (this.#spot[vixIndex] as number);
    shiftIn(this.#market.days, day);
    shiftIn(this.#market.vix, vix);
    shiftIn(this.#market.regime, vix / this.#vixRef);
    shiftIn(this.#market.shock, 0);
    this.#regime = vix / this.#vixRef;
  }

  /** VIX when the universe does not hold it: implied by the regime. */
  #vixLevel(): number {
    return this.#regime * this.#vixRef;
  }

  /** ATM vol multiplier from the spot move since the session start (sticky-strike behaviour). */
  #spotVolMultiplier(i: number): number {
    const m = this.#models[i] as UnderlyingModel;
    return Math.exp(
      -m.spotVolElasticity * Math.log((this.#spot[i] as number) / (this.#openSpot[i] as number)),
    );
  }

  // --- live ------------------------------------------------------------------------------------

  /** Brings the market to `t`: closes and opens sessions on the way, moves prices, publishes. */
  #advanceTo(t: number): void {
    if (t < this.#now) return;
    while (sessionDayOf(t) > this.#session.day) {
      this.#moveTo(this.#session.end);
      this.#closeSession();
      const closeTime = closeInstant(this.#session, this.config.hours);
      this.#beginSession(nextTradingDay(this.#session.day), closeTime);
    }
    this.#moveTo(t);
    this.#now = t;
    // Series that expired during the session (16:00) roll off at once.
    const expired = this.#layout.groupExpiry.some((e) => e <= t);
    if (expired) this.#rollOff(t);
    this.#publish(t);
  }

  /** Moves every underlying along its path for the open time between the last step and `t`. */
  #moveTo(t: number): void {
    const dtMs = openMs(this.#session, this.config.hours, this.#lastStep, t);
    this.#lastStep = Math.max(this.#lastStep, t);
    if (dtMs <= 0) return;
    const tau = dtMs / tradingDayMs(this.config.hours) / YEAR_DAYS;
    const rng = this.#rng;
    const dW = Math.sqrt(tau) * rng.normal();
    this.#marketW += dW;
    const seconds = dtMs / 1000;
    const m = this.#regime;
    for (const group of this.#paths) {
      group.pendingYears += tau;
      const p = TRADE_PER_SECOND[group.tier as 0 | 1 | 2 | 3];
      if (p < 1 && rng.next() >= 1 - (1 - p) ** seconds) continue;
      const z = rng.normal();
      const first = group.members[0] as number;
      const spec = this.#specs[first] as UnderlyingSpec;
      const model = this.#models[first] as UnderlyingModel;
      let logReturn: number;
      if (spec.isVix) {
        // ln VIX mean-reverts and loads on the market shock with the measured leverage correlation.
        const reg = this.#model.regime;
        const volOfVol = reg.sd * Math.sqrt(YEAR_DAYS);
        const x = Math.log(this.#spot[first] as number) - reg.meanLnVix;
        const rho = reg.leverageCorrelation;
        logReturn =
          -this.#vixKappa * x * group.pendingYears +
          rho * volOfVol * (this.#marketW - group.marketWAt) +
          Math.sqrt(1 - rho * rho) * volOfVol * Math.sqrt(group.pendingYears) * z;
      } else {
        const sigma = instantVol(model, this.#marketVol, m);
        logReturn =
          (spec.drift - (sigma * sigma) / 2) * group.pendingYears +
          model.beta * this.#marketVol * m * (this.#marketW - group.marketWAt) +
          model.idioVol * Math.sqrt(m) * Math.sqrt(group.pendingYears) * z;
      }
      const factor = Math.exp(logReturn);
      for (const i of group.members) {
        const spot = (this.#spot[i] as number) * factor;
        this.#spot[i] = spot;
        const last = r2(spot);
        if (Number.isNaN(this.#dayOpen[i] as number)) this.#dayOpen[i] = last;
        if (!(last <= (this.#dayHigh[i] as number))) this.#dayHigh[i] = last;
        if (!(last >= (this.#dayLow[i] as number))) this.#dayLow[i] = last;
        this.#lastMove[i] = t;
        this.#dirty[i] = 1;
      }
      group.pendingYears = 0;
      group.marketWAt = this.#marketW;
    }
  }

  /** Drops expired series: a new layout with the surviving rows and their session so far. */
  #rollOff(t: number): void {
    for (const grids of this.#grids)
      for (const d of grids.keys()) if (expiryInstant(isoOf(d)) <= t) grids.delete(d);
    const old = this.#layout;
    const was = old.snapshot.front().options;
    const keyOf = (layout: ChainLayout, o: SnapshotFrame['options'], i: number) =>
      `${o.underlying[i]}:${layout.groupDay[o.group[i] as number]}:${o.strike[i]}:${o.right[i]}`;
    const rows = new Map<string, number>();
    for (let i = 0; i < old.snapshot.optionCount; i++) rows.set(keyOf(old, was, i), i);
    this.#layout = this.#listSession(this.#session.day, t);
    // Strikes listed now get a theoretical previous close; surviving rows keep theirs below.
    this.#priceCloses();
    const o = this.#layout.snapshot.front().options;
    for (let i = 0; i < this.#layout.snapshot.optionCount; i++) {
      const j = rows.get(keyOf(this.#layout, o, i));
      if (j === undefined) continue;
      o.openInterest[i] = was.openInterest[j] as number;
      o.prevClose[i] = was.prevClose[j] as number;
      this.#layout.volumeTarget[i] = old.volumeTarget[j] as number;
      o.volume[i] = was.volume[j] as number;
      o.last[i] = was.last[j] as number;
      o.high[i] = was.high[j] as number;
      o.low[i] = was.low[j] as number;
    }
    old.snapshot.retire();
    this.#relisted = true;
    this.#dirty.fill(1);
  }

  /**
   * Writes the back frame (repricing what moved, copying what the front has newer) and flips it to
   * the front. The back frame holds the market of the publish before last, so the only rows it
   * lacks besides the repriced ones are those the last publish repriced: those are copied, the
   * rest is already right. The first two publishes of a layout write each of its frames whole.
   */
  #publish(t: number): void {
    const snap = this.#layout.snapshot;
    const back = snap.back();
    if (!back) return; // A reader holds the back frame: try again on the next tick.
    const front = snap.front();
    const fresh = this.#relisted;
    const whole = this.#publishes < 2;
    const previous = this.#lastPublish;
    const changed: string[] = [];
    const fraction = sessionFraction(this.#session, this.config.hours, t);
    const u = this.#specs.length;
    let runStart = -1;
    for (let i = 0; i <= u; i++) {
      const reprice = i < u && (this.#dirty[i] === 1 || t - (this.#lastPriced[i] as number) >= STALE_MS);
      if (i < u && !reprice && (whole || this.#lastPriced[i] === previous)) {
        if (runStart < 0) runStart = i;
        continue;
      }
      if (runStart >= 0) {
        copyLiveRows(front, back, runStart, i);
        runStart = -1;
      }
      if (i === u) break;
      if (!reprice) continue;
      if (this.#dirty[i] === 1) changed.push((this.#specs[i] as UnderlyingSpec).symbol);
      this.#priceUnderlying(i, back, front, t, fraction);
      this.#dirty[i] = 0;
      this.#lastPriced[i] = t;
    }
    this.#publishes++;
    this.#lastPublish = t;
    snap.publish(back, t);
    this.#relisted = false;
    this.#seq++;
    if (this.#listeners.size > 0) {
      const tick: MarketTick = { seq: this.#seq, time: t, changed, relisted: fresh };
      for (const l of this.#listeners) l(tick);
    }
  }

  #priceUnderlying(
    i: number,
    frame: SnapshotFrame,
    previous: SnapshotFrame | null,
    t: number,
    fraction: number,
  ): void {
    const st = this.#statics[i] as SessionStatics;
    const spot = this.#spot[i] as number;
    const mult = this.#spotVolMultiplier(i);
    const volume = this.#pricer.price(
      this.#layout,
      i,
      this.#pricingState(i, spot, this.#sigmaShort[i] as number, this.#rho[i] as number, mult),
      frame,
      previous,
      t,
      fraction,
    );
    const u = frame.underlyings;
    const last = r2(spot);
    const prevClose = u.prevClose[i] as number;
    const half = Math.max(
      0.005,
      Math.round(last * 0.0001 * (this.#models[i] as UnderlyingModel).spreadScale * 100) / 200,
    );
    u.last[i] = last;
    u.bid[i] = r2(last - half);
    u.ask[i] = r2(last + half);
    u.open[i] = this.#dayOpen[i] as number;
    u.high[i] = this.#dayHigh[i] as number;
    u.low[i] = this.#dayLow[i] as number;
    u.change[i] = r2(last - prevClose);
    u.changePercent[i] = last / prevClose - 1;
    u.volume[i] = Math.floor((this.#shareVolume[i] as number) * volumeProfile(fraction));
    const event = st.eventOpen > t && st.eventOpen - t < 30 * 86_400_000;
    const state = { sigmaShort: (this.#sigmaShort[i] as number) * mult, rho: this.#rho[i] as number };
    const iv = atmIvAt(this.#models[i] as UnderlyingModel, state, 30, event);
    u.iv[i] = iv;
    const sorted = st.ivSorted;
    const lo = sorted[0] ?? iv;
    const hi = sorted[sorted.length - 1] ?? iv;
    u.ivRank[i] = hi > lo ? Math.min(1, Math.max(0, (iv - lo) / (hi - lo))) : 0.5;
    u.ivPercentile[i] = sorted.length ? lowerBound(sorted, iv) / sorted.length : 0.5;
    u.ivRv[i] = iv / st.technicals.rv21;
    u.expectedMove[i] = this.#expectedMove(i, frame, spot);
    u.high52w[i] = Math.max(st.technicals.high52w, u.high[i] || last, last);
    u.low52w[i] = Math.min(st.technicals.low52w, u.low[i] || last, last);
    const b = st.technicals.bases;
    u.perfMonth[i] = last / b[0] - 1;
    u.perfQuarter[i] = last / b[1] - 1;
    u.perfHalf[i] = last / b[2] - 1;
    u.perfYear[i] = last / b[3] - 1;
    u.perfYtd[i] = last / b[4] - 1;
    u.totalOptionVolume[i] = volume;
    u.time[i] = this.#lastMove[i] as number;
  }

  /** One standard deviation to the first standard monthly expiration: S·σ_ATM·√T. */
  #expectedMove(i: number, frame: SnapshotFrame, spot: number): number {
    const g = frame.groups;
    const u = frame.underlyings;
    for (let gi = u.groupStart[i] as number; gi < (u.groupEnd[i] as number); gi++) {
      if (g.type[gi] === 2 && (g.days[gi] as number) >= 1)
        return spot * (g.atmIv[gi] as number) * Math.sqrt(g.years[gi] as number);
    }
    return Number.NaN;
  }

  // --- MarketProvider --------------------------------------------------------------------------

  /** Catches up with the clock (at most once per millisecond); reads call it first. */
  advance(): void {
    const t = this.#clock() + this.#offset;
    if (t > this.#now) this.#advanceTo(t);
  }

  now(): number {
    this.advance();
    return this.#now;
  }

  /**
   * Annualised volatility that the current session's price moves are drawn with (trading-time
   * clock): the factor model at today's regime. NaN for an unknown symbol.
   */
  sessionVolatility(symbol: string): number {
    const i = this.#bySymbol.get(symbol);
    if (i === undefined) return Number.NaN;
    const s = this.#specs[i] as UnderlyingSpec;
    if (s.isVix) return this.#model.regime.sd * Math.sqrt(YEAR_DAYS);
    return instantVol(this.#models[i] as UnderlyingModel, this.#marketVol, this.#regime);
  }

  riskFreeRate(): number {
    return this.#rate;
  }

  isOpen(): boolean {
    return isOpenAt(this.#session, this.config.hours, this.now());
  }

  universe(): readonly UnderlyingInfo[] {
    return this.#specs.map((s) => this.#info(s));
  }

  #info(s: UnderlyingSpec): UnderlyingInfo {
    return {
      symbol: s.symbol,
      name: s.name,
      kind: s.kind,
      sector: s.sector,
      industry: s.industry,
      synthetic: s.synthetic,
      hasWeeklies: s.tier <= 2,
      index: s.index,
    };
  }

  underlying(symbol: string): UnderlyingInfo | undefined {
    const i = this.#bySymbol.get(symbol);
    return i === undefined ? undefined : this.#info(this.#specs[i] as UnderlyingSpec);
  }

  quote(symbol: string): UnderlyingQuote | undefined {
    const i = this.#bySymbol.get(symbol);
    if (i === undefined) return undefined;
    this.advance();
    const u = this.#layout.snapshot.front().underlyings;
    return {
      symbol,
      last: u.last[i] as number,
      bid: u.bid[i] as number,
      ask: u.ask[i] as number,
      open: u.open[i] as number,
      high: u.high[i] as number,
      low: u.low[i] as number,
      previousClose: u.prevClose[i] as number,
      change: u.change[i] as number,
      changePercent: u.changePercent[i] as number,
      volume: u.volume[i] as number,
      time: u.time[i] as number,
    };
  }

  detail(symbol: string): UnderlyingDetail | undefined {
    const i = this.#bySymbol.get(symbol);
    const quote = this.quote(symbol);
    if (i === undefined || !quote) return undefined;
    const s = this.#specs[i] as UnderlyingSpec;
    const st = this.#statics[i] as SessionStatics;
    const u = this.#layout.snapshot.front().underlyings;
    const t = st.technicals;
    const num = (a: Float64Array) => a[i] as number;
    return {
      info: this.#info(s),
      quote,
      fundamentals: st.fundamentals,
      technicals: {
        rsi14: t.rsi14,
        sma20: t.sma20,
        sma50: t.sma50,
        sma200: t.sma200,
        ema20: t.ema20,
        ema50: t.ema50,
        ema200: t.ema200,
        smaCross50200: t.smaCross50200,
        emaCross50200: t.emaCross50200,
        maPercentile200: t.maPercentile200,
        macd: t.macd,
        macdSignal: t.macdSignal,
        macdHistogram: t.macdHistogram,
        stochK: t.stochK,
        stochD: t.stochD,
        bollingerUpper: t.bollingerUpper,
        bollingerMiddle: t.bollingerMiddle,
        bollingerLower: t.bollingerLower,
        bollingerPercentB: t.bollingerPercentB,
        atr: t.atr,
        std21: t.std21,
        high52w: num(u.high52w),
        low52w: num(u.low52w),
        perfMonth: num(u.perfMonth),
        perfQuarter: num(u.perfQuarter),
        perfHalf: num(u.perfHalf),
        perfYear: num(u.perfYear),
        perfYtd: num(u.perfYtd),
      },
      volatility: {
        iv: num(u.iv),
        ivRank: num(u.ivRank),
        ivPercentile: num(u.ivPercentile),
        rv: t.rv21,
        rvRank: st.rvRank,
        ivRv: num(u.ivRv),
        skew: st.skew,
        skewRank: st.skewRank,
        expectedMove: num(u.expectedMove),
        drift: s.drift,
      },
      events: {
        nextEarnings: Number.isNaN(st.nextEarnings) ? null : isoOf(st.nextEarnings),
        previousEarnings: Number.isNaN(st.previousEarnings) ? null : isoOf(st.previousEarnings),
        nextDividend: nextDividend(s, this.#seed, this.#session.day, quote.previousClose),
        dividendFrequency: dividendsPerYear(s),
        analyst: st.analyst,
        scores: st.scores,
      },
    };
  }

  bars(symbol: string, days?: number): readonly DailyBar[] | undefined {
    const i = this.#bySymbol.get(symbol);
    if (i === undefined) return undefined;
    this.advance();
    const h = this.#history[i] as DailySeries;
    const n = HISTORY_BARS;
    const from = days === undefined ? 0 : Math.max(0, n - days);
    const out: DailyBar[] = [];
    for (let t = from; t < n; t++) {
      const d = this.#market.days[t] as number;
      out.push({
        time: d * 86_400,
        date: isoOf(d),
        open: h.open[t] as number,
        high: h.high[t] as number,
        low: h.low[t] as number,
        close: h.close[t] as number,
        volume: h.volume[t] as number,
      });
    }
    return out;
  }

  ivHistory(symbol: string, query: IvHvQuery = {}): readonly IvHvRow[] | undefined {
    const i = this.#bySymbol.get(symbol);
    if (i === undefined) return undefined;
    this.advance();
    const m = this.#models[i] as UnderlyingModel;
    const h = this.#history[i] as DailySeries;
    const earnings = this.#earnings[i] as Set<number>;
    const dte = Math.min(365, Math.max(1, query.dte ?? 30));
    const delta = Math.min(99, Math.max(1, query.delta ?? 50)) / 100;
    const window = Math.max(2, Math.round((dte * YEAR_DAYS) / 365));
    const rows: IvHvRow[] = [];
    for (let t = 0; t < HISTORY_BARS; t++) {
      const day = this.#market.days[t] as number;
      const state = { sigmaShort: h.sigmaShort[t] as number, rho: h.rho[t] as number };
      const event = hasEventWithin(earnings, day, dte);
      const atm = atmIvAt(m, state, dte, event);
      const shape = { ...m.smile, rho: state.rho };
      const T = dte / 365;
      const ivAt = (callDelta: number) => volAtCallDelta(shape, atm * atm * T, T, callDelta);
      const iv =
        query.right === 'CALL'
          ? ivAt(delta)
          : query.right === 'PUT'
            ? ivAt(1 - delta)
            : (ivAt(delta) + ivAt(1 - delta)) / 2;
      rows.push({ time: day * 86_400, iv, hv: t >= window ? realizedVol(h.close, window, t) : Number.NaN });
    }
    return rows;
  }

  optionChain(symbol: string, expiration?: string): OptionChain | undefined {
    const i = this.#bySymbol.get(symbol);
    if (i === undefined) return undefined;
    this.advance();
    const snap = this.#layout.snapshot;
    const f = snap.front();
    const s = this.#specs[i] as UnderlyingSpec;
    const expirations: ExpirationInfo[] = [];
    const options: OptionQuote[] = [];
    const types = ['daily', 'weekly', 'monthly', 'quarterly'] as const;
    for (let gi = f.underlyings.groupStart[i] as number; gi < (f.underlyings.groupEnd[i] as number); gi++) {
      const date = snap.expirations[f.groups.expiration[gi] as number] as string;
      if (expiration && date !== expiration) continue;
      expirations.push({
        date,
        type: types[f.groups.type[gi] as number] ?? 'weekly',
        daysToExpiry: f.groups.days[gi] as number,
      });
      for (let j = f.groups.start[gi] as number; j < (f.groups.end[gi] as number); j++)
        options.push(optionQuoteAt(f, j, symbol, date));
    }
    return {
      underlying: symbol,
      asOf: f.time,
      spot: f.underlyings.last[i] as number,
      riskFreeRate: this.#rate,
      dividendYield: s.dividendYield,
      expirations,
      options,
    };
  }

  optionQuote(contract: OptionContract): OptionQuote | undefined {
    const i = this.#bySymbol.get(contract.underlying);
    if (i === undefined) return undefined;
    this.advance();
    const snap = this.#layout.snapshot;
    const f = snap.front();
    const e = snap.expirations.indexOf(contract.expiration);
    if (e < 0) return undefined;
    for (let gi = f.underlyings.groupStart[i] as number; gi < (f.underlyings.groupEnd[i] as number); gi++) {
      if (f.groups.expiration[gi] !== e) continue;
      const start = f.groups.start[gi] as number;
      const strikes = (f.groups.end[gi] as number) - start;
      // Strikes ascend with a call and a put each: binary search over the calls.
      let lo = 0;
      let hi = strikes / 2 - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const k = f.options.strike[start + 2 * mid] as number;
        if (k === contract.strike)
          return optionQuoteAt(
            f,
            start + 2 * mid + (contract.right === 'PUT' ? 1 : 0),
            contract.underlying,
            contract.expiration,
          );
        if (k < contract.strike) lo = mid + 1;
        else hi = mid - 1;
      }
    }
    return undefined;
  }

  snapshot(): MarketSnapshot {
    this.advance();
    return this.#layout.snapshot;
  }

  subscribe(listener: TickListener): () => void {
    this.#listeners.add(listener);
    this.#timer ??= setInterval(() => this.advance(), this.#tickMs);
    this.#timer.unref?.();
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0 && this.#timer) {
        clearInterval(this.#timer);
        this.#timer = undefined;
      }
    };
  }

  close(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    this.#listeners.clear();
  }
}

export function createSimulatedMarket(config: SimulatorConfig, options: SimulatorOptions): SimulatedMarket {
  return new SimulatedMarket(config, options);
}

// --- helpers -----------------------------------------------------------------------------------

/** Closing instant of a session: 16:00 (or the early close) in 'nyse' hours, the session's end in 'always'. */
function closeInstant(session: Session, hours: SimulatorConfig['hours']): number {
  return hours === 'always' ? session.end : session.close;
}

/** Removes the oldest value and appends `value`. */
function shiftIn(a: Float64Array | Float32Array | Int32Array, value: number): void {
  a.copyWithin(0, 1);
  a[a.length - 1] = value;
}
