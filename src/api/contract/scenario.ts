/**
 * The Scenario Analyzer (spec 3 §7): standard strategies and saved or predefined scans under the
 * user's view of the price on a date. Entries of the HTTP contract (`../contract.ts`).
 */
import type {
  ScenarioRunScanAnswer,
  ScenarioRunStandardAnswer,
  scenarioRunScanSchema,
  scenarioRunStandardSchema,
} from '../scenario.ts';
import { type BodyErrors, call } from './define.ts';

/** A run past its time budget answers 504 TIMEOUT; a client that leaves cancels it. */
type RunErrors = BodyErrors | 'NOT_FOUND' | 'TIMEOUT' | 'CANCELLED' | 'RATE_LIMITED';

export const SCENARIO_CALLS = {
  'scenario.runStandard': call<
    { body: typeof scenarioRunStandardSchema; answer: ScenarioRunStandardAnswer },
    RunErrors
  >()('POST', '/scenario/runstandard'),
  'scenario.runScan': call<
    { body: typeof scenarioRunScanSchema; answer: ScenarioRunScanAnswer },
    RunErrors | 'PLAN_LIMIT_REACHED'
  >()('POST', '/scenario/runscan'),
} as const;
