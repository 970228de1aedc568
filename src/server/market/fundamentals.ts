/**
 * Fundamentals of an underlying. Market cap, P/E, EPS, P/S, P/B and dividend yield come from the
 * open S&P 500 financials file where it has the symbol (price ratios rescaled to the current
 * price); every other field, and every field of a synthetic ticker, is generated from a sector
 * profile with a seeded draw, consistent with the real fields (forward P/E from P/E and next
 * year's growth, PEG from P/E and five-year growth, payout from yield and P/E). Funds and
 * indexes carry only yield, beta and volume.
 */
import type { Fundamentals } from './provider.ts';
import { rngFor } from './rng.ts';
import type { UnderlyingSpec } from './universe.ts';

interface SectorProfile {
  /** Typical P/E, EPS growth, net margin, ROE, debt/equity, gross margin. */
  readonly pe: number;
  readonly growth: number;
  readonly margin: number;
  readonly roe: number;
  readonly debt: number;
  readonly gross: number;
}

// Rounded sector medians of large US companies (an assumption, not data): enough to make the
// fundamental filters behave plausibly on synthetic tickers.
const PROFILES: Readonly<Record<number, SectorProfile>> = {
  1: { pe: 30, growth: 0.14, margin: 0.2, roe: 0.25, debt: 0.5, gross: 0.6 },
  2: { pe: 15, growth: 0.08, margin: 0.22, roe: 0.12, debt: 1.5, gross: 0.5 },
  3: { pe: 22, growth: 0.1, margin: 0.15, roe: 0.15, debt: 0.9, gross: 0.55 },
  4: { pe: 22, growth: 0.1, margin: 0.08, roe: 0.2, debt: 1, gross: 0.38 },
  6: { pe: 21, growth: 0.06, margin: 0.08, roe: 0.22, debt: 1.1, gross: 0.35 },
  7: { pe: 12, growth: 0.04, margin: 0.1, roe: 0.14, debt: 0.5, gross: 0.3 },
  8: { pe: 18, growth: 0.06, margin: 0.1, roe: 0.12, debt: 0.6, gross: 0.28 },
  10: { pe: 18, growth: 0.06, margin: 0.13, roe: 0.1, debt: 1.4, gross: 0.4 },
  11: { pe: 30, growth: 0.05, margin: 0.25, roe: 0.07, debt: 1, gross: 0.6 },
  14: { pe: 22, growth: 0.09, margin: 0.1, roe: 0.18, debt: 0.9, gross: 0.32 },
  2361: { pe: 24, growth: 0.09, margin: 0.1, roe: 0.15, debt: 0.7, gross: 0.6 },
};

const r2 = (x: number) => Math.round(x * 100) / 100;
const r4 = (x: number) => Math.round(x * 10000) / 10000;

