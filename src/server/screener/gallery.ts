/**
 * The gallery: predefined sample scans every user finds in the Predefined list (spec 2 §2.1),
 * read-only, tagged for the list's tag checkboxes. Each sample is its strategy's defaults
 * (`src/domain/strategies/catalogue.ts`) with the filters below laid over them (null removes a
 * default), so a sample reads as "the usual scan, plus this idea". Values are in the filter
 * catalogue's stored units: fractions for percentages (0.2 = 20%), dollars per share for
 * trade amounts, days for durations.
 *
 * Seeded at start (`seed.ts`), idempotently: a sample is found by its key, so editing an entry
 * here updates it everywhere, and removing one removes it (and users' favourite marks of it).
 * `tests/api/gallery.test.ts` runs every sample on the default simulated market and expects trades.
 */
import type { ScanCustomLeg } from '#api/screener-model.ts';
import type { FilterValue } from '#domain/filters/filter-value.ts';
import type { ScreenerStrategyKey } from '#domain/strategies/strategy-key.ts';
import type { SortPair } from './scan-definition.ts';

/** Tags, in checkbox order. */
export const GALLERY_TAGS = [
  { key: 'income', name: 'Income' },
  { key: 'bullish', name: 'Bullish' },
  { key: 'bearish', name: 'Bearish' },
  { key: 'neutral', name: 'Neutral' },
  { key: 'volatility', name: 'Volatility' },
  { key: 'earnings', name: 'Earnings' },
  { key: 'hedging', name: 'Hedging' },
  { key: 'high_probability', name: 'High Probability' },
  { key: 'low_cost', name: 'Low Cost' },
  { key: 'etfs', name: 'ETFs' },
] as const;
export type GalleryTagKey = (typeof GALLERY_TAGS)[number]['key'];

export interface GalleryScan {
  /** Stable identity of the sample (never reuse a removed one's). */
  readonly key: string;
  readonly title: string;
  readonly description: string;
  readonly strategy: ScreenerStrategyKey;
  readonly tags: readonly GalleryTagKey[];
  /** Laid over the strategy's default filters; null removes a default. */
  readonly filters?: Readonly<Record<string, FilterValue | null>>;
  readonly sorting?: readonly SortPair[];
  readonly ratio?: { readonly long: number; readonly short: number };
  readonly legs?: readonly ScanCustomLeg[];
}

const range = (min: number | null, max: number | null) => ({ type: 'range', min, max }) as const;
const probability = (min: number | null, max: number | null) => ({ type: 'probability', min, max }) as const;
const days = (min: number, max: number) =>
  ({ days_to_expiration: { type: 'range_or_closest', mode: 'range', min, max } }) as const;
/** The classic short legs of a condor: about one standard deviation out (16 delta). */
const LEG_DELTA_PUT_16 = { type: 'leg_delta', mode: 'range', min: -0.2, max: -0.12 } as const;
const LEG_DELTA_CALL_16 = { type: 'leg_delta', mode: 'range', min: 0.12, max: 0.2 } as const;
const ETFS = { type_id: { type: 'equals', value: 2 } } as const;
const EARNINGS_INSIDE = { earnings_date: { type: 'equals', value: 'before_expiration' } } as const;
const EARNINGS_OUTSIDE = { earnings_date: { type: 'equals', value: 'after_expiration' } } as const;

