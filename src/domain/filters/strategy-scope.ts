/**
 * Which strategies a filter applies to. The strategy keys are spec 2 §3.1's; the groups below
 * are the filter catalogue's own view of them (by option legs, expirations and premium sold).
 */
import {
  isScreenerStrategyKey,
  SCREENER_STRATEGY_KEYS,
  type ScreenerStrategyKey,
} from '../strategies/strategy-key.ts';

/** The screener's strategy keys; one list for the whole domain, owned by `strategies/`. */
export const SCREENER_STRATEGIES = SCREENER_STRATEGY_KEYS;
export type ScreenerStrategy = ScreenerStrategyKey;

const without = (exclude: readonly ScreenerStrategy[]): readonly ScreenerStrategy[] =>
  SCREENER_STRATEGIES.filter((s) => !exclude.includes(s));

const SINGLE_OPTION: readonly ScreenerStrategy[] = [
  'long_call',
  'long_put',
  'naked_call',
  'naked_put',
  'covered_call',
  'married_call',
  'married_put',
];
const BUTTERFLIES: readonly ScreenerStrategy[] = ['call_butterfly', 'put_butterfly', 'iron_butterfly'];
const CALENDARS: readonly ScreenerStrategy[] = ['long_call_calendar_spread', 'long_put_calendar_spread'];
const DIAGONALS: readonly ScreenerStrategy[] = ['long_call_diagonal_spread', 'long_put_diagonal_spread'];
const SAME_STRIKE: readonly ScreenerStrategy[] = ['long_straddle', 'short_straddle', ...CALENDARS];
/** Strategies that buy every option they hold: no premium sold, so no margin on short options. */
const LONG_PREMIUM_ONLY: readonly ScreenerStrategy[] = [
  'long_call',
  'long_put',
  'married_call',
  'married_put',
  'long_straddle',
  'long_strangle',
];

export const StrategyScope = {
  All: SCREENER_STRATEGIES,
  /** Two or more option legs. */
  MultiLeg: without(SINGLE_OPTION),
  /** Two or more option legs at different strikes (no straddles, no calendars). */
  MultiStrike: without([...SINGLE_OPTION, ...SAME_STRIKE]),
  /** Legs in two expirations. */
  MultiExpiration: [...CALENDARS, ...DIAGONALS],
  Diagonals: DIAGONALS,
  Butterflies: BUTTERFLIES,
  IronCondor: ['iron_condor'],
  CoveredCall: ['covered_call'],
  /** At least one option sold, so a margin requirement applies. */
  ShortPremium: without(LONG_PREMIUM_ONLY),
} as const satisfies Record<string, readonly ScreenerStrategy[]>;

export const isScreenerStrategy = isScreenerStrategyKey;
