/** Sector and underlying-kind codes as the market data carries them (spec 1 §3, spec 2 §3.9). */

export const SECTOR_NAMES: Readonly<Record<number, string>> = {
  1: 'Technology',
  2: 'Financial',
  3: 'Communication Services',
  4: 'Consumer Cyclical',
  6: 'Consumer Defensive',
  7: 'Energy',
  8: 'Basic Materials',
  10: 'Utilities',
  11: 'Real Estate',
  14: 'Industrials',
  2361: 'Healthcare',
};

export const UNDERLYING_KIND_NAMES: Readonly<Record<number, string>> = { 1: 'Stock', 2: 'ETF', 3: 'Index' };

export function sectorName(code: number | null | undefined): string | undefined {
  return code === null || code === undefined ? undefined : SECTOR_NAMES[code];
}

export function underlyingKindName(code: number | null | undefined): string | undefined {
  return code === null || code === undefined ? undefined : UNDERLYING_KIND_NAMES[code];
}
