/**
 * The list of underlyings for a universe size: the real symbols of the reference data ranked the
 * way traders scan (indexes, then funds and stocks by dollar volume), then synthetic tickers to
 * fill M and L. Each underlying gets a liquidity tier that drives its expirations, strike grid,
 * spreads and open interest.
 */
import { Sector, UnderlyingKind } from '#domain/filters/sectors.ts';
import type { ReferenceData, ReferenceFundamentals } from './reference-data.ts';
import { rngFor } from './rng.ts';
import { type SimulatorConfig, universeCount } from './sim-config.ts';

/**
 * 0: daily expirations (index products and the index ETFs); 1: weeklies six weeks out plus LEAPS;
 * 2: weeklies three weeks out; 3: monthlies only.
 */
export type LiquidityTier = 0 | 1 | 2 | 3;

export interface UnderlyingSpec {
  readonly index: number;
  readonly symbol: string;
  readonly name: string;
  readonly kind: 1 | 2 | 3;
  readonly sector: number;
  readonly industry: string;
  readonly synthetic: boolean;
  readonly sp500: boolean;
  readonly nasdaq100: boolean;
  readonly tier: LiquidityTier;
  /** VIX options are priced on the VIX forward with a call skew. */
  readonly isVix: boolean;
  /** Quoted in pennies at every price (the index ETFs); otherwise 0.01 below $3 and 0.05 above. */
  readonly pennyAll: boolean;
  /** Previous close the simulated history ends at. */
  readonly lastClose: number;
  /** Annualised volatility of daily log returns at the average volatility regime. */
  readonly vol: number;
  readonly beta: number;
  /** Annualised drift. */
  readonly drift: number;
  /** Average daily shares. */
  readonly avgVolume: number;
  readonly dividendYield: number;
  /** First trading day, when recent (spin-off or listing), else ''. */
  readonly firstDate: string;
  readonly reference: ReferenceFundamentals | undefined;
}

const DAILY_EXPIRATIONS = new Set(['SPY', 'QQQ', 'IWM', 'SPX', 'XSP', 'NDX']);
const PENNY_ALL = new Set(['SPY', 'QQQ', 'IWM']);
const TIER1_FUNDS = 16;
const TIER1_STOCKS = 150;

/** Ranked real symbols with their tier. */
function rankedReal(ref: ReferenceData): UnderlyingSpec[] {
  const dollarVolume = (s: { avgVolume: number; lastClose: number }) =>
    Number.isFinite(s.avgVolume) ? s.avgVolume * s.lastClose : 0;
  const indexes = ref.symbols.filter((s) => s.kind === UnderlyingKind.Index);
  const funds = ref.symbols
    .filter((s) => s.kind === UnderlyingKind.Etf)
    .sort((a, b) => dollarVolume(b) - dollarVolume(a));
  const stocks = ref.symbols
    .filter((s) => s.kind === UnderlyingKind.Stock)
    .sort((a, b) => dollarVolume(b) - dollarVolume(a));
  const order = [...indexes, ...funds, ...stocks];
  return order.map((s, index): UnderlyingSpec => {
    const rankInKind = s.kind === UnderlyingKind.Etf ? funds.indexOf(s) : stocks.indexOf(s);
    const tier: LiquidityTier = DAILY_EXPIRATIONS.has(s.symbol)
      ? 0
      : s.kind === UnderlyingKind.Index ||
          (s.kind === UnderlyingKind.Etf && rankInKind < TIER1_FUNDS) ||
          (s.kind === UnderlyingKind.Stock && rankInKind < TIER1_STOCKS)
        ? 1
        : 2;
    // Indexes and funds trade a lot of options for their share volume; size their liquidity like
    // the stocks of their dollar volume, but never below a mid-cap's.
    const avgVolume = Number.isFinite(s.avgVolume) ? s.avgVolume : proxyVolume(ref, s.symbol);
    return {
      index,
      symbol: s.symbol,
      name: s.name,
      kind: s.kind,
      sector: s.sector,
      industry: s.industry,
      synthetic: false,
      sp500: s.sp500,
      nasdaq100: s.nasdaq100,
      tier,
      isVix: s.symbol === 'VIX',
      pennyAll: PENNY_ALL.has(s.symbol),
      lastClose: s.lastClose,
      vol: Number.isFinite(s.vol) ? s.vol : 0.2,
      beta: Number.isFinite(s.beta) ? s.beta : 1,
      drift: Number.isFinite(s.drift) ? s.drift : 0.06,
      avgVolume,
      dividendYield: Number.isFinite(s.dividendYield) ? s.dividendYield : 0,
      firstDate: s.firstDate,
      reference: ref.fundamentals.get(s.symbol),
    };
  });
}

/**
 * Indexes have no share volume: size them by their tracking fund in index points (SPX as ten
 * SPY, NDX as QQQ, RUT as IWM, DJX as DIA), VIX as SPY. Cash-settled index options trade
 * about as much notional as the fund's.
 */
