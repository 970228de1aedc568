/**
 * The universes every user can pick and none can change (docs/SCREENER.md, "Universes"): index
 * memberships from the market's reference data (`market/reference/symbols.csv`), in ticker order.
 * The Dow's 30 names are listed here; the reference data flags S&P 500 and Nasdaq-100 members.
 */
import { loadReferenceData, type ReferenceSymbol } from '../market/reference-data.ts';

export interface PredefinedUniverse {
  /** Stable key: the seed finds the row by it. */
  readonly key: string;
  readonly name: string;
  readonly symbols: readonly string[];
}

/** Dow Jones Industrial Average members (S&P Dow Jones Indices, November 2024 composition). */
export const DOW_30 = [
  'AAPL',
  'AMGN',
  'AMZN',
  'AXP',
  'BA',
  'CAT',
  'CRM',
  'CSCO',
  'CVX',
  'DIS',
  'GS',
  'HD',
  'HON',
  'IBM',
  'JNJ',
  'JPM',
  'KO',
  'MCD',
  'MMM',
  'MRK',
  'MSFT',
  'NKE',
  'NVDA',
  'PG',
  'SHW',
  'TRV',
  'UNH',
  'V',
  'VZ',
  'WMT',
] as const;

const tickers = (symbols: readonly ReferenceSymbol[], keep: (s: ReferenceSymbol) => boolean) =>
  symbols
    .filter(keep)
    .map((s) => s.symbol)
    .sort();

export function predefinedUniverses(): PredefinedUniverse[] {
  const { symbols } = loadReferenceData();
  const known = new Set(symbols.map((s) => s.symbol));
  return [
    { key: 'sp500', name: 'S&P 500', symbols: tickers(symbols, (s) => s.sp500) },
    { key: 'nasdaq100', name: 'Nasdaq-100', symbols: tickers(symbols, (s) => s.nasdaq100) },
    { key: 'dow30', name: 'Dow 30', symbols: DOW_30.filter((s) => known.has(s)) },
    { key: 'etfs', name: 'Optionable ETFs', symbols: tickers(symbols, (s) => s.kind === 2) },
  ];
}
