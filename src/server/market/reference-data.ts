/**
 * Loads the shipped reference data (`reference/*.csv`, `reference/model.json`, produced by
 * `reference/derive.ts`). Read once per process; everything the simulator knows about the real
 * market comes from here.
 */
import { readFileSync } from 'node:fs';
import { parseCsvRecords } from './reference/csv.ts';

export interface ReferenceSymbol {
  readonly symbol: string;
  readonly name: string;
  readonly kind: 1 | 2 | 3;
  readonly sector: number;
  readonly industry: string;
  readonly sp500: boolean;
  readonly nasdaq100: boolean;
  readonly lastClose: number;
  readonly vol: number;
  readonly beta: number;
  readonly drift: number;
  readonly avgVolume: number;
  readonly firstDate: string;
  readonly dividendYield: number;
}

export interface ReferenceFundamentals {
  /** Share price the fundamentals were observed at (to rescale price ratios). */
  readonly price: number;
  readonly marketCap: number;
  readonly pe: number;
  readonly dividendYield: number;
  readonly eps: number;
  readonly priceSales: number;
  readonly priceBook: number;
  readonly ebitda: number;
}

export interface SmileFit {
  readonly rho: number;
  readonly eta: number;
  readonly gamma: number;
  readonly rmse: number;
}

export interface TermFit {
  readonly short: number;
  readonly long: number;
  readonly kappa: number;
}

export interface MarketModel {
  readonly riskFreeRate: { readonly value: number };
  readonly vix: { readonly last: number; readonly date: string };
  readonly regime: {
    readonly meanLnVix: number;
    readonly phi: number;
    readonly sd: number;
    readonly leverageCorrelation: number;
  };
  readonly premium: {
    readonly oneYearOverThirtyDay: number;
    readonly vixOverRealized: number;
    readonly atmOverVix: number;
  };
  readonly smile: Readonly<Record<string, SmileFit>>;
  /** The 30-day smile read in delta (reference/smile-fit.ts) and that chain's 30-day ATM IV. */
  readonly smile30: Readonly<
    Record<string, { readonly rho: number; readonly eta: number; readonly atm: number }>
  >;
  readonly term: Readonly<Record<string, TermFit>>;
  readonly spread: {
    readonly a: number;
    readonly b: number;
    readonly c: number;
    readonly lambda: number;
    readonly spyDollarVolume: number;
    /** Daily dollar volume from which a name's quotes are as tight as SPY's (spread multiplier 1). */
    readonly tightDollarVolume: number;
    /**
     * Option notional a fund's chain trades per dollar of its shares traded, over a stock's (fitted
     * on the real chains): a fund's spreads are those of a stock of that many times its dollar volume.
     */
    readonly fundOptionActivity: number;
  };
  readonly openInterest: {
    readonly uBuckets: readonly number[];
    readonly perContractByU: readonly number[];
    readonly termDays: readonly number[];
    readonly expiryShareMonthly: readonly (number | null)[];
    readonly expiryShareOther: readonly (number | null)[];
    readonly totalPerDollarVolume: number;
    readonly dailyTurnoverByTerm: readonly number[];
    readonly dailyTurnoverByU: readonly number[];
    readonly dailyTurnoverByUWeek: readonly number[];
    /** Per class, multipliers of `perContractByU` (by u bucket) and of the expiry shares (by term bin). */
    readonly classes: Readonly<
      Record<'fund' | 'stock', { readonly byU: readonly number[]; readonly byTerm: readonly number[] }>
    >;
  };
}

export interface ReferenceData {
  readonly symbols: readonly ReferenceSymbol[];
  readonly fundamentals: ReadonlyMap<string, ReferenceFundamentals>;
  /** VIX closes, oldest first (Cboe via datasets/finance-vix, ODC-PDDL). */
  readonly vix: readonly { readonly date: string; readonly close: number }[];
  readonly model: MarketModel;
}

const DIR = new URL('./reference/', import.meta.url);
const num = (s: string | undefined) => (s === undefined || s === '' ? Number.NaN : Number(s));
let cached: ReferenceData | undefined;

export function loadReferenceData(): ReferenceData {
  if (cached) return cached;
  const read = (name: string) => readFileSync(new URL(name, DIR), 'utf8');
  const params = new Map(parseCsvRecords(read('params.csv')).map((r) => [r.symbol as string, r]));
  const symbols = parseCsvRecords(read('symbols.csv')).map((r): ReferenceSymbol => {
    const p = params.get(r.symbol as string);
    if (!p) throw new Error(`reference/params.csv lacks ${r.symbol}`);
    return {
      symbol: r.symbol as string,
      name: r.name as string,
      kind: Number(r.kind) as 1 | 2 | 3,
      sector: Number(r.sector),
      industry: r.industry as string,
      sp500: r.sp500 === '1',
      nasdaq100: r.nasdaq100 === '1',
      lastClose: num(p.last_close),
      vol: num(p.vol),
      beta: num(p.beta),
      drift: num(p.drift),
      avgVolume: num(p.avg_volume),
      firstDate: p.first_date as string,
      dividendYield: num(p.dividend_yield),
    };
  });
  const fundamentals = new Map(
    parseCsvRecords(read('fundamentals.csv')).map((r): [string, ReferenceFundamentals] => [
      r.symbol as string,
      {
        price: num(r.price),
        marketCap: num(r.market_cap),
        pe: num(r.pe),
        dividendYield: num(r.dividend_yield),
        eps: num(r.eps),
        priceSales: num(r.price_sales),
        priceBook: num(r.price_book),
        ebitda: num(r.ebitda),
      },
    ]),
  );
  const vix = parseCsvRecords(read('vix.csv')).map((r) => ({ date: r.date as string, close: num(r.close) }));
  const model = JSON.parse(read('model.json')) as MarketModel;
  cached = { symbols, fundamentals, vix, model };
  return cached;
}
