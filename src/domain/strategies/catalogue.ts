/**
 * The strategy catalogue: every strategy's legs, labels, hint and scan defaults (spec 2 §3.1, §9.1).
 * Where the spec leaves a default open, the choice is written down in docs/STRATEGIES.md.
 *
 * Default filter values are tagged JSON objects in the shapes of the filter catalogue
 * (src/domain/filters, docs/FILTERS.md), keyed by the filter names of spec 2 §3.9: a range is
 * `{ type: 'range', min, max }` with `null` for an open bound; fractions are stored as fractions
 * (0.02 is shown as 2%); dollar spread metrics (max_loss) are per share (shown × 100 per contract).
 */
import type { Right } from '../contracts/contract.ts';
import type { BidAskLevel } from '../metrics/bid-ask.ts';
import type {
  DefaultFilters,
  LegTemplate,
  OptionLegTemplate,
  PremiumSide,
  SortEntry,
  StockLegTemplate,
  StrategyDefinition,
  StrategyGroup,
} from './definition.ts';
import { STRATEGY_KEYS, type StrategyKey } from './strategy-key.ts';

/** Custom strategies hold at most this many option legs (plus at most one stock leg). */
export const CUSTOM_MAX_OPTION_LEGS = 4;
/** Ratio spreads: each side holds 1 to this many contracts. */
export const RATIO_MAX_COUNT = 99;
/** Largest custom option quantity, and stock lots of 100 shares (spec 2 §5). */
export const CUSTOM_MAX_OPTION_QUANTITY = 9;
export const CUSTOM_MAX_STOCK_LOTS = 9;
export const RATIO_COUNT_MESSAGE =
  'The number of the Long options must be less than the number of the Short options.';

const option = (right: Right, quantity: number, label: string, strikeSlot = 0, expirationSlot = 0) =>
  ({ kind: 'option', right, quantity, label, strikeSlot, expirationSlot }) satisfies OptionLegTemplate;
const stock = (quantity: number, label: string) =>
  ({ kind: 'stock', quantity, label }) satisfies StockLegTemplate;

// Default filter building blocks (spec 2 §9.1).
const range = (min: number | null, max: number | null) => ({ type: 'range', min, max }) as const;
const band = (min: number, max: number) => ({ type: 'range_or_closest', mode: 'range', min, max }) as const;
const LIQUID = { total_vol: range(5000, null) } as const;
const days = (low: number, high: number) => ({ days_to_expiration: band(low, high) }) as const;
const moneyness = (width: number) => ({ moneyness: band(-width, width) }) as const;
const TIGHT_SINGLE = { bid_ask_spread: range(null, 0.5) } as const;
const SHORT_RETURNS = {
  return_acquisition: range(0.01, null),
  return_acquisition_annualized: range(0.05, null),
} as const;
const maxLoss = (cap: number) => ({ max_loss: range(null, cap) }) as const;
const maxLossPercent = (cap: number) => ({ max_loss_percent: range(null, cap) }) as const;
/**
 * Option leg n (1-based, stock legs not counted) strictly above (below) the price: its strike at
 * least 0.01 ATR from it (`leg_strike_atr_n`, whose sign is the side of the price). How a scan says
 * "out of the money" of one leg, where moneyness applies to every leg.
 */
const above = (leg: number) => ({ [`leg_strike_atr_${leg}`]: range(0.01, null) }) as const;
const below = (leg: number) => ({ [`leg_strike_atr_${leg}`]: range(null, -0.01) }) as const;
/** Option leg n's strike within one ATR of the price. */
const nearAtr = (leg: number) => ({ [`leg_strike_atr_${leg}`]: range(-1, 1) }) as const;

const BY_VOLUME: readonly SortEntry[] = [['total_vol', 'desc']];

const ONE_BREAKEVEN = ['Breakeven'] as const;
const TWO_BREAKEVENS = ['Lower', 'Upper'] as const;
const SAME_EXPIRATION = 'All legs need the same expiration.';

