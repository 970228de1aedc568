/**
 * A trade normalised for the arithmetic: every leg with its weight, fill and expiry instant, and the
 * evaluation date (horizon) at which P/L, probabilities and expected value are measured.
 *
 * Weight: the leg's shares divided by the option multiplier, w = quantity × multiplier / 100, so an
 * option contract weighs ±1 and 100 shares weigh ±1. Every dollar amount of a position is
 * Σ w × (per-share amount): "per share of the position", × 100 for dollars.
 *
 * Valuation at a date before a leg's expiry, at the leg's IV with r and q: an American option
 * (stocks, ETFs) at its American price (`americanPrice`: Bjerksund–Stensland, never below the
 * European price or the exercise value), a European one by Black-Scholes-Merton floored at
 * intrinsic value. At or after expiry: intrinsic value.
 */
import { multiplierOf, OPTION_MULTIPLIER } from '../contracts/contract.ts';
import { ExerciseStyle } from '../contracts/exercise-style.ts';
import { expiryInstant } from '../contracts/expiry.ts';
import { americanPrice, earlyExerciseMatters } from '../pricing/american.ts';
import type { BsBatchInput, BsBatchOutput } from '../pricing/batch.ts';
import { americanValue } from '../pricing/bjerksund-stensland.ts';
import { bsPrice } from '../pricing/black-scholes.ts';
import { bsKernel } from '../pricing/bs-kernel.ts';
import type { SmileTable } from '../pricing/smile.ts';
import { horizonDistribution, type TerminalDistribution } from '../pricing/terminal-distribution.ts';
import { fillPrice } from './bid-ask.ts';
import type { TradeInput } from './types.ts';

export const MS_PER_DAY = 86_400_000;
export const MS_PER_YEAR = 365 * MS_PER_DAY;

export interface PositionLeg {
  readonly kind: 'stock' | 'option';
  readonly isCall: boolean;
  /** Option strike per share; 0 for stock. */
  readonly strike: number;
  /** Signed quantity as entered (contracts or shares). */
  readonly quantity: number;
  /** quantity × multiplier / 100. */
  readonly weight: number;
  /** `YYYY-MM-DD`, or null for stock. */
  readonly expiration: string | null;
  /** Expiry instant, epoch ms; +Infinity for stock. */
  readonly expiryMs: number;
  readonly iv: number;
  readonly bid: number;
  readonly ask: number;
  readonly mid: number;
  /** Fill per share at the trade's bid/ask level. */
  readonly fill: number;
}

export interface Position {
  readonly legs: readonly PositionLeg[];
  readonly spot: number;
  readonly rate: number;
  readonly dividendYield: number;
  /** True when the options are American: an option alive at a valuation instant is worth its American price. */
  readonly american: boolean;
  /** Drift of the probability measure (default r − q). */
  readonly drift: number;
  /** The underlying's ATM IV: σ of the lognormal model. */
  readonly sigma: number;
  /** Distribution of the price at the horizon: the smile's or the lognormal (terminal-distribution.ts). */
  readonly distribution: TerminalDistribution;
  /** The chain's smiles the input brought (prob_otm reads each leg's own expiration's). */
  readonly smiles: readonly SmileTable[];
  readonly asOfMs: number;
  readonly horizonMs: number;
  /** Years and days from now to the horizon (ACT/365, 0 if past). */
  readonly years: number;
  readonly days: number;
  /** Net debit per share at the fills: Σ w × fill (+ paid, − received). */
  readonly cost: number;
  /** True when every option expires by the horizon: P/L there is piecewise linear in the price. */
  readonly linear: boolean;
  /** Distinct option strikes, ascending. */
  readonly strikes: readonly number[];
}

export function buildPosition(input: TradeInput): Position {
  const { underlying, env, bidAskLevel } = input;
  const legs = input.legs.map((l): PositionLeg => {
    const c = l.contract;
    const fill = fillPrice(l.bid, l.ask, l.quantity, bidAskLevel);
    const common = {
      quantity: l.quantity,
      weight: (l.quantity * multiplierOf(c)) / OPTION_MULTIPLIER,
      bid: l.bid,
      ask: l.ask,
      mid: (l.bid + l.ask) / 2,
      fill,
    };
    if (c.kind === 'stock') {
      return {
        ...common,
        kind: 'stock',
        isCall: false,
        strike: 0,
        expiration: null,
        expiryMs: Infinity,
        iv: 0,
      };
    }
    return {
      ...common,
      kind: 'option',
      isCall: c.right === 'CALL',
      strike: c.strike,
      expiration: c.expiration,
      expiryMs: expiryInstant(c.expiration),
      iv: l.iv,
    };
  });
  const options = legs.filter((l) => l.kind === 'option');
  const firstExpiry = Math.min(...options.map((l) => l.expiryMs));
  const horizonMs = input.horizonMs ?? (options.length > 0 ? firstExpiry : env.asOfMs);
  const ms = Math.max(horizonMs - env.asOfMs, 0);
  const years = ms / MS_PER_YEAR;
  const drift = env.drift ?? env.riskFreeRate - underlying.dividendYield;
  const smiles = input.smiles ?? [];
  // The smile of the horizon when the horizon is an option expiration (not an earlier date).
  const smile = smiles.find((t) => expiryInstant(t.expiration) === horizonMs);
  return {
    legs,
    spot: underlying.price,
    rate: env.riskFreeRate,
    american: underlying.exerciseStyle === ExerciseStyle.American,
    dividendYield: underlying.dividendYield,
    drift,
    sigma: underlying.iv,
    distribution: horizonDistribution(smile, underlying.price, years, underlying.iv, drift),
    smiles,
    asOfMs: env.asOfMs,
    horizonMs,
    years,
    days: ms / MS_PER_DAY,
    cost: legs.reduce((sum, l) => sum + l.weight * l.fill, 0),
    linear: options.every((l) => l.expiryMs <= horizonMs),
    strikes: [...new Set(options.map((l) => l.strike))].sort((a, b) => a - b),
  };
}

