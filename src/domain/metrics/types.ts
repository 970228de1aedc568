/**
 * Inputs and outputs of the trade metrics. Definitions of every output are in docs/METRICS.md.
 *
 * Units: prices per share; dollar metrics "per share of the position" = the position's dollars
 * divided by the option multiplier (100), so a 1-lot spread's $120 shows as 1.20 and the display
 * multiplies by 100. Fractions stay fractions (0.05 is 5%). σ annualised, rates continuously
 * compounded per year, times as epoch ms.
 */

import type { Contract } from '../contracts/contract.ts';
import type { ExerciseStyle } from '../contracts/exercise-style.ts';
import type { SmileTable } from '../pricing/smile.ts';
import type { StrategyKey } from '../strategies/strategy-key.ts';

/** One leg with its market: quantity signed (+ buy, − sell); stock legs count shares. */
export interface LegQuote {
  readonly contract: Contract;
  readonly quantity: number;
  /** Bid and ask per share (of the option, or of the stock for a stock leg). */
  readonly bid: number;
  readonly ask: number;
  /** The option's implied volatility, annualised; ignored for stock legs. */
  readonly iv: number;
}

/** The underlying's state; optional reference levels leave the metrics that need them null. */
export interface UnderlyingState {
  readonly symbol: string;
  /** Last price per share. */
  readonly price: number;
  /** At-the-money implied volatility, annualised: the σ of the lognormal probability model. */
  readonly iv: number;
  /** Continuous dividend yield per year (0.02 = 2%), ≥ 0. */
  readonly dividendYield: number;
  /**
   * Exercise style of its options (`exerciseStyleOf`): how an option still alive at a valuation
   * instant is valued (docs/METRICS.md, "The model"); European when not given.
   */
  readonly exerciseStyle?: ExerciseStyle;
  /** Average true range, $ per share. */
  readonly atr?: number;
  /** Standard deviation of daily returns over 21 days, annualised (a fraction). */
  readonly std21?: number;
  readonly sma200?: number;
  readonly w52High?: number;
  readonly w52Low?: number;
  readonly targetPrice?: number;
  /** Trailing and forward earnings per share, $ per year. */
  readonly epsTtm?: number;
  readonly forwardEps?: number;
}

export interface PricingEnv {
  /** Valuation instant, epoch ms. */
  readonly asOfMs: number;
  /** Risk-free rate, continuously compounded per year. */
  readonly riskFreeRate: number;
  /** Drift μ of the probability distribution, per year; default the risk-neutral r − q. */
  readonly drift?: number;
}

export interface TradeInput {
  readonly strategy: StrategyKey;
  readonly legs: readonly LegQuote[];
  readonly underlying: UnderlyingState;
  readonly env: PricingEnv;
  /** Bid/ask level (spec 2 §9.2): 0.5 conservative … −0.5 best case. */
  readonly bidAskLevel: number;
  /**
   * Evaluation date, epoch ms. Default: the first option expiration (for stock-only trades: now).
   * Legs expiring later are valued at this date by their exercise style's model (position.ts).
   */
  readonly horizonMs?: number;
  /**
   * The chain's fitted smiles (`fitSmile`), one per expiration the caller has: the probabilities
   * and expected value use the horizon expiration's (the `smile` model), and each leg's prob_otm
   * its own expiration's. Without one (or at a horizon that is no expiration) the flat-σ lognormal
   * at the ATM IV (docs/METRICS.md "Probabilities and expected value").
   */
  readonly smiles?: readonly SmileTable[];
}

/** Units of a scenario shift (spec 2 §3.6, spec 3 §3). */
export const SHIFT_UNITS = [
  'pct',
  'abs',
  'atr',
  'std',
  'target_price',
  'sma_200',
  'w52_high',
  'w52_low',
] as const;
export type ShiftUnit = (typeof SHIFT_UNITS)[number];

export const isShiftUnit = (value: unknown): value is ShiftUnit =>
  typeof value === 'string' && SHIFT_UNITS.some((u) => u === value);

export interface ScenarioShift {
  /** Fraction for the percent units (−0.05 = −5%), $ for abs, count for atr and std. */
  readonly amount: number;
  readonly unit: ShiftUnit;
}

