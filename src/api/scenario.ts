/**
 * The Scenario Analyzer's calls (spec 3 §2, §3, §7; the model in docs/ANALYZER.md): the user's
 * view of the price on one expiration date, and per strategy ten trades spread along the frontier
 * of return against probability of profit; and the best trade of a saved or predefined scan under
 * the same view. Prices are dollars per share, volatility and drift annual fractions (0.25 = 25%),
 * money in dollars, dates `YYYY-MM-DD`.
 */
import { z } from 'zod';
import type { Contract } from '#domain/contracts/contract.ts';
import { isStockSymbol } from '#domain/contracts/stock-symbol.ts';
import { ANALYZER_BID_ASK_LEVELS } from '#domain/metrics/bid-ask.ts';
import {
  ANALYZER_STRATEGIES,
  ANALYZER_STRATEGY_SETS,
  type AnalyzerStrategy,
  LEVEL_BEHAVIORS,
  RANGE_BEHAVIORS,
} from '#domain/scenario/behaviors.ts';
import type { StrategyKey } from '#domain/strategies/strategy-key.ts';
import { idSchema } from './ids.ts';
import { SYMBOL_MAX_LENGTH } from './market.ts';

export {
  ANALYZER_BEHAVIORS,
  ANALYZER_STRATEGY_SETS,
  type AnalyzerBehavior,
  type AnalyzerStrategy,
  DEFAULT_SCENARIO_SLOT,
  SCENARIO_SLOTS,
} from '#domain/scenario/behaviors.ts';

/** Rounded to cents, as the form rounds it (spec 3 §5: minimum 0.01, 2 decimals). */
const priceSchema = z
  .number()
  .min(0.01, 'Must be at least 0.01.')
  .max(1_000_000)
  .transform((p) => Math.round(p * 100) / 100);

/** A ticker, upper-cased as the route's path is. */
const symbolSchema = z
  .string()
  .max(SYMBOL_MAX_LENGTH)
  .transform((s) => s.toUpperCase())
  .refine(isStockSymbol, 'Must be a ticker: capital letters and dots.');

/** The view (spec 3 §3 "Analyzer assumption"): above or below a level, inside or outside a band. */
export const priceViewSchema = z.discriminatedUnion('behavior', [
  z.strictObject({ behavior: z.enum(LEVEL_BEHAVIORS), value: priceSchema }),
  z
    .strictObject({ behavior: z.enum(RANGE_BEHAVIORS), from: priceSchema, to: priceSchema })
    .refine((r) => r.from < r.to, {
      message: 'The lower bound must be under the upper bound.',
      path: ['to'],
    }),
]);
export type PriceViewInput = z.input<typeof priceViewSchema>;

/** Volatility % with 2 decimals, minimum 0.01% (spec 3 §5), as a fraction: 0.0001 to 5 (500%). */
const volatilitySchema = z
  .number()
  .min(0.0001, 'Must be at least 0.01%.')
  .max(5, 'Must be at most 500%.')
  .transform((v) => Math.round(v * 10_000) / 10_000);
/** Drift % with 2 decimals, as a fraction: −100% to 100% a year. */
const driftSchema = z
  .number()
  .min(-1, 'Must be at least -100%.')
  .max(1, 'Must be at most 100%.')
  .transform((v) => Math.round(v * 10_000) / 10_000);
const bidAskLevelSchema = z
  .number()
  .refine(
    (l) => ANALYZER_BID_ASK_LEVELS.some((level) => level === l),
    'A bid/ask level is one of 0, 0.5 and -0.5.',
  )
  .default(0);
/** Echoed in the answer so the app can drop answers of runs it has moved on from. */
const correlationIdSchema = z.string().max(100).nullish();

const viewFields = {
  symbol: symbolSchema,
  ranges: priceViewSchema,
  /** One of the chain's expirations (else 400 naming `date`). */
  date: z.iso.date(),
  bidAskLevel: bidAskLevelSchema,
  volatility: volatilitySchema,
  drift: driftSchema,
  correlationId: correlationIdSchema,
};

