/**
 * Daily history of one underlying: OHLCV bars and the daily volatility state (short-end ATM vol,
 * smile correlation, 30-day ATM IV and 25-delta skew), generated so the last bar is the previous
 * session and closes exactly at the reference last close.
 *
 * The volatility regime is the real VIX path of the reference data (its last `n` sessions mapped
 * onto the last `n` sessions before today): m_t = VIX_t / VIX_ref. Market shocks are correlated
 * with VIX innovations (the leverage effect measured in the reference data), so sell-offs come
 * with volatility spikes. Returns follow the factor model of underlying-model.ts; earnings days
 * add a jump of standard deviation E. Highs and lows are drawn from the exact distribution of the
 * maximum and minimum of a Brownian bridge between open and close.
 */

import type { Rng } from './rng.ts';
import { rngFor } from './rng.ts';
import type { UnderlyingModel } from './underlying-model.ts';
import type { UnderlyingSpec } from './universe.ts';
import { atmTotalVariance, ssviVol } from './vol-surface.ts';

export const HISTORY_BARS = 400;
const YEAR = 252;
/** Share of a day's diffusive move that happens overnight (open gap). */
const OVERNIGHT = 0.2;
/** AR(1) of the name-specific log IV noise and of the smile correlation, per session. */
const IV_NOISE = { phi: 0.95, sd: 0.04 } as const;
const RHO_NOISE = { phi: 0.97, sd: 0.015 } as const;

/** Market-wide inputs shared by every underlying, one entry per session. */
export interface MarketPath {
  /** Session day numbers, oldest first; the last is the previous session. */
  readonly days: Int32Array;
  /** Volatility regime m_t. */
  readonly regime: Float64Array;
  /** Standard normal market shock of each session. */
  readonly shock: Float64Array;
  /** VIX closes. */
  readonly vix: Float64Array;
  /** Market-factor volatility at m = 1 (annualised). */
  readonly marketVol: number;
}

export interface DailySeries {
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
  /** Short-end ATM vol σ_S of each session (annualised). */
  readonly sigmaShort: Float32Array;
  /** SSVI ρ of each session. */
  readonly rho: Float32Array;
  /** 30-day ATM IV at each close. */
  readonly iv30: Float32Array;
  /** 30-day 25-delta put IV minus call IV at each close. */
  readonly skew30: Float32Array;
  /** Last values of the AR(1) noises, to continue them day by day. */
  ivNoise: number;
  rhoNoise: number;
}

/** Instantaneous volatility of the factor model at regime m. */
export function instantVol(model: UnderlyingModel, marketVol: number, m: number): number {
  return Math.sqrt((model.beta * marketVol * m) ** 2 + model.idioVol ** 2 * m);
}

/** Draws the high and low of a Brownian path from 0 to x with variance v (exact bridge extremes). */
export function bridgeExtremes(rng: Rng, x: number, v: number): { up: number; down: number } {
  const s = Math.max(v, 1e-12);
  const up = (x + Math.sqrt(x * x - 2 * s * Math.log(1 - rng.next()))) / 2;
  const down = (x - Math.sqrt(x * x - 2 * s * Math.log(1 - rng.next()))) / 2;
  return { up, down };
}

export interface VolState {
  readonly sigmaShort: number;
  readonly rho: number;
}

/** ATM IV for `days` calendar days from a session's volatility state, with an earnings move inside the window. */
export function atmIvAt(model: UnderlyingModel, state: VolState, days: number, event: boolean): number {
  const T = days / 365;
  const theta =
    atmTotalVariance({ short: state.sigmaShort, long: model.longVol, kappa: model.kappa }, T) +
    (event ? model.earningsMove ** 2 : 0);
  return Math.sqrt(theta / T);
}

/** 25-delta put IV minus 25-delta call IV at `days` (strikes at ∓0.674 ATM standard deviations). */
export function skewAt(model: UnderlyingModel, state: VolState, days: number, event: boolean): number {
  const T = days / 365;
  const atm = atmIvAt(model, state, days, event);
  const theta = atm * atm * T;
  const shape = { ...model.smile, rho: state.rho };
  const k = 0.674 * atm * Math.sqrt(T);
  return ssviVol(shape, theta, -k, T) - ssviVol(shape, theta, k, T);
}