export const intrinsic = (isCall: boolean, s: number, strike: number): number =>
  Math.max(isCall ? s - strike : strike - s, 0);

/**
 * Value per share of one leg (unweighted) when the underlying is at `s` at instant `atMs`, for a
 * position whose options are American or not (`pos.american`).
 */
export function legValue(
  leg: PositionLeg,
  s: number,
  atMs: number,
  pos: Pick<Position, 'rate' | 'dividendYield' | 'american'>,
): number {
  if (leg.kind === 'stock') return s;
  const exercise = intrinsic(leg.isCall, s, leg.strike);
  if (atMs >= leg.expiryMs || s <= 0) return exercise;
  const tau = (leg.expiryMs - atMs) / MS_PER_YEAR;
  const { rate, dividendYield: q } = pos;
  const value = pos.american
    ? americanPrice(leg.isCall, s, leg.strike, tau, rate, q, leg.iv)
    : bsPrice(leg.isCall, s, leg.strike, tau, rate, q, leg.iv);
  return Math.max(value, exercise);
}

/** Position value per share at underlying price `s` and instant `atMs`. */
export function positionValue(pos: Position, s: number, atMs: number): number {
  let v = 0;
  for (const leg of pos.legs) v += leg.weight * legValue(leg, s, atMs, pos);
  return v;
}

/** Columns for `positionValues`, grown on demand (the batch kernel takes one value per row). */
let batch: { input: BsBatchInput; output: BsBatchOutput } | null = null;

function batchOf(n: number): { input: BsBatchInput; output: BsBatchOutput } {
  if (batch && batch.input.K.length >= n) return batch;
  const column = () => new Float64Array(n);
  batch = {
    input: {
      isCall: new Uint8Array(n),
      S: column(),
      K: column(),
      T: column(),
      r: column(),
      q: column(),
      sigma: column(),
    },
    output: { price: column(), delta: column(), gamma: column(), theta: column(), vega: column() },
  };
  return batch;
}

/**
 * `positionValue` at every price of `prices` (into `out`), with each leg alive at `atMs` priced by
 * the batch kernel, which hoists what the prices share (discount factors, √τ). The same bits as
 * `positionValue` price by price: where a P/L is sampled at hundreds of prices (a calendar's P/L
 * analysis and expected value), this is several times faster.
 */
export function positionValues(pos: Position, prices: Float64Array, atMs: number, out: Float64Array): void {
  const n = prices.length;
  out.fill(0, 0, n);
  for (const leg of pos.legs) {
    const w = leg.weight;
    if (leg.kind === 'stock') {
      for (let i = 0; i < n; i++) out[i]! += w * prices[i]!;
      continue;
    }
    if (atMs >= leg.expiryMs) {
      for (let i = 0; i < n; i++) out[i]! += w * intrinsic(leg.isCall, prices[i]!, leg.strike);
      continue;
    }
    const { input, output } = batchOf(n);
    const columns = { ...input, S: prices };
    const tau = (leg.expiryMs - atMs) / MS_PER_YEAR;
    const { rate, dividendYield: q } = pos;
    input.isCall.fill(leg.isCall ? 1 : 0, 0, n);
    input.K.fill(leg.strike, 0, n);
    input.T.fill(tau, 0, n);
    input.r.fill(rate, 0, n);
    input.q.fill(q, 0, n);
    input.sigma.fill(leg.iv, 0, n);
    bsKernel(columns, output, 0, n);
    const price = output.price;
    // `americanPrice` on the kernel's European prices (the same bits as `bsPrice`).
    const american = pos.american && earlyExerciseMatters(leg.isCall, rate, q);
    for (let i = 0; i < n; i++) {
      const s = prices[i]!;
      const exercise = intrinsic(leg.isCall, s, leg.strike);
      if (s <= 0) {
        out[i]! += w * exercise;
        continue;
      }
      const value = american
        ? americanValue(leg.isCall, s, leg.strike, tau, rate, q, leg.iv, price[i]!)
        : price[i]!;
      out[i]! += w * Math.max(value, exercise);
    }
  }
}

/** P/L per share at the horizon if the underlying is at `s` then. */
export const horizonPL = (pos: Position, s: number): number =>
  positionValue(pos, s, pos.horizonMs) - pos.cost;

/** `horizonPL` at every price of `prices`, into `out` (`positionValues`). */
export function horizonPLs(pos: Position, prices: Float64Array, out: Float64Array): void {
  positionValues(pos, prices, pos.horizonMs, out);
  for (let i = 0; i < prices.length; i++) out[i]! -= pos.cost;
}

/**
 * Slope of the horizon P/L as the price → ∞: every call and share ends up worth its intrinsic
 * slope of 1 (later calls too, by the intrinsic floor), so the slope is Σ w over calls and stock.
 */
export function tailSlope(pos: Position): number {
  let slope = 0;
  for (const leg of pos.legs) if (leg.kind === 'stock' || leg.isCall) slope += leg.weight;
  return slope;
}
