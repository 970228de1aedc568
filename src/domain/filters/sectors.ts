/**
 * The one table of sector and underlying-kind codes (spec 2 §3.9): the market data carries them,
 * the `sector` and `type_id` filters offer them, and the `sector_id` and `type_id` columns show
 * their names. Funds and indexes that track no sector have `Sector.None`.
 */

export const Sector = {
  None: 0,
  Technology: 1,
  Financial: 2,
  CommunicationServices: 3,
  ConsumerCyclical: 4,
  ConsumerDefensive: 6,
  Energy: 7,
  BasicMaterials: 8,
  Utilities: 10,
  RealEstate: 11,
  Industrials: 14,
  Healthcare: 2361,
} as const;
export type Sector = (typeof Sector)[keyof typeof Sector];

/** The named sectors, in the filter's order. */
export const SECTORS = [
  { code: Sector.Technology, name: 'Technology' },
  { code: Sector.Financial, name: 'Financial' },
  { code: Sector.CommunicationServices, name: 'Communication Services' },
  { code: Sector.ConsumerCyclical, name: 'Consumer Cyclical' },
  { code: Sector.ConsumerDefensive, name: 'Consumer Defensive' },
  { code: Sector.Energy, name: 'Energy' },
  { code: Sector.BasicMaterials, name: 'Basic Materials' },
  { code: Sector.Utilities, name: 'Utilities' },
  { code: Sector.RealEstate, name: 'Real Estate' },
  { code: Sector.Industrials, name: 'Industrials' },
  { code: Sector.Healthcare, name: 'Healthcare' },
] as const;
export type SectorCode = (typeof SECTORS)[number]['code'];

const SECTOR_NAMES: ReadonlyMap<number, string> = new Map(SECTORS.map((s) => [s.code, s.name]));

export const isSectorCode = (code: number): code is SectorCode => SECTOR_NAMES.has(code);
/** The sector's name; undefined for `Sector.None` and unknown codes. */
export const sectorName = (code: number): string | undefined => SECTOR_NAMES.get(code);

export const UnderlyingKind = { Stock: 1, Etf: 2, Index: 3 } as const;
export type UnderlyingKind = (typeof UnderlyingKind)[keyof typeof UnderlyingKind];

/** Underlying kinds used by the `type_id` filter and column. */
export const UNDERLYING_TYPES = [
  { code: UnderlyingKind.Stock, name: 'Stock' },
  { code: UnderlyingKind.Etf, name: 'ETF' },
  { code: UnderlyingKind.Index, name: 'Index' },
] as const;

const TYPE_NAMES: ReadonlyMap<number, string> = new Map(UNDERLYING_TYPES.map((t) => [t.code, t.name]));

export const underlyingTypeName = (code: number): string | undefined => TYPE_NAMES.get(code);
