/** Sector codes used by the `sector` filter and the `sector_id` column (spec 2 §3.9). */
export const SECTORS = [
  { code: 1, name: 'Technology' },
  { code: 2, name: 'Financial' },
  { code: 3, name: 'Communication Services' },
  { code: 4, name: 'Consumer Cyclical' },
  { code: 6, name: 'Consumer Defensive' },
  { code: 7, name: 'Energy' },
  { code: 8, name: 'Basic Materials' },
  { code: 10, name: 'Utilities' },
  { code: 11, name: 'Real Estate' },
  { code: 14, name: 'Industrials' },
  { code: 2361, name: 'Healthcare' },
] as const;
export type SectorCode = (typeof SECTORS)[number]['code'];

const SECTOR_NAMES: ReadonlyMap<number, string> = new Map(SECTORS.map((s) => [s.code, s.name]));

export const isSectorCode = (code: number): code is SectorCode => SECTOR_NAMES.has(code);
export const sectorName = (code: number): string | undefined => SECTOR_NAMES.get(code);

/** Underlying kinds used by the `type_id` filter and column. */
export const UNDERLYING_TYPES = [
  { code: 1, name: 'Stock' },
  { code: 2, name: 'ETF' },
  { code: 3, name: 'Index' },
] as const;
export type UnderlyingTypeCode = (typeof UNDERLYING_TYPES)[number]['code'];

const TYPE_NAMES: ReadonlyMap<number, string> = new Map(UNDERLYING_TYPES.map((t) => [t.code, t.name]));

export const underlyingTypeName = (code: number): string | undefined => TYPE_NAMES.get(code);