export function generateHistory(
  spec: UnderlyingSpec,
  model: UnderlyingModel,
  market: MarketPath,
  earnings: ReadonlySet<number>,
  seed: number,
): DailySeries {
  const n = market.days.length;
  const rng = rngFor(seed, 'history', pathKeyOf(spec));
  const ivRng = rngFor(seed, 'iv-history', spec.symbol);
  const out: DailySeries = {
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
    sigmaShort: new Float32Array(n),
    rho: new Float32Array(n),
    iv30: new Float32Array(n),
    skew30: new Float32Array(n),
    ivNoise: 0,
    rhoNoise: 0,
  };
  // Returns first (from the oldest session), then closes backwards from the last close.
  const ret = new Float64Array(n);
  const gap = new Float64Array(n);
  const intradayVar = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    const m = market.regime[t] as number;
    const sigma = instantVol(model, market.marketVol, m);
    const systematic = (model.beta * market.marketVol * m * (market.shock[t] as number)) / Math.sqrt(YEAR);
    const idio = (model.idioVol * Math.sqrt(m) * rng.normal()) / Math.sqrt(YEAR);
    const jump = earnings.has(market.days[t] as number) ? model.earningsMove * rng.normal() : 0;
    const diffusive = (spec.drift - (sigma * sigma) / 2) / YEAR + systematic + idio;
    ret[t] = diffusive + jump;
    gap[t] = OVERNIGHT * diffusive + jump + 0.1 * (sigma / Math.sqrt(YEAR)) * rng.normal();
    intradayVar[t] = ((1 - OVERNIGHT) * sigma * sigma) / YEAR;
  }
  if (spec.isVix) {
    for (let t = 0; t < n; t++) out.close[t] = market.vix[t] as number;
  } else {
    out.close[n - 1] = spec.lastClose;
    for (let t = n - 1; t > 0; t--) out.close[t - 1] = (out.close[t] as number) / Math.exp(ret[t] as number);
  }
  for (let t = 0; t < n; t++) {
    const close = out.close[t] as number;
    const prev = t > 0 ? (out.close[t - 1] as number) : close / Math.exp(ret[t] as number);
    const open = spec.isVix ? prev * Math.exp(0.02 * rng.normal()) : prev * Math.exp(gap[t] as number);
    const x = Math.log(close / open);
    const { up, down } = bridgeExtremes(rng, x, spec.isVix ? 0.0025 : (intradayVar[t] as number));
    out.open[t] = round2(open);
    out.close[t] = round2(close);
    out.high[t] = round2(Math.max(open * Math.exp(up), open, close));
    out.low[t] = round2(Math.min(open * Math.exp(down), open, close));
    const sd = Math.sqrt(intradayVar[t] as number) || 0.01;
    out.volume[t] = spec.isVix
      ? 0
      : Math.round(
          spec.avgVolume * rng.lognormal(0.25) * (0.7 + 0.3 * Math.min(4, Math.abs(ret[t] as number) / sd)),
        );
  }
  // Daily volatility state: regime × premium × name-specific noise; ρ drifts around its mean.
  for (let t = 0; t < n; t++) {
    out.ivNoise = IV_NOISE.phi * out.ivNoise + IV_NOISE.sd * ivRng.normal();
    out.rhoNoise = RHO_NOISE.phi * out.rhoNoise + RHO_NOISE.sd * ivRng.normal();
    const state = dailyVolState(
      model,
      market.marketVol,
      market.regime[t] as number,
      out.ivNoise,
      out.rhoNoise,
      spec.isVix,
    );
    out.sigmaShort[t] = state.sigmaShort;
    out.rho[t] = state.rho;
    const day = market.days[t] as number;
    const event = hasEventWithin(earnings, day, 30);
    out.iv30[t] = atmIvAt(model, state, 30, event);
    out.skew30[t] = skewAt(model, state, 30, event);
  }
  return out;
}

export function dailyVolState(
  model: UnderlyingModel,
  marketVol: number,
  m: number,
  ivNoise: number,
  rhoNoise: number,
  isVix: boolean,
): VolState {
  // VIX options: vol of vol rises with the VIX level.
  const base = isVix ? 0.9 * Math.sqrt(m) : model.ivPremium * instantVol(model, marketVol, m);
  return {
    sigmaShort: base * Math.exp(ivNoise),
    rho: Math.max(-0.95, Math.min(0.95, model.smile.rho + rhoNoise)),
  };
}

/** True when an earnings day falls after `day` and within `days` calendar days. */
export function hasEventWithin(earnings: ReadonlySet<number>, day: number, days: number): boolean {
  // A name has a couple of dozen earnings days in range: scanning them beats probing every day.
  for (const d of earnings) if (d > day && d <= day + days) return true;
  return false;
}

/** Linked index products (SPX, XSP, NDX, RUT, DJX) move with their fund's random path. */
export function pathKeyOf(spec: UnderlyingSpec): string {
  return LINKED[spec.symbol] ?? spec.symbol;
}

const LINKED: Readonly<Record<string, string>> = {
  SPX: 'SPY',
  XSP: 'SPY',
  NDX: 'QQQ',
  RUT: 'IWM',
  DJX: 'DIA',
};

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
