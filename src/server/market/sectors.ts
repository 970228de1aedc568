/**
 * The screener's codes for sectors and underlying kinds (spec 2 §3.9), and the mapping from
 * GICS sector names (as the S&P 500 constituents file spells them) to those codes.
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

export const SECTOR_NAMES: Readonly<Record<number, string>> = {
  0: '',
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

export const SECTOR_BY_GICS: Readonly<Record<string, Sector>> = {
  'Information Technology': Sector.Technology,
  Financials: Sector.Financial,
  'Communication Services': Sector.CommunicationServices,
  'Consumer Discretionary': Sector.ConsumerCyclical,
  'Consumer Staples': Sector.ConsumerDefensive,
  Energy: Sector.Energy,
  Materials: Sector.BasicMaterials,
  Utilities: Sector.Utilities,
  'Real Estate': Sector.RealEstate,
  Industrials: Sector.Industrials,
  'Health Care': Sector.Healthcare,
};

export const UnderlyingKind = { Stock: 1, Etf: 2, Index: 3 } as const;
export type UnderlyingKind = (typeof UnderlyingKind)[keyof typeof UnderlyingKind];