export const GALLERY: readonly GalleryScan[] = [
  // Income: selling premium.
  {
    key: 'covered-calls-high-yield',
    title: 'High-Yield Covered Calls',
    description: 'Covered calls paying at least 15% a year for the premium, within a month.',
    strategy: 'covered_call',
    tags: ['income', 'neutral'],
    filters: { return_acquisition_annualized: range(0.15, null) },
    sorting: [['return_acquisition_annualized', 'desc']],
  },
  {
    key: 'covered-calls-dividend',
    title: 'Covered Calls on Dividend Payers',
    description: 'Collect the dividend and the call premium: stocks yielding 1.5% or more.',
    strategy: 'covered_call',
    tags: ['income'],
    filters: { dividend_yield: range(0.015, null) },
  },
  {
    key: 'covered-calls-large-caps',
    title: 'Covered Calls on Large Caps',
    description: 'Covered calls on companies worth $50 billion or more.',
    strategy: 'covered_call',
    tags: ['income', 'neutral'],
    filters: { market_cap: range(50_000_000_000, null) },
  },
  {
    key: 'short-puts-quality',
    title: 'Cash-Secured Puts on Quality Stocks',
    description:
      'Sell puts on stocks with a fundamental score of 6 or better: get paid to wait for a lower entry.',
    strategy: 'naked_put',
    tags: ['income', 'bullish'],
    filters: { stock_score_fundamental: range(6, null) },
  },
  {
    key: 'short-puts-high-iv',
    title: 'Put Selling at High IV Rank',
    description: 'Sell puts where implied volatility is in the upper half of its one-year range.',
    strategy: 'naked_put',
    tags: ['income', 'bullish', 'volatility'],
    filters: { stock_iv_pr: range(0.5, null) },
  },
  {
    key: 'short-puts-high-probability',
    title: 'High-Probability Short Puts',
    description: 'Short puts with an 80% or better probability of profit at expiration.',
    strategy: 'naked_put',
    tags: ['income', 'bullish', 'high_probability'],
    filters: { prob_profit: probability(0.8, null) },
    sorting: [['prob_profit', 'desc']],
  },
  {
    key: 'short-calls-overbought',
    title: 'Short Calls on Overbought Stocks',
    description: 'Sell calls on stocks whose 14-day RSI is above 60, expecting a pause.',
    strategy: 'naked_call',
    tags: ['income', 'bearish'],
    filters: { rsi: { type: 'rsi', length: 14, behavior: 'above', from: 60, to: null } },
  },
  {
    key: 'bull-put-spreads-income',
    title: 'Bull Put Spreads for Income',
    description: 'Credit put spreads below the price, risking at most $5 a share, best expected value first.',
    strategy: 'bull_put_spread',
    tags: ['income', 'bullish'],
  },
  {
    key: 'bull-put-spreads-high-probability',
    title: 'High-Probability Bull Put Spreads',
    description: 'Bull put spreads with a 70% or better probability of profit.',
    strategy: 'bull_put_spread',
    tags: ['income', 'bullish', 'high_probability'],
    filters: { prob_profit: probability(0.7, null) },
    sorting: [['prob_profit', 'desc']],
  },
  {
    key: 'bear-call-spreads-high-probability',
    title: 'High-Probability Bear Call Spreads',
    description: 'Credit call spreads above the price with a 70% or better probability of profit.',
    strategy: 'bear_call_spread',
    tags: ['income', 'bearish', 'high_probability'],
    filters: { prob_profit: probability(0.7, null) },
    sorting: [['prob_profit', 'desc']],
  },
  {
    key: 'iron-condors-balanced',
    title: 'Balanced Iron Condors',
    description: 'Iron condors with equal room on both sides, least likely to lose first.',
    strategy: 'iron_condor',
    tags: ['income', 'neutral'],
    filters: {
      ...days(30, 50),
      leg_delta_2: LEG_DELTA_PUT_16,
      leg_delta_3: LEG_DELTA_CALL_16,
      iron_condor_shape: { type: 'choice_map', values: ['balanced'] },
    },
  },
  {
    key: 'iron-condors-etfs',
    title: 'Iron Condors on ETFs',
    description: 'Range-bound income on exchange-traded funds, which rarely gap on news.',
    strategy: 'iron_condor',
    tags: ['income', 'neutral', 'etfs'],
    filters: {
      ...ETFS,
      ...days(30, 50),
      total_vol: range(1000, null),
      leg_delta_2: LEG_DELTA_PUT_16,
      leg_delta_3: LEG_DELTA_CALL_16,
    },
  },
  {
    key: 'iron-butterflies',
    title: 'Iron Butterflies',
    description: 'Sell the at-the-money straddle and buy the wings: the most credit for a pinned stock.',
    strategy: 'iron_butterfly',
    tags: ['income', 'neutral'],
  },
  {
    key: 'short-straddles-high-iv',
    title: 'Short Straddles at High IV Rank',
    description: 'Sell at-the-money straddles where implied volatility is in the upper half of its range.',
    strategy: 'short_straddle',
    tags: ['income', 'neutral', 'volatility'],
    filters: { stock_iv_pr: range(0.5, null) },
  },
  {
    key: 'short-strangles-etfs',
    title: 'Short Strangles on ETFs',
    description: 'Sell out-of-the-money puts and calls on funds, for a wide profit range.',
    strategy: 'short_strangle',
    tags: ['income', 'neutral', 'etfs'],
    filters: { ...ETFS, total_vol: range(1000, null) },
  },
  {
    key: 'short-strangles-after-earnings',
    title: 'Short Strangles Clear of Earnings',
    description: 'Short strangles that expire before the next earnings report.',
    strategy: 'short_strangle',
    tags: ['income', 'neutral', 'earnings'],
    filters: EARNINGS_OUTSIDE,
  },
  {
    key: 'call-diagonals-pmcc',
    title: "Poor Man's Covered Calls",
    description:
      'Buy a longer-dated call in the money, sell a near-term call above it: a covered call for less capital.',
    strategy: 'long_call_diagonal_spread',
    tags: ['income', 'bullish', 'low_cost'],
  },

  // Direction.
  {
    key: 'long-calls-uptrend',
    title: 'Calls on Stocks Above Their 200-Day Average',
    description: 'At-the-money calls on stocks trading above their 200-day simple moving average.',
    strategy: 'long_call',
    tags: ['bullish'],
    filters: {
      ma: { type: 'ma', maType: 'sma', length: 200, behavior: 'price_above', from: null, to: null },
    },
  },
  {
    key: 'long-calls-analyst-favourites',
    title: 'Calls on Analyst Favourites',
    description: 'Calls on stocks analysts rate Buy or better (mean recommendation 2.5 or lower).',
    strategy: 'long_call',
    tags: ['bullish'],
    filters: { analyst_recommendation: range(null, 2.5) },
  },
  {
    key: 'long-puts-weak-month',
    title: 'Puts on Last Month’s Laggards',
    description: 'At-the-money puts on stocks that fell over the past month.',
    strategy: 'long_put',
    tags: ['bearish'],
    filters: { performance_month: range(null, 0) },
  },
  {
    key: 'bull-call-spreads-cheap',
    title: 'Low-Cost Bull Call Spreads',
    description: 'Debit call spreads risking $2 a share or less, for a defined-risk bet on a rise.',
    strategy: 'bull_call_spread',
    tags: ['bullish', 'low_cost'],
    filters: { max_loss: range(null, 2) },
  },
  {
    key: 'bull-call-spreads-momentum',
    title: 'Bull Call Spreads on Momentum',
    description: 'Bull call spreads on stocks above their 50-day average.',
    strategy: 'bull_call_spread',
    tags: ['bullish'],
    filters: { simple_moving_avg_50_day: range(0, null) },
  },
  {
    key: 'bear-put-spreads-downtrend',
    title: 'Bear Put Spreads on Downtrends',
    description: 'Debit put spreads on stocks that fell over the past quarter.',
    strategy: 'bear_put_spread',
    tags: ['bearish'],
    filters: { performance_quarter: range(null, 0) },
  },
  {
    key: 'put-butterflies-cheap',
    title: 'Low-Cost Put Butterflies',
    description: 'Put butterflies costing $1 a share or less: a small bet on a move to the middle strike.',
    strategy: 'put_butterfly',
    tags: ['bearish', 'low_cost'],
    filters: { max_loss: range(null, 1) },
  },
  {
    key: 'call-butterflies-cheap',
    title: 'Low-Cost Call Butterflies',
    description: 'Call butterflies costing $1 a share or less, best profit ratio first.',
    strategy: 'call_butterfly',
    tags: ['neutral', 'low_cost'],
    filters: { max_loss: range(null, 1) },
  },
  {
    key: 'put-diagonals',
    title: 'Put Diagonal Spreads',
    description:
      'Sell a near-term put, buy a longer-dated put at another strike: bearish with time decay on your side.',
    strategy: 'long_put_diagonal_spread',
    tags: ['bearish'],
  },
  {
    key: 'call-ratio-spreads',
    title: 'Call Ratio Spreads 1×2',
    description: 'Buy one call, sell two higher: a credit or small debit for a modest rise.',
    strategy: 'call_ratio_spread',
    tags: ['bullish', 'income'],
    ratio: { long: 1, short: 2 },
  },
  {
    key: 'put-ratio-spreads',
    title: 'Put Ratio Spreads 1×2',
    description: 'Buy one put, sell two lower, up to a month out: profits from a modest decline.',
    strategy: 'put_ratio_spread',
    tags: ['bearish', 'income'],
    ratio: { long: 1, short: 2 },
    filters: days(0, 31),
  },

  // Volatility and earnings.
  {
    key: 'straddles-through-earnings',
    title: 'Straddles Through Earnings',
    description: 'Long straddles that hold an earnings report before they expire, up to three months out.',
    strategy: 'long_straddle',
    tags: ['volatility', 'earnings'],
    filters: { ...EARNINGS_INSIDE, ...days(7, 95), max_loss: range(null, 10) },
  },
  {
    key: 'straddles-low-iv',
    title: 'Cheap Straddles at Low IV Rank',
    description: 'Long straddles where implied volatility is in the lower half of its one-year range.',
    strategy: 'long_straddle',
    tags: ['volatility', 'low_cost'],
    filters: { stock_iv_pr: range(null, 0.5) },
  },
  {
    key: 'strangles-through-earnings',
    title: 'Strangles Through Earnings',
    description: 'Long strangles that hold an earnings report before they expire, up to three months out.',
    strategy: 'long_strangle',
    tags: ['volatility', 'earnings'],
    filters: { ...EARNINGS_INSIDE, ...days(7, 95) },
  },
  {
    key: 'call-calendars',
    title: 'Call Calendars with a Rich Front Month',
    description: 'Sell the front-month call and buy the same strike later, where the front IV is higher.',
    strategy: 'long_call_calendar_spread',
    tags: ['neutral', 'volatility'],
    filters: { iv_ratio: range(1, null) },
  },
  {
    key: 'put-calendars',
    title: 'Put Calendar Spreads',
    description:
      'Sell a near-term put and buy the same strike later: profits from time decay near the strike.',
    strategy: 'long_put_calendar_spread',
    tags: ['neutral', 'volatility'],
  },
  {
    key: 'jade-lizard',
    title: 'Jade Lizards',
    description:
      'Sell a put below the price and a call spread above it for a credit that covers the spread: no upside risk.',
    strategy: 'custom',
    tags: ['income', 'neutral'],
    // Both sold options out of the money; no loss above the price.
    filters: {
      leg_strike_atr_1: range(null, -0.01),
      leg_strike_atr_2: range(0.01, null),
      prob_loss_up: probability(null, 0),
    },
    legs: [
      { kind: 'option', right: 'PUT', quantity: -1 },
      { kind: 'option', right: 'CALL', quantity: -1, strike: 'greater' },
      { kind: 'option', right: 'CALL', quantity: 1, strike: 'greater' },
    ],
  },

  // Hedging.
  {
    key: 'protective-puts-etfs',
    title: 'Protective Puts on ETFs',
    description: 'Near-the-money puts on funds to hedge a portfolio.',
    strategy: 'long_put',
    tags: ['hedging', 'bearish', 'etfs'],
    filters: { ...ETFS, total_vol: range(1000, null) },
  },
  {
    key: 'married-puts-large-caps',
    title: 'Married Puts on Large Caps',
    description: 'Own the shares with a put under them: large caps worth $50 billion or more.',
    strategy: 'married_put',
    tags: ['hedging', 'bullish'],
    filters: { market_cap: range(50_000_000_000, null) },
  },
  {
    key: 'married-calls',
    title: 'Married Calls',
    description: 'Short the shares with a call above them, capping the loss on a rise.',
    strategy: 'married_call',
    tags: ['hedging', 'bearish'],
  },
  {
    key: 'collars',
    title: 'Collars Risking 10% or Less',
    description: 'Own the shares, buy a put and sell a call: the loss capped at 10% of the position.',
    strategy: 'collar',
    tags: ['hedging'],
  },
];
