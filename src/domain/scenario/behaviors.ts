/**
 * The analyzer's price views (spec 3 §3 "Analyzer assumption") and the strategies it tries for each
 * (spec 3 §3 "Analyzer strategy sets per behavior"). The source lists married_put and married_call
 * at the end of the bearish set; the bearish reading is the one kept here: a married call (short
 * shares with a bought call) profits when the price falls, a married put only when it rises, so the
 * married put is in the bullish set only.
 */
import type { StrategyKey } from '../strategies/strategy-key.ts';

export const ANALYZER_BEHAVIORS = ['abovePrice', 'belowPrice', 'insideRange', 'outsideRange'] as const;
export type AnalyzerBehavior = (typeof ANALYZER_BEHAVIORS)[number];

/** A view on one level (a value) or on a band (from < to). */
export const LEVEL_BEHAVIORS = ['abovePrice', 'belowPrice'] as const;
export const RANGE_BEHAVIORS = ['insideRange', 'outsideRange'] as const;
export type LevelBehavior = (typeof LEVEL_BEHAVIORS)[number];
export type RangeBehavior = (typeof RANGE_BEHAVIORS)[number];

export const ANALYZER_STRATEGY_SETS = {
  abovePrice: [
    'long_stock',
    'long_call',
    'covered_call',
    'naked_put',
    'bull_call_spread',
    'bull_put_spread',
    'married_put',
    'collar',
  ],
  belowPrice: [
    'short_stock',
    'long_put',
    'naked_call',
    'bear_put_spread',
    'bear_call_spread',
    'married_call',
  ],
  insideRange: [
    'long_stock',
    'short_stock',
    'short_straddle',
    'short_strangle',
    'iron_condor',
    'iron_butterfly',
    'call_butterfly',
    'put_butterfly',
  ],
  outsideRange: ['long_stock', 'short_stock', 'long_straddle', 'long_strangle'],
} as const satisfies Record<AnalyzerBehavior, readonly StrategyKey[]>;

export type AnalyzerStrategy = (typeof ANALYZER_STRATEGY_SETS)[AnalyzerBehavior][number];

/** Every strategy some view tries, once each (a non-empty list, as an enum schema takes it). */
export const ANALYZER_STRATEGIES = [...new Set(Object.values(ANALYZER_STRATEGY_SETS).flat())] as [
  AnalyzerStrategy,
  ...AnalyzerStrategy[],
];

/** The view as the analyzer states it: a price level, or a band of prices (dollars). */
export type PriceView =
  | { readonly behavior: LevelBehavior; readonly value: number }
  | { readonly behavior: RangeBehavior; readonly from: number; readonly to: number };

/** Ten slots from the highest return (0) to the highest probability of profit (9); default 5. */
export const SCENARIO_SLOTS = 10;
export const DEFAULT_SCENARIO_SLOT = 5;
