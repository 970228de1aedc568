/**
 * The inputs a run is asked with, read from the address (spec 3 §4: Run saves the inputs and runs
 * the current view), and the requests of each view: one `runstandard` per strategy of the view's
 * set in the Scenario view, one `runscan` per scan in the Saved and Predefined views.
 */
import type { ScenarioRunScanRequest, ScenarioRunStandardRequest } from '#api/scenario.ts';
import type { AnalyzerSearch } from '#app/route-params.ts';
import { ANALYZER_STRATEGY_SETS, type AnalyzerStrategy, type PriceView } from '#domain/scenario/behaviors.ts';
import { FILL_LEVELS } from './analyzer-form.ts';

export interface RunInputs {
  readonly symbol: string;
  readonly date: string;
  readonly ranges: PriceView;
  readonly bidAskLevel: 0 | 0.5 | -0.5;
  /** Fractions a year. */
  readonly volatility: number;
  readonly drift: number;
  readonly onlyBalanced: boolean;
  readonly maxRisk: number | null;
}

/** The run the address asks for; null until it names a symbol, a date, the levels, vol and drift. */
export function runInputsOf(symbol: string | undefined, search: AnalyzerSearch): RunInputs | null {
  const { date, target, vol, drift } = search;
  if (!symbol || !date || !target || vol === undefined || drift === undefined) return null;
  let ranges: PriceView;
  if (target === 'abovePrice' || target === 'belowPrice') {
    if (search.value === undefined) return null;
    ranges = { behavior: target, value: search.value };
  } else {
    if (search.from === undefined || search.to === undefined || search.from >= search.to) return null;
    ranges = { behavior: target, from: search.from, to: search.to };
  }
  return {
    symbol,
    date,
    ranges,
    bidAskLevel: FILL_LEVELS[search.fill ?? 'mid'].level,
    volatility: vol / 100,
    drift: drift / 100,
    onlyBalanced: !search.unbalanced,
    maxRisk: search.maxRisk ?? null,
  };
}

/** Equal inputs, equal key: a run is redone when the key changes (or Run is pressed again). */
export const runKeyOf = (inputs: RunInputs): string => JSON.stringify(inputs);

const viewFields = (inputs: RunInputs) => ({
  symbol: inputs.symbol,
  date: inputs.date,
  ranges: inputs.ranges,
  bidAskLevel: inputs.bidAskLevel,
  volatility: inputs.volatility,
  drift: inputs.drift,
});

export const strategiesOf = (inputs: RunInputs): readonly AnalyzerStrategy[] =>
  ANALYZER_STRATEGY_SETS[inputs.ranges.behavior];

export const standardRequest = (
  inputs: RunInputs,
  strategy: AnalyzerStrategy,
): ScenarioRunStandardRequest => ({
  ...viewFields(inputs),
  strategies: [strategy],
  onlyBalanced: inputs.onlyBalanced,
  maxRisk: inputs.maxRisk,
});

export const scanRequest = (inputs: RunInputs, scanId: number): ScenarioRunScanRequest => ({
  ...viewFields(inputs),
  scanId,
});