export function fundamentalsOf(spec: UnderlyingSpec, seed: number, price: number): Fundamentals {
  const rng = rngFor(seed, 'fundamentals', spec.symbol);
  const ipoDate = spec.firstDate || null;
  if (spec.kind !== 1) {
    return {
      ...EMPTY,
      dividendYield: spec.dividendYield,
      beta: r2(spec.beta),
      averageVolume: Math.round(spec.avgVolume),
      ipoDate,
    };
  }
  const p = PROFILES[spec.sector] ?? (PROFILES[14] as SectorProfile);
  const ref = spec.reference;
  const scale = ref && ref.price > 0 ? price / ref.price : 1;
  const eps = ref && Number.isFinite(ref.eps) ? ref.eps : r2(price / (p.pe * rng.lognormal(0.45)));
  const pe = eps > 0 ? price / eps : Number.NaN;
  const sharesOut =
    ref && Number.isFinite(ref.marketCap) ? ref.marketCap / ref.price : spec.avgVolume * rng.uniform(80, 250);
  const marketCap = sharesOut * price;
  const netMargin = r4(p.margin * rng.lognormal(0.4) * (eps > 0 ? 1 : -0.5));
  const priceSales =
    ref && Number.isFinite(ref.priceSales) ? ref.priceSales * scale : Math.max(0.2, pe * netMargin || 1);
  const priceBook =
    ref && Number.isFinite(ref.priceBook)
      ? ref.priceBook * scale
      : Math.max(0.4, pe * p.roe * rng.lognormal(0.3) || 1);
  const growthNext = r4(p.growth * rng.lognormal(0.5) * (rng.next() < 0.15 ? -1 : 1));
  const growthNext5 = r4(Math.max(0.01, p.growth * rng.lognormal(0.4)));
  // Dividends keep their dollar amount; the yield moves with the price.
  const dividendYield =
    spec.dividendYield > 0 && ref ? r4((spec.dividendYield * ref.price) / price) : spec.dividendYield;
  const roe = r4(p.roe * rng.lognormal(0.4) * (eps > 0 ? 1 : -0.6));
  const debt = r2(p.debt * rng.lognormal(0.5));
  const current = r2(1.5 * rng.lognormal(0.35));
  return {
    marketCap,
    pe: r2(pe),
    forwardPe: r2(pe / (1 + growthNext)),
    peg: r2(pe / (growthNext5 * 100)),
    priceSales: r2(priceSales),
    priceBook: r2(priceBook),
    priceFreeCashFlow: r2((pe || p.pe) * rng.lognormal(0.3)),
    epsTtm: r2(eps),
    epsGrowthThisYear: r4(p.growth * rng.lognormal(0.6) * (rng.next() < 0.2 ? -1 : 1)),
    epsGrowthNextYear: growthNext,
    epsGrowthPast5y: r4(p.growth * rng.lognormal(0.6) * (rng.next() < 0.15 ? -1 : 1)),
    epsGrowthNext5y: growthNext5,
    epsGrowthQoq: r4(0.08 * rng.normal() + p.growth / 2),
    salesGrowthPast5y: r4(Math.max(-0.2, p.growth * 0.8 * rng.lognormal(0.5))),
    salesGrowthQoq: r4(0.06 * rng.normal() + p.growth / 2),
    grossMargin: r4(Math.min(0.95, p.gross * rng.lognormal(0.2))),
    operatingMargin: r4(netMargin * 1.3),
    netMargin,
    returnOnEquity: roe,
    returnOnAssets: r4(roe / (1 + debt)),
    debtEquity: debt,
    longTermDebtEquity: r2(debt * rng.uniform(0.6, 0.95)),
    currentRatio: current,
    quickRatio: r2(current * rng.uniform(0.5, 0.95)),
    payoutRatio: pe > 0 ? r4(dividendYield * pe) : 0,
    dividendYield,
    beta: r2(spec.beta),
    insiderTransactions: r4(0.03 * rng.normal() - 0.01),
    institutionalTransactions: r4(0.02 * rng.normal()),
    averageVolume: Math.round(spec.avgVolume),
    ipoDate,
  };
}

const EMPTY: Fundamentals = {
  marketCap: Number.NaN,
  pe: Number.NaN,
  forwardPe: Number.NaN,
  peg: Number.NaN,
  priceSales: Number.NaN,
  priceBook: Number.NaN,
  priceFreeCashFlow: Number.NaN,
  epsTtm: Number.NaN,
  epsGrowthThisYear: Number.NaN,
  epsGrowthNextYear: Number.NaN,
  epsGrowthPast5y: Number.NaN,
  epsGrowthNext5y: Number.NaN,
  epsGrowthQoq: Number.NaN,
  salesGrowthPast5y: Number.NaN,
  salesGrowthQoq: Number.NaN,
  grossMargin: Number.NaN,
  operatingMargin: Number.NaN,
  netMargin: Number.NaN,
  returnOnEquity: Number.NaN,
  returnOnAssets: Number.NaN,
  debtEquity: Number.NaN,
  longTermDebtEquity: Number.NaN,
  currentRatio: Number.NaN,
  quickRatio: Number.NaN,
  payoutRatio: Number.NaN,
  dividendYield: 0,
  beta: Number.NaN,
  insiderTransactions: Number.NaN,
  institutionalTransactions: Number.NaN,
  averageVolume: Number.NaN,
  ipoDate: null,
};
