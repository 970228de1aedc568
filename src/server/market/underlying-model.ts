/**
 * Per-underlying model parameters, from the reference calibration (`reference/model.json`) plus a
 * seeded jitter so no two names share an identical surface.
 *
 * Returns (per trading year, trading-time clock): d ln S = (μ − σ²/2) dt + β σ_M m dW_M + σ_ε √m dW_i,
 * where m = VIX / VIX_ref is the market-wide volatility regime (1 on average over the last year of
 * VIX), σ_M the market factor's volatility (SPY's realised vol) and σ_ε² = σ̄² − β²σ_M² the
 * idiosyncratic variance, floored at (σ̄/4)². At m = 1 the total volatility is the reference σ̄.
 */
import type { OiClass } from './open-interest.ts';
import type { MarketModel } from './reference-data.ts';
import { rngFor } from './rng.ts';
import type { UnderlyingSpec } from './universe.ts';
import { maxEta, type SmileShape } from './vol-surface.ts';

export interface UnderlyingModel {
  readonly smile: SmileShape;
  /** κ of the ATM term structure, per year. */
  readonly kappa: number;
  /** ATM implied vol over instantaneous volatility (the variance premium), short end. */
  readonly ivPremium: number;
  /** Long-run ATM implied vol (annualised), where the term structure tends. */
  readonly longVol: number;
  /** Market-factor loading of log returns. */
  readonly beta: number;
  /** Idiosyncratic volatility at m = 1. */
  readonly idioVol: number;
  /** Standard deviation of the log move on an earnings day; 0 for funds and indexes. */
  readonly earningsMove: number;
  /** Elasticity of ATM vol to the spot move since the open: σ_ATM ∝ (S/S_open)^(−ν). */
  readonly spotVolElasticity: number;
  /** Spread multiplier L (1 for the most liquid). */
  readonly spreadScale: number;
  /** Total open interest of the chain, contracts. */
  readonly totalOpenInterest: number;
  /** Where the name's class (funds and indexes, or stocks) holds its open interest. */
  readonly oiClass: OiClass;
  /** How the name's open interest leans to long expirations: each expiration's weight × (days/30)^tilt. */
  readonly oiTermTilt: number;
  /** How tightly it gathers near the money: each contract's weight by moneyness ^ concentration. */
  readonly oiConcentration: number;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * The 30-day smile fitted in delta on the real chains (model.json `smile30`): the index funds'
 * (mean of SPY and QQQ) for funds and indexes, the stock's (AAPL) for stocks, with the mean
 * 30-day ATM IV of those chains.
 */
function classSmile(model: MarketModel, fund: boolean): SmileShape & { readonly atm: number } {
  const fits = (fund ? ['SPY', 'QQQ'] : ['AAPL']).flatMap((s) => model.smile30[s] ?? []);
  const mean = (k: 'rho' | 'eta' | 'atm') => fits.reduce((s, f) => s + f[k], 0) / fits.length;
  return { rho: mean('rho'), eta: mean('eta'), gamma: 0.5, atm: mean('atm') };
}

function classKappa(model: MarketModel, fund: boolean): number {
  const fits = fund ? [model.term.SPY, model.term.QQQ] : [model.term.AAPL];
  const ok = fits.filter((f) => f !== undefined);
  return ok.reduce((s, f) => s + f.kappa, 0) / ok.length;
}

/**
 * Long-run ATM vol over short-end ATM vol such that, at the average regime, one-year ATM vol is
 * `ratio` times 30-day ATM vol (the median SPX term premium of the reference data).
 */
export function longOverShort(kappa: number, ratio: number): number {
  const avg = (x: number, T: number) => {
    const decay = (1 - Math.exp(-kappa * T)) / kappa;
    return Math.sqrt((x * x * T + (1 - x * x) * decay) / T);
  };
  let lo = 0.2;
  let hi = 5;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (avg(mid, 1) / avg(mid, 30 / 365) < ratio) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

export function underlyingModel(
  spec: UnderlyingSpec,
  model: MarketModel,
  marketVol: number,
  seed: number,
): UnderlyingModel {
  const rng = rngFor(seed, 'model', spec.symbol);
  const fund = spec.kind !== 1;
  const base = classSmile(model, fund);
  const premium = model.premium.vixOverRealized * model.premium.atmOverVix;
  if (spec.isVix) {
    // VIX options: call skew, high and steeply falling vol of vol (assumed, see docs/MARKET.md).
    return {
      smile: { rho: 0.5, eta: 1.2, gamma: 0.5 },
      kappa: 3,
      ivPremium: 1,
      longVol: 0.55,
      beta: 0,
      idioVol: 0,
      earningsMove: 0,
      spotVolElasticity: -0.5,
      spreadScale: 2,
      totalOpenInterest: 4e6,
      oiClass: model.openInterest.classes.fund,
      oiTermTilt: 0,
      oiConcentration: rng.lognormal(0.2),
    };
  }
  // The put skew in vol points, not in proportion, is what the real chains share: a name whose IV
  // level is above its class's calibration chain gets a proportionally flatter skew (high-volatility
  // names such as TSLA or the crypto funds have flat skews).
  const level = clamp(base.atm / (premium * spec.vol), 0.3, 1);
  const rho = clamp((base.rho + 0.06 * rng.normal()) * level, -0.85, -0.1);
  const eta = clamp(base.eta * rng.lognormal(0.1), 0.3, maxEta(rho));
  const kappa = classKappa(model, fund) * rng.lognormal(0.1);
  const smile = { rho, eta, gamma: 0.5 };
  const idioVol = Math.sqrt(Math.max(spec.vol ** 2 - (spec.beta * marketVol) ** 2, (spec.vol / 4) ** 2));
  // ATM skew of the 30-day smile, dσ/dk at k = 0 is σρφ/4 with θ = σ²T; sticky strike moves the
  // ATM vol by that slope per unit of ln S, i.e. an elasticity of −ρφ/4 (relative).
  const theta30 = (spec.vol * premium) ** 2 * (30 / 365);
  const phi30 = eta / (Math.sqrt(theta30) * Math.sqrt(1 + theta30));
  const dollarVolume = spec.avgVolume * spec.lastClose;
  // Quotes widen with the log of a name's illiquidity below the dollar volume from which names
  // quote as tightly as SPY (fitted on the realism table's spread rows), a fund's dollar volume
  // counting as many times a stock's as its options trade more per share dollar (SPY and QQQ about
  // six times AAPL). The daily-expiration books (SPY, QQQ, IWM and their indexes) are the most
  // traded option products: they quote as SPY does.
  const optionActivity = dollarVolume * (fund ? model.spread.fundOptionActivity : 1);
  const liquidity =
    spec.tier === 0
      ? 0
      : Math.max(0, Math.log(model.spread.tightDollarVolume / Math.max(optionActivity, 1e5)));
  return {
    smile,
    kappa,
    ivPremium: premium * rng.lognormal(0.06),
    longVol: longOverShort(kappa, model.premium.oneYearOverThirtyDay) * premium * spec.vol,
    beta: spec.beta,
    idioVol,
    // Earnings-day moves of two to four daily standard deviations (an assumption; the reference
    // data has no earnings history).
    earningsMove: spec.kind === 1 ? (spec.vol / Math.sqrt(252)) * rng.uniform(2, 4) : 0,
    spotVolElasticity: clamp((-rho * phi30) / 4, 0, 6),
    spreadScale: clamp(1 + model.spread.lambda * liquidity * rng.lognormal(0.15), 1, 60),
    totalOpenInterest: Math.max(
      2000,
      model.openInterest.totalPerDollarVolume * dollarVolume * rng.lognormal(0.3),
    ),
    // Names differ in where their open interest sits (the real SPY chain holds 25% of it at 90–365
    // days, AAPL's 47%): by class, then an assumed spread of tilts and concentrations around it;
    // a tilt of ±0.15 (1 sd) keeps a stock's share expiring within a week under about 14%
    // (docs/MARKET.md, "Option chains").
    oiClass: model.openInterest.classes[fund ? 'fund' : 'stock'],
    oiTermTilt: 0.15 * rng.normal(),
    oiConcentration: rng.lognormal(0.2),
  };
}
