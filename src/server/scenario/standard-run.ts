/**
 * `POST /scenario/runstandard` (docs/ANALYZER.md): the view's distribution, the chain's
 * candidates of each strategy valued under it, the frontier of return against probability of
 * profit and its ten slots. The work yields to the event loop between expiration groups, so a
 * client that leaves (the signal) or a run past its time budget stops it there, or within
 * CHECK_EVERY candidates of it.
 */
import type {
  ScenarioCurve,
  ScenarioLeg,
  ScenarioRunStandard,
  ScenarioRunStandardAnswer,
  ScenarioTrade,
} from '#api/scenario.ts';
import { formatContractId } from '#domain/contracts/contract-id.ts';
import { expiryInstant, yearsToExpiry } from '#domain/contracts/expiry.ts';
import { DomainError, notFound } from '#domain/errors.ts';
import { MS_PER_YEAR } from '#domain/metrics/position.ts';
import type { PriceView } from '#domain/scenario/behaviors.ts';
import {
  type PriceInterval,
  priceAt,
  regionOf,
  regionProbability,
  type ViewDistribution,
  viewDistribution,
} from '#domain/scenario/distribution.ts';
import { CONTRACT_SHARES, ScenarioEvaluator } from '#domain/scenario/evaluate.ts';
import { frontier, slotsAlong } from '#domain/scenario/frontier.ts';
import { probabilityGrid } from '#domain/scenario/probability.ts';
import {
  conditionalPrice,
  type OptionAtDate,
  type ScenarioOption,
  scenarioOption,
  valueAtDate,
} from '#domain/scenario/scenario-option.ts';
import type { StrategyKey } from '#domain/strategies/strategy-key.ts';
import type { MarketProvider } from '../market/provider.ts';
import { type Candidate, type CandidateLeg, CHECK_EVERY, strategyCandidates } from './strategy-candidates.ts';
import { type ChainOption, chainOf, type ViewChain, viewChain } from './view-chain.ts';

/** A view less likely than this has no meaningful conditional expectation. */
export const MIN_REGION_PROBABILITY = 1e-9;
/**
 * Even steps of the P/L curves across ±3 standard deviations of the price at the date: enough for
 * a card's chart, and ten slots of eight strategies stay a small answer.
 */
const CURVE_STEPS = 40;

export class ScenarioStopped extends Error {
  readonly reason: 'cancelled' | 'timeout';
  constructor(reason: 'cancelled' | 'timeout') {
    super(
      reason === 'cancelled' ? 'The analyzer run was cancelled.' : 'The analyzer run passed its time budget.',
    );
    this.reason = reason;
  }
}

export interface RunControl {
  readonly signal?: AbortSignal;
  /** The `performance.now()` instant past which the run stops as a time-out. */
  readonly deadline: number;
  /** Told how many candidates were evaluated so far, at each check (tests and benchmarks). */
  readonly progress?: (evaluated: number) => void;
}

/** A body field the schema could not judge alone (it needs the market). */
const invalid = (field: string, message: string) =>
  new DomainError('VALIDATION_FAILED', { message, details: { [`body.${field}`]: message } });

const levelsOf = (v: PriceView): number[] => ('value' in v ? [v.value] : [v.from, v.to]);

/** Everything a run values trades with: the chain, the distribution, the evaluator. */
export interface ViewSetup {
  readonly chain: ViewChain;
  readonly distribution: ViewDistribution;
  readonly region: readonly PriceInterval[];
  readonly regionProb: number;
  readonly evaluator: ScenarioEvaluator;
  readonly optionOf: (o: ChainOption) => ScenarioOption;
  readonly atDate: (o: ChainOption) => OptionAtDate;
}

export type ViewRequest = Pick<ScenarioRunStandard, 'symbol' | 'ranges' | 'date' | 'volatility' | 'drift'>;

export function viewSetup(market: MarketProvider, req: ViewRequest): ViewSetup {
  const found = chainOf(market, req.symbol);
  if (!found) throw notFound(`Symbol ${req.symbol}`);
  if (!found.chain.expirations.some((e) => e.date === req.date))
    throw invalid('date', `${req.date} is not an expiration of ${req.symbol}.`);
  const years = yearsToExpiry(req.date, found.chain.asOf);
  if (!(years > 0)) throw invalid('date', `${req.date} has expired.`);
  const distribution = viewDistribution(found.quote.last, years, req.volatility, req.drift);
  const region = regionOf(req.ranges);
  const regionProb = regionProbability(distribution, region);
  if (!(regionProb >= MIN_REGION_PROBABILITY))
    throw invalid(
      'ranges',
      'The price cannot end there under this volatility: widen the view or raise the volatility.',
    );
  const chain = viewChain(found, req.date, distribution, levelsOf(req.ranges));
  const grid = probabilityGrid(distribution);
  const evaluator = new ScenarioEvaluator({
    distribution,
    grid,
    conditionalPrice: conditionalPrice(distribution, region, regionProb),
  });
  const dateMs = expiryInstant(req.date);
  const atDate = (o: ChainOption): OptionAtDate => ({
    isCall: o.contract.right === 'CALL',
    strike: o.contract.strike,
    tau: Math.max(expiryInstant(o.contract.expiration) - dateMs, 0) / MS_PER_YEAR,
    iv: o.iv,
    rate: chain.rate,
    dividendYield: chain.dividendYield,
    american: chain.american,
  });
  const cache = new Map<string, ScenarioOption>();
  const optionOf = (o: ChainOption): ScenarioOption => {
    let v = cache.get(o.id);
    if (!v) {
      v = scenarioOption(distribution, region, regionProb, grid, atDate(o));
      cache.set(o.id, v);
    }
    return v;
  };
  return { chain, distribution, region, regionProb, evaluator, optionOf, atDate };
}