export interface ScenarioMetrics {
  /** Underlying price after the shift; null when the unit's reference level is unknown. */
  readonly shifted_price: number | null;
  readonly shift_pl: number | null;
  readonly shift_pl_margin: number | null;
  readonly new_max_profit_at: number | null;
  readonly new_max_loss_at: number | null;
  readonly new_prob_profit_at: number | null;
  readonly new_prob_loss_at: number | null;
}

export type Shape = 'balanced' | 'riskless_down' | 'riskless_up';

/** Every datapoint of a trade row that this module computes, keyed by its spec name. */
export interface TradeMetrics {
  readonly strategy: StrategyKey;
  readonly underlying: string;

  // Per option leg, in leg order.
  readonly expiration_date: readonly string[];
  readonly days_to_expiration: readonly number[];
  readonly strike: readonly number[];
  readonly moneyness: readonly number[];
  readonly leg_mid: readonly number[];
  readonly leg_bid_ask_spread: readonly number[];
  readonly leg_delta: readonly number[];
  readonly prob_otm: readonly number[];
  readonly leg_strike_atr: readonly number[] | null;
  readonly leg_strike_std21: readonly number[] | null;
  readonly leg_strike_simple_moving_avg_200_day: readonly number[] | null;
  readonly leg_strike_week_52_high: readonly number[] | null;
  readonly leg_strike_week_52_low: readonly number[] | null;
  readonly leg_strike_target_price_percent: readonly number[] | null;
  readonly leg_strike_p_e: readonly number[] | null;
  readonly leg_strike_forward_p_e: readonly number[] | null;
  readonly leg_strike_dividend_yield: readonly number[];

  // The combination's price, quoted in the trade's direction.
  readonly price_type: 'debit' | 'credit';
  readonly bid: number;
  readonly ask: number;
  readonly mid: number;
  readonly bid_ask_spread: number;
  readonly bid_ask_spread_pc: number | null;
  /** Fill at the bid/ask level, in the trade's direction (what the order ticket shows). */
  readonly price: number;
  /** Signed net debit at the fill: + paid, − received. */
  readonly cost: number;

  // P/L at the evaluation date.
  readonly max_profit: number | null;
  readonly max_profit_unlimited: boolean;
  readonly max_loss: number | null;
  readonly max_loss_unlimited: boolean;
  readonly max_loss_percent: number | null;
  readonly breakevens: readonly number[];
  readonly breakeven_percent: readonly number[];
  readonly atr_breakeven: readonly number[] | null;
  readonly atr_vs_bep: readonly (number | null)[] | null;
  readonly profit_range_percent: number | null;
  readonly loss_range_percent: number | null;
  readonly atr_range: number | null;

  // Probabilities under the lognormal at the evaluation date.
  readonly prob_profit: number;
  readonly prob_profit_up: number;
  readonly prob_profit_down: number;
  readonly prob_loss: number;
  readonly prob_loss_up: number;
  readonly prob_loss_down: number;
  readonly prob_max_profit: number;
  readonly prob_max_loss: number;
  readonly spread_expected_value: number;
  readonly ev_ml: number | null;
  readonly ev_dte_ml: number | null;

  // Capital and returns.
  readonly margin: number;
  readonly return_acquisition: number | null;
  readonly return_acquisition_annualized: number | null;
  readonly max_return_margin: number | null;
  readonly max_return_margin_annualized: number | null;
  readonly covered_call_return_acquisition: number | null;
  readonly covered_call_return_acquisition_annualized: number | null;
  readonly spread_profit_ratio: number | null;
  readonly cpd: number | null;
  readonly dpd: number | null;

  // Greeks of the position, per share.
  readonly delta: number;
  readonly gamma: number;
  readonly theta: number;
  readonly vega: number;
  readonly rho: number;
  readonly intrinsic_value: number;
  readonly extrinsic_value: number;
  readonly iv_ratio: number | null;
  readonly theta_ratio: number | null;
  readonly coverage_ratio: number | null;
  readonly delta_theta_ratio: number | null;
  readonly gamma_theta_ratio: number | null;
  readonly move_ratio_1pct: number | null;
  readonly move_ratio_1atr: number | null;

  // Geometry.
  readonly spread_width: number | null;
  readonly strike_diff: number | null;
  readonly butterfly_width: number | null;
  readonly expiration_diff_days: number | null;
  readonly iron_condor_shape: Shape | null;
  readonly butterfly_shape: Shape | null;
  readonly diagonal_spread_shape: Shape | null;

  /** One entry per requested scenario shift, in order. */
  readonly scenarios: readonly ScenarioMetrics[];
}