interface Entry {
  readonly title: string;
  readonly intent: string;
  readonly group: StrategyGroup;
  readonly legs: readonly LegTemplate[];
  readonly hint: string;
  readonly premium: PremiumSide;
  readonly filters: DefaultFilters;
  readonly sorting: readonly SortEntry[];
  readonly level: BidAskLevel;
  readonly breakevens?: readonly string[];
  readonly editor?: 'ratio' | 'custom';
  readonly optionLegCount?: number;
  readonly screener?: boolean;
}

const ENTRIES: { readonly [K in StrategyKey]: Entry } = {
  long_call: {
    title: 'Long Call',
    intent: 'Calls within 2% of the price, up to a month out, on heavily traded names: a bet on a rise.',
    group: 'Single-Leg',
    legs: [option('CALL', 1, 'Long CALL')],
    hint: 'Buy one call.',
    premium: 'bought',
    filters: { ...LIQUID, ...days(0, 30), ...moneyness(0.02), ...TIGHT_SINGLE },
    sorting: BY_VOLUME,
    level: 0.5,
  },
  long_put: {
    title: 'Long Put',
    intent: 'Puts within 2% of the price, up to a month out, on heavily traded names: a bet on a fall.',
    group: 'Single-Leg',
    legs: [option('PUT', 1, 'Long PUT')],
    hint: 'Buy one put.',
    premium: 'bought',
    filters: { ...LIQUID, ...days(0, 30), ...moneyness(0.02), ...TIGHT_SINGLE },
    sorting: BY_VOLUME,
    level: 0.5,
  },
  naked_call: {
    title: 'Naked Call',
    intent: 'Sell a call above the price, up to a month out, for a return of at least 1% (5% a year).',
    group: 'Single-Leg',
    legs: [option('CALL', -1, 'Short CALL')],
    hint: 'Sell one call.',
    premium: 'sold',
    filters: {
      ...LIQUID,
      ...days(0, 30),
      ...moneyness(0.15),
      ...TIGHT_SINGLE,
      ...SHORT_RETURNS,
      ...above(1),
    },
    sorting: BY_VOLUME,
    level: 0.5,
  },
  naked_put: {
    title: 'Naked Put',
    intent: 'Sell a put below the price, up to a month out, for a return of at least 1% (5% a year).',
    group: 'Single-Leg',
    legs: [option('PUT', -1, 'Short PUT')],
    hint: 'Sell one put.',
    premium: 'sold',
    filters: {
      ...LIQUID,
      ...days(0, 30),
      ...moneyness(0.15),
      ...TIGHT_SINGLE,
      ...SHORT_RETURNS,
      ...below(1),
    },
    sorting: BY_VOLUME,
    level: 0.5,
  },
  covered_call: {
    title: 'Covered Call',
    intent: 'Own 100 shares and sell a call above the price, up to a month out, for at least 1% (5% a year).',
    group: 'Single-Leg',
    legs: [stock(100, 'STOCK'), option('CALL', -1, 'Short CALL')],
    hint: 'Hold 100 shares for each call sold.',
    premium: 'sold',
    filters: {
      ...LIQUID,
      ...days(0, 30),
      ...moneyness(0.15),
      ...TIGHT_SINGLE,
      ...SHORT_RETURNS,
      ...above(1),
    },
    sorting: BY_VOLUME,
    level: 0.5,
  },
  married_call: {
    title: 'Married Call',
    intent: 'Sell 100 shares short and buy a call within 2% of the price, risking at most 5% of the price.',
    group: 'Single-Leg',
    legs: [stock(-100, 'Short STOCK'), option('CALL', 1, 'Long CALL')],
    hint: 'Sell 100 shares short and buy one call for each 100 shares.',
    premium: 'bought',
    filters: { ...LIQUID, ...days(0, 30), ...moneyness(0.02), ...TIGHT_SINGLE, ...maxLossPercent(0.05) },
    sorting: BY_VOLUME,
    level: 0.5,
  },
  married_put: {
    title: 'Married Put',
    intent: 'Own 100 shares and buy a put within 2% of the price, risking at most 5% of the price.',
    group: 'Single-Leg',
    legs: [stock(100, 'STOCK'), option('PUT', 1, 'Long PUT')],
    hint: 'Hold 100 shares and buy one put for each 100 shares.',
    premium: 'bought',
    filters: { ...LIQUID, ...days(0, 30), ...moneyness(0.02), ...TIGHT_SINGLE, ...maxLossPercent(0.05) },
    sorting: BY_VOLUME,
    level: 0.5,
  },
  bull_call_spread: {
    title: 'Bull Call Spread',
    intent: 'Buy a call spread within 15% of the price for less than its width, risking at most $5 a share.',
    group: 'Vertical Spreads',
    legs: [option('CALL', 1, 'Long CALL', 0), option('CALL', -1, 'Short CALL', 1)],
    hint: `Buy the lower strike call and sell the higher strike call. ${SAME_EXPIRATION}`,
    premium: 'bought',
    filters: { ...LIQUID, ...days(0, 30), ...moneyness(0.15), ...maxLoss(5) },
    sorting: BY_VOLUME,
    level: 0.25,
  },
  bear_call_spread: {
    title: 'Bear Call Spread',
    intent:
      'Sell a call spread above the price for a credit under its width, risking at most $5, best expected value first.',
    group: 'Vertical Spreads',
    legs: [option('CALL', -1, 'Short CALL', 0), option('CALL', 1, 'Long CALL', 1)],
    hint: `Sell the lower strike call and buy the higher strike call. ${SAME_EXPIRATION}`,
    premium: 'sold',
    filters: { ...LIQUID, ...days(0, 30), ...moneyness(0.15), ...maxLoss(5), ...above(1) },
    sorting: [['spread_expected_value', 'desc']],
    level: 0,
  },
  bull_put_spread: {
    title: 'Bull Put Spread',
    intent:
      'Sell a put spread below the price for a credit under its width, risking at most $5, best expected value first.',
    group: 'Vertical Spreads',
    legs: [option('PUT', 1, 'Long PUT', 0), option('PUT', -1, 'Short PUT', 1)],
    hint: `Buy the lower strike put and sell the higher strike put. ${SAME_EXPIRATION}`,
    premium: 'sold',
    filters: { ...LIQUID, ...days(0, 30), ...moneyness(0.15), ...maxLoss(5), ...below(2) },
    sorting: [['spread_expected_value', 'desc']],
    level: 0.25,
  },
  bear_put_spread: {
    title: 'Bear Put Spread',
    intent: 'Buy a put spread within 15% of the price for less than its width, risking at most $5 a share.',
    group: 'Vertical Spreads',
    legs: [option('PUT', -1, 'Short PUT', 0), option('PUT', 1, 'Long PUT', 1)],
    hint: `Buy the higher strike put and sell the lower strike put. ${SAME_EXPIRATION}`,
    premium: 'bought',
    filters: { ...LIQUID, ...days(0, 30), ...moneyness(0.15), ...maxLoss(5) },
    sorting: BY_VOLUME,
    level: 0.25,
  },
  long_straddle: {
    title: 'Long Straddle',
    intent:
      'Buy a straddle within 5% of the price, two to six weeks out, for at most $5 a share: a bet on a big move.',
    group: 'Volatility',
    legs: [option('PUT', 1, 'PUT', 0), option('CALL', 1, 'CALL', 0)],
    hint: `Buy a put and a call at the same strike. ${SAME_EXPIRATION}`,
    premium: 'bought',
    filters: { ...LIQUID, ...days(14, 45), ...moneyness(0.05), ...maxLoss(5) },
    sorting: BY_VOLUME,
    level: 0,
    breakevens: TWO_BREAKEVENS,
  },
  short_straddle: {
    title: 'Short Straddle',
    intent:
      'Sell a straddle within 5% of the price for a return of at least 1% (5% a year), likeliest profit first.',
    group: 'Volatility',
    legs: [option('PUT', -1, 'PUT', 0), option('CALL', -1, 'CALL', 0)],
    hint: `Sell a put and a call at the same strike. ${SAME_EXPIRATION}`,
    premium: 'sold',
    filters: { ...LIQUID, ...days(0, 30), ...moneyness(0.05), ...SHORT_RETURNS },
    sorting: [['prob_profit', 'desc']],
    level: 0,
    breakevens: TWO_BREAKEVENS,
  },
  long_strangle: {
    title: 'Long Strangle',
    intent: 'Buy a put below and a call above the price, one to five weeks out, for at most $10 a share.',
    group: 'Volatility',
    legs: [option('PUT', 1, 'PUT', 0), option('CALL', 1, 'CALL', 1)],
    hint: `Buy a put and a call with the call strike above the put strike. ${SAME_EXPIRATION}`,
    premium: 'bought',
    filters: { ...LIQUID, ...days(7, 37), ...moneyness(0.15), ...maxLoss(10), ...below(1), ...above(2) },
    sorting: BY_VOLUME,
    level: 0,
    breakevens: TWO_BREAKEVENS,
  },
  short_strangle: {
    title: 'Short Strangle',
    intent:
      'Sell a put below and a call above the price for a return of at least 1% (5% a year), likeliest profit first.',
    group: 'Volatility',
    legs: [option('PUT', -1, 'PUT', 0), option('CALL', -1, 'CALL', 1)],
    hint: `Sell a put and a call with the call strike above the put strike. ${SAME_EXPIRATION}`,
    premium: 'sold',
    filters: { ...LIQUID, ...days(0, 30), ...moneyness(0.15), ...SHORT_RETURNS, ...below(1), ...above(2) },
    sorting: [['prob_profit', 'desc']],
    level: 0,
    breakevens: TWO_BREAKEVENS,
  },
  call_butterfly: {
    title: 'Call Butterfly',
    intent:
      'Buy a call butterfly within 15% of the price for less than its wing and at most $5, best profit ratio first.',
    group: 'Advanced',
    legs: [
      option('CALL', 1, 'Lower Long', 0),
      option('CALL', -2, 'Short', 1),
      option('CALL', 1, 'Upper Long', 2),
    ],
    hint: `Buy a lower and an upper strike call and sell two calls at the middle strike, equally spaced. ${SAME_EXPIRATION}`,
    premium: 'sold',
    filters: { ...LIQUID, ...days(7, 30), ...moneyness(0.15), ...maxLoss(5) },
    sorting: [['spread_profit_ratio', 'desc']],
    level: 0.25,
    breakevens: TWO_BREAKEVENS,
  },
  put_butterfly: {
    title: 'Put Butterfly',
    intent:
      'Buy a put butterfly within 15% of the price for less than its wing and at most $5, best profit ratio first.',
    group: 'Advanced',
    legs: [
      option('PUT', 1, 'Lower Long', 0),
      option('PUT', -2, 'Short', 1),
      option('PUT', 1, 'Upper Long', 2),
    ],
    hint: `Buy a lower and an upper strike put and sell two puts at the middle strike, equally spaced. ${SAME_EXPIRATION}`,
    premium: 'sold',
    filters: { ...LIQUID, ...days(7, 30), ...moneyness(0.15), ...maxLoss(5) },
    sorting: [['spread_profit_ratio', 'desc']],
    level: 0.25,
    breakevens: TWO_BREAKEVENS,
  },
  iron_butterfly: {
    title: 'Iron Butterfly',
    intent:
      'Sell a straddle within one ATR of the price and buy its wings for a credit under the wing, best profit ratio first.',
    group: 'Advanced',
    legs: [
      option('PUT', 1, 'Long PUT', 0),
      option('PUT', -1, 'Short PUT', 1),
      option('CALL', -1, 'Short CALL', 1),
      option('CALL', 1, 'Long CALL', 2),
    ],
    hint: `Buy a lower strike put, sell a put and a call at the same middle strike and buy a higher strike call. ${SAME_EXPIRATION}`,
    premium: 'sold',
    filters: { ...LIQUID, ...days(7, 30), ...moneyness(0.15), ...maxLoss(10), ...nearAtr(2) },
    sorting: [['spread_profit_ratio', 'desc']],
    level: 0.25,
    breakevens: TWO_BREAKEVENS,
  },
  iron_condor: {
    title: 'Iron Condor',
    intent:
      'Sell a put below and a call above the price with wings beyond, risking at most $50, least likely to lose first.',
    group: 'Advanced',
    legs: [
      option('PUT', 1, 'Long PUT', 0),
      option('PUT', -1, 'Short PUT', 1),
      option('CALL', -1, 'Short CALL', 2),
      option('CALL', 1, 'Long CALL', 3),
    ],
    hint: `Buy a put, sell a higher strike put, sell a call above it and buy a higher strike call. ${SAME_EXPIRATION}`,
    premium: 'sold',
    filters: { ...LIQUID, ...days(7, 56), ...moneyness(0.15), ...maxLoss(50), ...below(2), ...above(3) },
    sorting: [
      ['prob_loss', 'asc'],
      ['total_vol', 'desc'],
    ],
    level: 0.25,
    breakevens: TWO_BREAKEVENS,
  },
  long_call_calendar_spread: {
    title: 'Long Call Calendar Spread',
    intent: 'Sell a near-term call and buy the same strike later for at most $10, richest front month first.',
    group: 'Advanced',
    legs: [option('CALL', -1, 'Front', 0, 0), option('CALL', 1, 'Back', 0, 1)],
    hint: 'Sell a call with the earlier expiration and buy a call at the same strike with a later expiration.',
    premium: 'bought',
    filters: { ...LIQUID, ...days(7, 56), ...moneyness(0.15), ...maxLoss(10) },
    sorting: [
      ['iv_ratio', 'desc'],
      ['total_vol', 'desc'],
    ],
    level: 0.5,
    breakevens: TWO_BREAKEVENS,
  },
  long_put_calendar_spread: {
    title: 'Long Put Calendar Spread',
    intent: 'Sell a near-term put and buy the same strike later for at most $10, richest front month first.',
    group: 'Advanced',
    legs: [option('PUT', -1, 'Front', 0, 0), option('PUT', 1, 'Back', 0, 1)],
    hint: 'Sell a put with the earlier expiration and buy a put at the same strike with a later expiration.',
    premium: 'bought',
    filters: { ...LIQUID, ...days(7, 56), ...moneyness(0.15), ...maxLoss(10) },
    sorting: [
      ['iv_ratio', 'desc'],
      ['total_vol', 'desc'],
    ],
    level: 0.5,
    breakevens: TWO_BREAKEVENS,
  },
  long_call_diagonal_spread: {
    title: 'Long Call Diagonal Spread',
    intent:
      'Sell a near-term call above the price against a later, lower-strike call, for at most $10, richest front first.',
    group: 'Advanced',
    legs: [option('CALL', -1, 'Front', 1, 0), option('CALL', 1, 'Back', 0, 1)],
    hint: 'Sell a call with the earlier expiration and buy a call with a later expiration at a different strike.',
    premium: 'bought',
    filters: { ...LIQUID, ...days(7, 56), ...moneyness(0.15), ...maxLoss(10), ...above(1) },
    sorting: [
      ['iv_ratio', 'desc'],
      ['total_vol', 'desc'],
    ],
    level: 0.5,
    breakevens: TWO_BREAKEVENS,
  },
  long_put_diagonal_spread: {
    title: 'Long Put Diagonal Spread',
    intent:
      'Sell a near-term put below the price against a later, higher-strike put, for at most $10, richest front first.',
    group: 'Advanced',
    legs: [option('PUT', -1, 'Front', 0, 0), option('PUT', 1, 'Back', 1, 1)],
    hint: 'Sell a put with the earlier expiration and buy a put with a later expiration at a different strike.',
    premium: 'bought',
    filters: { ...LIQUID, ...days(7, 56), ...moneyness(0.15), ...maxLoss(10), ...below(1) },
    sorting: [
      ['iv_ratio', 'desc'],
      ['total_vol', 'desc'],
    ],
    level: 0.5,
    breakevens: TWO_BREAKEVENS,
  },
  collar: {
    title: 'Collar',
    intent:
      'Own 100 shares, buy a put below the price and sell a call above it, three to nine weeks out, risking at most 10%.',
    group: 'Advanced',
    legs: [stock(100, 'STOCK'), option('PUT', 1, 'Long PUT', 0), option('CALL', -1, 'Short CALL', 1)],
    hint: 'Hold 100 shares, buy a put and sell a call with a strike above the put strike; both options share an expiration.',
    premium: 'bought',
    filters: {
      ...LIQUID,
      ...days(21, 63),
      ...moneyness(0.15),
      ...maxLossPercent(0.1),
      ...below(1),
      ...above(2),
    },
    sorting: BY_VOLUME,
    level: 0.5,
  },
  call_ratio_spread: {
    title: 'Call Ratio Spread',
    intent:
      'Buy one call and sell two above the price, up to a month out: a credit or small debit for a modest rise.',
    group: 'Advanced',
    legs: [option('CALL', 1, 'Long CALL', 0), option('CALL', -2, 'Short CALL', 1)],
    hint: `Buy calls at a lower strike and sell more calls at a higher strike (1 to ${RATIO_MAX_COUNT} of each). ${SAME_EXPIRATION}`,
    premium: 'sold',
    filters: { ...LIQUID, ...days(0, 31), ...moneyness(0.15), ...above(2) },
    sorting: BY_VOLUME,
    level: 0.5,
    breakevens: TWO_BREAKEVENS,
    editor: 'ratio',
  },
  put_ratio_spread: {
    title: 'Put Ratio Spread',
    intent:
      'Buy one put and sell two below the price, up to three days out: a credit or small debit for a modest fall.',
    group: 'Advanced',
    legs: [option('PUT', 1, 'Long PUT', 1), option('PUT', -2, 'Short PUT', 0)],
    hint: `Buy puts at a higher strike and sell more puts at a lower strike (1 to ${RATIO_MAX_COUNT} of each). ${SAME_EXPIRATION}`,
    premium: 'sold',
    filters: { ...LIQUID, ...days(0, 3), ...moneyness(0.15), ...below(2) },
    sorting: BY_VOLUME,
    level: 0.5,
    breakevens: TWO_BREAKEVENS,
    editor: 'ratio',
  },
  custom: {
    title: 'Custom',
    intent: 'The legs you build, 25 to 45 days out, on heavily traded names.',
    group: 'Advanced',
    legs: [],
    hint: `At least one option leg, at most one stock leg and up to ${CUSTOM_MAX_OPTION_LEGS} option legs. All option legs need the same expiration.`,
    premium: 'neutral',
    filters: { ...LIQUID, ...days(25, 45) },
    sorting: BY_VOLUME,
    level: 0,
    breakevens: TWO_BREAKEVENS,
    editor: 'custom',
    optionLegCount: CUSTOM_MAX_OPTION_LEGS,
  },
  long_stock: {
    title: 'Long Stock',
    intent: 'Buy 100 shares.',
    group: 'Single-Leg',
    legs: [stock(100, 'STOCK')],
    hint: 'Buy shares in multiples of 100.',
    premium: 'neutral',
    filters: {},
    sorting: [],
    level: 0,
    screener: false,
  },
  short_stock: {
    title: 'Short Stock',
    intent: 'Sell 100 shares short.',
    group: 'Single-Leg',
    legs: [stock(-100, 'Short STOCK')],
    hint: 'Sell shares short in multiples of 100.',
    premium: 'neutral',
    filters: {},
    sorting: [],
    level: 0,
    screener: false,
  },
};

