/**
 * The part of a symbol's chain the analyzer trades under a view (docs/ANALYZER.md, "Candidates"):
 * the expirations from the view's date D on (D and the next LATER_EXPIRATIONS), and in each the
 * strikes whose options pass the liquidity filters, within the view's strike window, thinned to
 * round strikes when there are more than MAX_STRIKES of them.
 */
import type { OptionContract } from '#domain/contracts/contract.ts';
import { ExerciseStyle, exerciseStyleOf } from '#domain/contracts/exercise-style.ts';
import { UnderlyingKind } from '#domain/filters/sectors.ts';
import { type ViewDistribution, zOf } from '#domain/scenario/distribution.ts';
import type {
  MarketProvider,
  OptionChain,
  OptionQuote,
  UnderlyingInfo,
  UnderlyingQuote,
} from '../market/provider.ts';

/** Expirations after the view's date whose trades are candidates too. */
export const LATER_EXPIRATIONS = 2;
/** Strikes per expiration, at most: beyond it only round strikes are kept. */
export const MAX_STRIKES = 40;
/** Strikes within this many standard deviations of ln S_D (widened to reach the view's levels). */
export const STRIKE_WINDOW_Z = 3;
/** Liquidity: a bid, a spread at most this share of the mid, and some open interest. */
export const MAX_SPREAD_OF_MID = 0.5;
export const MIN_OPEN_INTEREST = 10;
/** Round strike steps tried when thinning, smallest first. */
const STEPS = [0.5, 1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1000];

export interface ChainOption {
  readonly contract: OptionContract;
  readonly id: string;
  readonly bid: number;
  readonly ask: number;
  readonly iv: number;
}

export interface ExpirationGroup {
  readonly expiration: string;
  /** Ascending. */
  readonly strikes: readonly number[];
  /** By strike index; null where the right has no liquid option there. */
  readonly calls: readonly (ChainOption | null)[];
  readonly puts: readonly (ChainOption | null)[];
}

export interface ViewChain {
  readonly symbol: string;
  readonly spot: number;
  readonly stockBid: number;
  readonly stockAsk: number;
  readonly rate: number;
  readonly dividendYield: number;
  readonly american: boolean;
  /** False for an index: it has no shares to trade, so no strategy with a stock leg. */
  readonly sharesTraded: boolean;
  readonly asOfMs: number;
  readonly groups: readonly ExpirationGroup[];
}

const isLiquid = (o: OptionQuote): boolean =>
  o.bid > 0 &&
  o.ask >= o.bid &&
  o.ask - o.bid <= MAX_SPREAD_OF_MID * o.mid &&
  o.openInterest >= MIN_OPEN_INTEREST &&
  o.iv > 0;

/** What the market has for the symbol: its listing, chain and quote. */
export interface MarketChain {
  readonly info: UnderlyingInfo;
  readonly chain: OptionChain;
  readonly quote: UnderlyingQuote;
}

/** The market's chain for the symbol, or undefined when it does not list it. */
export function chainOf(market: MarketProvider, symbol: string): MarketChain | undefined {
  const info = market.underlying(symbol);
  const chain = market.optionChain(symbol);
  const quote = market.quote(symbol);
  if (!info || !chain || !quote) return undefined;
  return { info, chain, quote };
}

/** Strikes to keep of `all` (ascending): all of them up to MAX_STRIKES, else the round ones. */
function thin(all: readonly number[]): number[] {
  if (all.length <= MAX_STRIKES) return [...all];
  for (const step of STEPS) {
    const round = all.filter((k) => Math.abs(k / step - Math.round(k / step)) < 1e-9);
    if (round.length <= MAX_STRIKES && round.length > 0) return round;
  }
  const every = Math.ceil(all.length / MAX_STRIKES);
  return all.filter((_, i) => i % every === 0);
}

export function viewChain(
  found: MarketChain,
  date: string,
  dist: ViewDistribution,
  levels: readonly number[],
): ViewChain {
  const { info, chain, quote } = found;
  const dates = chain.expirations.map((e) => e.date).filter((d) => d >= date);
  const chosen = new Set(dates.slice(0, LATER_EXPIRATIONS + 1));
  const zs = levels.map((x) => zOf(dist, x));
  const zLo = Math.min(-STRIKE_WINDOW_Z, ...zs.map((z) => z - 1));
  const zHi = Math.max(STRIKE_WINDOW_Z, ...zs.map((z) => z + 1));
  const byDate = new Map<string, OptionQuote[]>();
  for (const o of chain.options) {
    if (!chosen.has(o.contract.expiration) || !isLiquid(o)) continue;
    const z = zOf(dist, o.contract.strike);
    if (z < zLo || z > zHi) continue;
    const list = byDate.get(o.contract.expiration) ?? [];
    list.push(o);
    byDate.set(o.contract.expiration, list);
  }
  const groups: ExpirationGroup[] = [];
  for (const expiration of chosen) {
    const options = byDate.get(expiration) ?? [];
    const strikes = thin([...new Set(options.map((o) => o.contract.strike))].sort((a, b) => a - b));
    const index = new Map(strikes.map((k, i) => [k, i]));
    const calls: (ChainOption | null)[] = strikes.map(() => null);
    const puts: (ChainOption | null)[] = strikes.map(() => null);
    for (const o of options) {
      const i = index.get(o.contract.strike);
      if (i === undefined) continue;
      const row = { contract: o.contract, id: o.id, bid: o.bid, ask: o.ask, iv: o.iv };
      if (o.contract.right === 'CALL') calls[i] = row;
      else puts[i] = row;
    }
    groups.push({ expiration, strikes, calls, puts });
  }
  return {
    symbol: info.symbol,
    spot: quote.last,
    stockBid: quote.bid,
    stockAsk: quote.ask,
    rate: chain.riskFreeRate,
    dividendYield: chain.dividendYield,
    american: exerciseStyleOf(info.kind) === ExerciseStyle.American,
    sharesTraded: info.kind !== UnderlyingKind.Index,
    asOfMs: chain.asOf,
    groups,
  };
}
