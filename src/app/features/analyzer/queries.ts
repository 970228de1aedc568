/**
 * The analyzer's reads (spec 3 §7): the On Date choices with their at-the-money IV, the risk-free
 * rate the drift defaults to, and the runs. The reads are `queryOptions` and land in the persisted
 * cache like the other features' (the underlying's facts and bars are the market feature's, the
 * scan lists the screener's); the runs are not cached: each answers one set of inputs, and a
 * screen that moves on aborts them.
 */
import { queryOptions } from '@tanstack/react-query';
import { MARKET_CALLS } from '#api/contract/market.ts';
import { SCENARIO_CALLS } from '#api/contract/scenario.ts';
import { SERVICE_CALLS } from '#api/contract/service.ts';
import type { ScenarioRunScanRequest, ScenarioRunStandardRequest } from '#api/scenario.ts';
import { apiCaller } from '#app/api/api-caller.ts';
import { analyzerKeys } from './keys.ts';

const marketCall = apiCaller(MARKET_CALLS);
const serviceCall = apiCaller(SERVICE_CALLS);
const scenarioCall = apiCaller(SCENARIO_CALLS);

export const expirationsQuery = (symbol: string) =>
  queryOptions({
    queryKey: analyzerKeys.expirations(symbol),
    queryFn: ({ signal }) => marketCall('market.expirations', { params: { symbol } }, signal),
    staleTime: 60_000,
  });

/** The drift's default (spec 3 §4): the market's risk-free rate, a fraction. */
export const riskFreeRateQuery = () =>
  queryOptions({
    queryKey: analyzerKeys.riskFreeRate(),
    queryFn: async ({ signal }) => (await serviceCall('market.environment', {}, signal)).riskFreeRate,
    staleTime: 3_600_000,
  });

/** One strategy set's run (`POST /scenario/runstandard`); aborting `signal` cancels it. */
export const runStandard = (body: ScenarioRunStandardRequest, signal: AbortSignal) =>
  scenarioCall('scenario.runStandard', { body }, signal);

/** One scan under the view (`POST /scenario/runscan`); aborting `signal` cancels it. */
export const runScenarioScan = (body: ScenarioRunScanRequest, signal: AbortSignal) =>
  scenarioCall('scenario.runScan', { body }, signal);