/** `POST /scenario/runstandard`. */
export const scenarioRunStandardSchema = z
  .strictObject({
    ...viewFields,
    /** Strategies of the view's set (spec 3 §3), each once. */
    strategies: z.array(z.enum(ANALYZER_STRATEGIES)).min(1).max(8),
    /** Equal wings only (the default); false adds unequal wings for range views. */
    onlyBalanced: z.boolean().default(true),
    /** Dollars: trades whose risk is over it are left out. */
    maxRisk: z.number().positive().max(100_000_000).nullish(),
  })
  .superRefine((req, ctx) => {
    const allowed: readonly string[] = ANALYZER_STRATEGY_SETS[req.ranges.behavior];
    const seen = new Set<string>();
    req.strategies.forEach((s, i) => {
      if (!allowed.includes(s))
        ctx.addIssue({
          code: 'custom',
          path: ['strategies', i],
          message: `${s} is not tried for the view ${req.ranges.behavior}.`,
        });
      else if (seen.has(s))
        ctx.addIssue({ code: 'custom', path: ['strategies', i], message: `${s} is listed twice.` });
      seen.add(s);
    });
  });
export type ScenarioRunStandardRequest = z.input<typeof scenarioRunStandardSchema>;
export type ScenarioRunStandard = z.output<typeof scenarioRunStandardSchema>;

/** `POST /scenario/runscan`: a saved scan of the user's or a predefined one, narrowed to the symbol. */
export const scenarioRunScanSchema = z.strictObject({
  ...viewFields,
  scanId: idSchema,
});
export type ScenarioRunScanRequest = z.input<typeof scenarioRunScanSchema>;
export type ScenarioRunScan = z.output<typeof scenarioRunScanSchema>;

/** A leg of a proposed trade: + buys, − sells; options count contracts, stock counts shares. */
export interface ScenarioLeg {
  contract: Contract;
  /** `formatContractId` of the contract (the stock's symbol), for an order ticket. */
  contractId: string;
  quantity: number;
  /** The fill at the run's bid/ask level, dollars per share: the ticket's limit price. */
  price: number;
}

/** A P/L curve over underlying prices (ascending), dollars for the whole trade. */
export interface ScenarioCurve {
  prices: number[];
  pl: number[];
}

/** One trade under the view (docs/ANALYZER.md). */
export interface ScenarioTrade {
  strategy: StrategyKey;
  symbol: string;
  legs: ScenarioLeg[];
  /** Net paid (+) or received (−) for the trade, dollars. */
  cost: number;
  /** E[P/L at the date | the price ends in the view's region], dollars. */
  expectedPl: number;
  /** expectedPl / risk. */
  return: number;
  /** P(P/L at the date > 0) over the whole distribution, 0–1. */
  probProfit: number;
  /** The max loss, or the margin when the loss is unlimited, dollars. */
  risk: number;
  riskKind: 'maxLoss' | 'margin';
  /** The last expiration of the legs (the date itself for stock). */
  lastExpiration: string;
  /** P/L at the view's date and at the last expiration, over the same prices. */
  profileAtDate: ScenarioCurve;
  profileAtExpiration: ScenarioCurve;
}

export interface ScenarioStrategyResult {
  strategy: AnalyzerStrategy;
  /** Ten trades from the highest return (0) to the highest probability of profit (9); a frontier
   * shorter than ten repeats its trades in order; empty when no trade qualifies. */
  slots: ScenarioTrade[];
  /** Trades evaluated, and those on the frontier. */
  candidates: number;
  frontier: number;
}

/** The distribution the run used: what the view's region weighs. */
export interface ScenarioDistribution {
  /** Spot at the run, dollars. */
  spot: number;
  /** Years from now to the date's expiry instant. */
  years: number;
  volatility: number;
  drift: number;
  /** P(price at the date in the view's region). */
  regionProbability: number;
}

export interface ScenarioRunStandardAnswer {
  correlationId: string | null;
  symbol: string;
  date: string;
  /** Market instant of the quotes (ISO). */
  asOf: string;
  distribution: ScenarioDistribution;
  results: ScenarioStrategyResult[];
}

export interface ScenarioRunScanAnswer {
  correlationId: string | null;
  scanId: number;
  scanName: string;
  distribution: ScenarioDistribution;
  /** The scan's best trade for the symbol under the view, or null when the scan finds none. */
  trade: ScenarioTrade | null;
}