function proxyVolume(ref: ReferenceData, symbol: string): number {
  const proxy: Record<string, string> = {
    SPX: 'SPY',
    XSP: 'SPY',
    NDX: 'QQQ',
    RUT: 'IWM',
    DJX: 'DIA',
    VIX: 'SPY',
  };
  const p = ref.symbols.find((s) => s.symbol === (proxy[symbol] ?? 'SPY'));
  const s = ref.symbols.find((x) => x.symbol === symbol);
  if (!p || !s) return 1e6;
  return (p.avgVolume * p.lastClose) / s.lastClose;
}

const SECTOR_WEIGHTS: readonly [number, number][] = [
  [Sector.Technology, 18],
  [Sector.Healthcare, 16],
  [Sector.Financial, 15],
  [Sector.ConsumerCyclical, 11],
  [Sector.Industrials, 12],
  [Sector.CommunicationServices, 5],
  [Sector.ConsumerDefensive, 5],
  [Sector.Energy, 6],
  [Sector.BasicMaterials, 5],
  [Sector.Utilities, 3],
  [Sector.RealEstate, 4],
];

/** A word for a synthetic company's name, by its sector. */
const SECTOR_WORD: Readonly<Record<number, string>> = {
  [Sector.Technology]: 'Technologies',
  [Sector.Financial]: 'Financial',
  [Sector.CommunicationServices]: 'Media',
  [Sector.ConsumerCyclical]: 'Brands',
  [Sector.ConsumerDefensive]: 'Foods',
  [Sector.Energy]: 'Energy',
  [Sector.BasicMaterials]: 'Materials',
  [Sector.Utilities]: 'Power',
  [Sector.RealEstate]: 'Realty',
  [Sector.Industrials]: 'Industries',
  [Sector.Healthcare]: 'Therapeutics',
};

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Synthetic small and mid caps: smaller, more volatile and less liquid than the real list. */
function synthetic(ref: ReferenceData, seed: number, index: number, taken: Set<string>): UnderlyingSpec {
  const rng = rngFor(seed, 'synthetic', index);
  let symbol = '';
  do {
    const len = rng.next() < 0.35 ? 3 : 4;
    symbol = '';
    for (let i = 0; i < len; i++) symbol += LETTERS[rng.int(26)];
  } while (taken.has(symbol));
  taken.add(symbol);
  const sector = rng.pick(
    SECTOR_WEIGHTS.map(([s]) => s),
    SECTOR_WEIGHTS.map(([, w]) => w),
  );
  const industries = [
    ...new Set(ref.symbols.filter((s) => s.sector === sector && s.industry).map((s) => s.industry)),
  ];
  const industry = industries[rng.int(industries.length)] ?? '';
  const lastClose = Math.round(Math.min(900, Math.max(2, 35 * rng.lognormal(0.9))) * 100) / 100;
  const vol = Math.min(1.2, Math.max(0.18, 0.42 * rng.lognormal(0.35)));
  const beta = Math.min(2.5, Math.max(0.3, 1.1 + 0.35 * rng.normal()));
  return {
    index: -1,
    symbol,
    name: `${symbol} ${SECTOR_WORD[sector] ?? 'Holdings'} (synthetic)`,
    kind: UnderlyingKind.Stock,
    sector,
    industry,
    synthetic: true,
    sp500: false,
    nasdaq100: false,
    tier: rng.next() < 0.25 ? 2 : 3,
    isVix: false,
    pennyAll: false,
    lastClose,
    vol,
    beta,
    drift: 0.04 + 0.05 * beta,
    avgVolume: Math.round(900_000 * rng.lognormal(1)),
    dividendYield: rng.next() < 0.55 ? 0 : Math.round(rng.uniform(0.004, 0.045) * 10000) / 10000,
    firstDate: '',
    reference: undefined,
  };
}

/** The universe for a configuration, with `index` set to the position in the returned list. */
export function buildUniverse(ref: ReferenceData, config: SimulatorConfig): UnderlyingSpec[] {
  const real = rankedReal(ref);
  const wanted = config.symbols;
  const count = wanted ? real.length + wanted.length : universeCount(config.universe);
  const all: UnderlyingSpec[] = real.slice(0, count);
  const taken = new Set(real.map((s) => s.symbol));
  // Synthetic tickers are numbered independently of the universe size, so the first synthetic
  // ticker is the same in M and L.
  for (let i = 0; all.length < count; i++) all.push(synthetic(ref, config.seed, i, taken));
  const picked = wanted
    ? wanted.map((sym) => {
        const s = all.find((x) => x.symbol === sym);
        if (!s) throw new Error(`unknown symbol ${sym}`);
        return s;
      })
    : all;
  return picked.map((s, index) => ({ ...s, index }));
}
