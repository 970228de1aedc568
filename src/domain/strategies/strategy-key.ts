/**
 * Strategy keys. The screener offers the 27 keys of `SCREENER_STRATEGY_KEYS`; the order editor and
 * the analyzer also know long and short stock.
 */

export const SCREENER_STRATEGY_KEYS = [
  'long_call',
  'long_put',
  'naked_call',
  'naked_put',
  'covered_call',
  'married_call',
  'married_put',
  'bull_call_spread',
  'bear_call_spread',
  'bull_put_spread',
  'bear_put_spread',
  'long_straddle',
  'short_straddle',
  'long_strangle',
  'short_strangle',
  'call_butterfly',
  'put_butterfly',
  'iron_butterfly',
  'iron_condor',
  'long_call_calendar_spread',
  'long_put_calendar_spread',
  'long_call_diagonal_spread',
  'long_put_diagonal_spread',
  'collar',
  'call_ratio_spread',
  'put_ratio_spread',
  'custom',
] as const;

export const STOCK_STRATEGY_KEYS = ['long_stock', 'short_stock'] as const;

export const STRATEGY_KEYS = [...SCREENER_STRATEGY_KEYS, ...STOCK_STRATEGY_KEYS] as const;

export type ScreenerStrategyKey = (typeof SCREENER_STRATEGY_KEYS)[number];
export type StrategyKey = (typeof STRATEGY_KEYS)[number];

const KEY_SET: ReadonlySet<string> = new Set(STRATEGY_KEYS);
const SCREENER_KEY_SET: ReadonlySet<string> = new Set(SCREENER_STRATEGY_KEYS);

export const isStrategyKey = (value: string): value is StrategyKey => KEY_SET.has(value);

export const isScreenerStrategyKey = (value: string): value is ScreenerStrategyKey =>
  SCREENER_KEY_SET.has(value);
