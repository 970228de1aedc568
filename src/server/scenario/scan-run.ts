/**
 * `POST /scenario/runscan` (docs/ANALYZER.md, "Scans"): a saved scan of the user's or a predefined
 * one, run by the scan engine narrowed to the symbol, and its best trade whose legs all expire on
 * or after the view's date valued under the view; null when the scan finds none.
 */

import type { ScanRowLeg } from '#api/scans.ts';
import type { ScenarioRunScan, ScenarioRunScanAnswer } from '#api/scenario.ts';
import { parseContractId } from '#domain/contracts/contract-id.ts';
import { expiryInstant } from '#domain/contracts/expiry.ts';
import { notFound } from '#domain/errors.ts';
import { fillPrice } from '#domain/metrics/bid-ask.ts';
import { tradeMetrics } from '#domain/metrics/trade-metrics.ts';
import { CONTRACT_SHARES } from '#domain/scenario/evaluate.ts';
import type { StrategyKey } from '#domain/strategies/strategy-key.ts';
import type { ScanEngine } from '../engine/scan-engine.ts';
import { scanRequestFor, userIdOf } from '../routes/scans-run.ts';
import { type Db, normalizedOf, visibleScan } from '../screener/scan-store.ts';
import type { SignedInUser } from '../users/users.ts';
import { distributionOf, scenarioTrade, type ViewSetup, type ViewSource } from './standard-run.ts';
import type { Candidate, CandidateLeg } from './strategy-candidates.ts';

export interface ScanRunDeps {
  readonly views: ViewSource;
  readonly engine: ScanEngine;
  readonly db: Db;
}

export async function runScenarioScan(
  deps: ScanRunDeps,
  user: SignedInUser,
  req: ScenarioRunScan,
  signal: AbortSignal,
): Promise<ScenarioRunScanAnswer> {
  const row = await visibleScan(deps.db, user.id, req.scanId);
  if (!row) throw notFound('Scan');
  const setup = deps.views(req);
  const scan = normalizedOf(row);
  const request = await scanRequestFor(deps.db, user, {
    strategy: scan.strategy,
    legs: scan.definition.legs,
    ratio: scan.definition.ratio,
    filters: scan.filters,
    sorting: scan.definition.sorting,
    calculationSettings: { bid_ask_level: req.bidAskLevel },
    narrowedToSymbol: req.symbol,
    columns: null,
    page: 0,
    cacheId: null,
  });
  const page = await deps.engine.run(userIdOf(user), request, signal);
  const dateMs = expiryInstant(req.date);
  const best = page.items.find((t) =>
    t.legs.every(
      (l) => l.kind === 'stock' || (l.expiration !== null && expiryInstant(l.expiration) >= dateMs),
    ),
  );
  return {
    correlationId: req.correlationId ?? null,
    scanId: row.id,
    scanName: row.title,
    distribution: distributionOf(setup),
    trade: best ? valued(setup, scan.strategy, best.legs, req.bidAskLevel, req.date) : null,
  };
}

/** The scan's trade under the view: the same evaluation as the standard strategies. */
function valued(
  setup: ViewSetup,
  strategy: StrategyKey,
  rowLegs: readonly ScanRowLeg[],
  level: number,
  date: string,
) {
  const { chain } = setup;
  const legs: CandidateLeg[] = rowLegs.map((l) => {
    const fill = fillPrice(l.bid, l.ask, l.quantity, level);
    if (l.kind === 'stock')
      return {
        chain: null,
        option: null,
        weight: l.quantity / CONTRACT_SHARES,
        quantity: l.quantity,
        fill,
        bid: l.bid,
        ask: l.ask,
      };
    const contract = parseContractId(l.contract);
    if (contract.kind !== 'option') throw new Error(`Option leg ${l.contract} is not an option.`);
    const option = { contract, id: l.contract, bid: l.bid, ask: l.ask, iv: l.iv ?? 0 };
    return {
      chain: option,
      option: setup.optionOf(option),
      weight: l.quantity,
      quantity: l.quantity,
      fill,
      bid: l.bid,
      ask: l.ask,
    };
  });
  const outcome = setup.evaluator.evaluate(legs);
  // Risk from the trade's own metrics: scans include time spreads, whose max loss is not a payoff's.
  const metrics = tradeMetrics({
    strategy,
    legs: rowLegs.map((l) => ({
      contract: parseContractId(l.contract),
      quantity: l.quantity,
      bid: l.bid,
      ask: l.ask,
      iv: l.iv ?? 0,
    })),
    underlying: {
      symbol: chain.symbol,
      price: chain.spot,
      iv: setup.distribution.volatility,
      dividendYield: chain.dividendYield,
    },
    env: { asOfMs: chain.asOfMs, riskFreeRate: chain.rate },
    bidAskLevel: level,
  });
  const unbounded = metrics.max_loss_unlimited || metrics.max_loss === null;
  const risk = CONTRACT_SHARES * (unbounded ? metrics.margin : metrics.max_loss!);
  const expirations = rowLegs.flatMap((l) => (l.expiration ? [l.expiration] : [])).sort();
  const candidate: Candidate = {
    expiration: expirations.at(-1) ?? null,
    legs,
    outcome,
    risk,
    riskKind: unbounded ? 'margin' : 'maxLoss',
    ret: outcome.expectedPl / risk,
  };
  return scenarioTrade(setup, strategy, candidate, date);
}
