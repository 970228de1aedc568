/**
 * The Scenario Analyzer's runs (spec 3 §7, docs/ANALYZER.md): `POST /scenario/runstandard` and
 * `POST /scenario/runscan`. A client that closes the connection stops its run; a run past the
 * scans' time budget answers 504 TIMEOUT. The app runs each strategy of a view as its own call,
 * in parallel, so the analyzer's rate limit allows ten of them for each scan run.
 */
import type { FastifyInstance } from 'fastify';
import { DomainError } from '#domain/errors.ts';
import { requireUser } from '../auth/authenticate.ts';
import type { RateLimits } from '../config.ts';
import type { ScanEngine } from '../engine/scan-engine.ts';
import { route } from '../http/contract-routes.ts';
import { heavyCallLimit } from '../http/rate-limits.ts';
import type { MarketProvider } from '../market/provider.ts';
import { runScenarioScan } from '../scenario/scan-run.ts';
import { runStandard, ScenarioStopped, type ViewRequest } from '../scenario/standard-run.ts';
import { ViewSetupCache } from '../scenario/view-cache.ts';
import type { Db } from '../screener/scan-store.ts';
import { abortOnClose, scanErrorToHttp } from './scans-run.ts';

export interface ScenarioRouteDeps {
  readonly market: MarketProvider;
  readonly engine: ScanEngine;
  readonly db: Db;
  readonly limits: RateLimits;
  /** The time budget of a run, ms (the scans' budget). */
  readonly timeBudgetMs: number;
}

/** Runs per scan run the limit allows: a view tries up to eight strategies at once. */
const RUNS_PER_SCAN = 10;

const stoppedToHttp = (err: unknown): unknown =>
  err instanceof ScenarioStopped
    ? new DomainError(err.reason === 'timeout' ? 'TIMEOUT' : 'CANCELLED')
    : scanErrorToHttp(err);

export function scenarioRoutes(app: FastifyInstance, deps: ScenarioRouteDeps): void {
  const { scanRuns } = deps.limits;
  const cache = new ViewSetupCache(deps.market);
  const views = (req: ViewRequest) => cache.get(req);
  const limited = {
    config: {
      rateLimit: heavyCallLimit({ ...scanRuns, max: scanRuns.max * RUNS_PER_SCAN }, 'scenario-run'),
    },
  };
  route(app, 'scenario.runStandard', limited, async (request, reply, input) => {
    requireUser(request);
    const body = input.body();
    try {
      return await runStandard(views, body, {
        signal: abortOnClose(reply),
        deadline: performance.now() + deps.timeBudgetMs,
      });
    } catch (err) {
      throw stoppedToHttp(err);
    }
  });
  route(app, 'scenario.runScan', limited, async (request, reply, input) => {
    const user = requireUser(request);
    const body = input.body();
    try {
      return await runScenarioScan({ ...deps, views }, user, body, abortOnClose(reply));
    } catch (err) {
      throw stoppedToHttp(err);
    }
  });
}