function definitionOf(key: StrategyKey): StrategyDefinition {
  const e = ENTRIES[key];
  return {
    key,
    title: e.title,
    intent: e.intent,
    group: e.group,
    icon: key.replaceAll('_', '-'),
    screener: e.screener ?? true,
    editor: e.editor ?? null,
    legs: e.legs,
    optionLegCount: e.optionLegCount ?? e.legs.filter((l) => l.kind === 'option').length,
    breakevenLabels: e.breakevens ?? ONE_BREAKEVEN,
    hint: e.hint,
    premium: e.premium,
    defaultFilters: e.filters,
    defaultSorting: e.sorting,
    calculationSettings: { bid_ask_level: e.level },
  };
}

export const STRATEGIES: { readonly [K in StrategyKey]: StrategyDefinition } = Object.fromEntries(
  STRATEGY_KEYS.map((key) => [key, definitionOf(key)]),
) as { readonly [K in StrategyKey]: StrategyDefinition };

export const strategyDefinition = (key: StrategyKey): StrategyDefinition => STRATEGIES[key];

/** Screener strategies of one picker group, in catalogue order. */
export const strategiesInGroup = (group: StrategyGroup): readonly StrategyDefinition[] =>
  STRATEGY_KEYS.map((k) => STRATEGIES[k]).filter((d) => d.screener && d.group === group);
