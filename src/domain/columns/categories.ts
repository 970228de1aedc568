/**
 * Data categories shared by the column chooser and the filter picker, in the order the spec fixes
 * (spec 2 §3.8): the chooser lists categories in this order.
 */
export const DataCategory = {
  Descriptive: 'Descriptive Data',
  Technical: 'Technical Data',
  Fundamental: 'Fundamental Data',
  ConsolidatedOptions: 'Consolidated Options Data',
  Option: 'Option Data',
  Greeks: 'Greeks',
  Spreads: 'Spreads Specific',
} as const;
export type DataCategory = (typeof DataCategory)[keyof typeof DataCategory];

/** The seven screener categories in display order. */
export const DATA_CATEGORY_ORDER: readonly DataCategory[] = [
  DataCategory.Descriptive,
  DataCategory.Technical,
  DataCategory.Fundamental,
  DataCategory.ConsolidatedOptions,
  DataCategory.Option,
  DataCategory.Greeks,
  DataCategory.Spreads,
];

/** Columns that exist only in the trade log (position bookkeeping) sit in their own category. */
export const TRADE_LOG_CATEGORY = 'Trade Log';
export type ColumnCategory = DataCategory | typeof TRADE_LOG_CATEGORY;

/** Trade log chooser order: the position columns first, then the shared datapoints. */
export const TRADE_LOG_CATEGORY_ORDER: readonly ColumnCategory[] = [
  TRADE_LOG_CATEGORY,
  ...DATA_CATEGORY_ORDER,
];