/** Lets the event loop run (a closed connection, other requests), then checks the run may go on. */
function controller(control: RunControl) {
  let evaluated = 0;
  const check = () => {
    if (control.signal?.aborted) throw new ScenarioStopped('cancelled');
    if (performance.now() > control.deadline) throw new ScenarioStopped('timeout');
  };
  return {
    check: () => {
      evaluated += CHECK_EVERY;
      control.progress?.(evaluated);
      check();
    },
    between: async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      check();
    },
  };
}

/** Where a run gets its view's setup: fresh, or shared with the other calls of the run. */
export type ViewSource = (req: ViewRequest) => ViewSetup;

export async function runStandard(
  views: ViewSource,
  req: ScenarioRunStandard,
  control: RunControl,
): Promise<ScenarioRunStandardAnswer> {
  const setup = views(req);
  const { check, between } = controller(control);
  const results = [];
  for (const strategy of req.strategies) {
    const { kept, evaluated } = await strategyCandidates(
      strategy,
      {
        chain: setup.chain,
        bidAskLevel: req.bidAskLevel,
        onlyBalanced: req.onlyBalanced,
        maxRisk: req.maxRisk ?? null,
        evaluator: setup.evaluator,
        optionOf: setup.optionOf,
        check,
      },
      between,
    );
    const line = frontier(
      kept.map((c) => c.ret),
      kept.map((c) => c.outcome.probProfit),
    );
    const trades = new Map<number, ScenarioTrade>();
    const slots = slotsAlong(line).map((i) => {
      let t = trades.get(i);
      if (!t) {
        t = scenarioTrade(setup, strategy, kept[i]!, req.date);
        trades.set(i, t);
      }
      return t;
    });
    results.push({ strategy, slots, candidates: evaluated, frontier: line.length });
  }
  return {
    correlationId: req.correlationId ?? null,
    symbol: req.symbol,
    date: req.date,
    asOf: new Date(setup.chain.asOfMs).toISOString(),
    distribution: distributionOf(setup),
    results,
  };
}

export const distributionOf = (setup: ViewSetup) => ({
  spot: setup.distribution.spot,
  years: setup.distribution.years,
  volatility: setup.distribution.volatility,
  drift: setup.distribution.drift,
  regionProbability: setup.regionProb,
});

/** Prices of the P/L curves: ±3 standard deviations of the price at the date, and the strikes. */
function curvePrices(setup: ViewSetup, legs: readonly CandidateLeg[]): number[] {
  const d = setup.distribution;
  const lo = priceAt(d, -3);
  const hi = priceAt(d, 3);
  const even = Array.from({ length: CURVE_STEPS + 1 }, (_, i) => cents(lo + ((hi - lo) * i) / CURVE_STEPS));
  const strikes = legs.flatMap((l) => (l.chain ? [l.chain.contract.strike] : []));
  return [...new Set([...even, ...strikes.filter((k) => k > lo && k < hi)])].sort((a, b) => a - b);
}

/** Chart points, in cents: the curve is drawn, not computed with. */
const cents = (x: number): number => Math.round(x * 100) / 100;

function curve(prices: readonly number[], value: (s: number) => number): ScenarioCurve {
  return { prices: [...prices], pl: prices.map((s) => cents(value(s))) };
}

/** The answer's trade: its legs for a ticket, its metrics and its two P/L curves. */
export function scenarioTrade(
  setup: ViewSetup,
  strategy: StrategyKey,
  c: Candidate,
  date: string,
): ScenarioTrade {
  const legs: ScenarioLeg[] = c.legs.map((l) => {
    const contract = l.chain ? l.chain.contract : { kind: 'stock' as const, symbol: setup.chain.symbol };
    return { contract, contractId: formatContractId(contract), quantity: l.quantity, price: l.fill };
  });
  const prices = curvePrices(setup, c.legs);
  const pl = (value: (l: CandidateLeg, s: number) => number) => (s: number) =>
    CONTRACT_SHARES * c.legs.reduce((sum, l) => sum + l.weight * (value(l, s) - l.fill), 0);
  const atExpiry = (l: CandidateLeg, s: number) =>
    l.chain
      ? Math.max(
          l.chain.contract.right === 'CALL' ? s - l.chain.contract.strike : l.chain.contract.strike - s,
          0,
        )
      : s;
  return {
    strategy,
    symbol: setup.chain.symbol,
    legs,
    cost: c.outcome.cost,
    expectedPl: c.outcome.expectedPl,
    return: c.ret,
    probProfit: c.outcome.probProfit,
    risk: c.risk,
    riskKind: c.riskKind,
    lastExpiration: c.expiration ?? date,
    profileAtDate: curve(
      prices,
      pl((l, s) => (l.chain ? valueAtDate(setup.atDate(l.chain), s) : s)),
    ),
    profileAtExpiration: curve(prices, pl(atExpiry)),
  };
}
