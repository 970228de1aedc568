/**
 * Every metric of a trade row, from its legs priced at a bid/ask level. The one entry point the
 * server, the scan engine (as its reference) and the app share; definitions in docs/METRICS.md.
 */
import { tradeGeometry } from './geometry.ts';
import { legGreeks, positionGreeks } from './greeks.ts';
import { legMetrics } from './leg-metrics.ts';
import { regTMargin } from './margin.ts';
import { analyzePL } from './pl-analysis.ts';
import { buildPosition } from './position.ts';
import { premiumMetrics } from './premium.ts';
import { expectedPL, plProbabilities } from './probabilities.ts';
import { combinationQuote } from './quote.ts';
import { rangeMetrics } from './ranges.ts';
import { returnMetrics } from './returns.ts';
import { scenarioMetrics } from './scenario.ts';
import type { ScenarioShift, TradeInput, TradeMetrics } from './types.ts';

const finiteOrNull = (x: number): number | null => (Number.isFinite(x) ? x : null);

export function tradeMetrics(input: TradeInput, scenarios: readonly ScenarioShift[] = []): TradeMetrics {
  const pos = buildPosition(input);
  const analysis = analyzePL(pos);
  const perLeg = pos.legs.map((leg) => legGreeks(pos, leg));
  const greeks = positionGreeks(pos, perLeg);
  const margin = regTMargin(pos, -analysis.minPL);
  const ev = expectedPL(pos, analysis);
  const atr = input.underlying.atr;
  return {
    strategy: input.strategy,
    underlying: input.underlying.symbol,
    ...legMetrics(pos, perLeg, input.underlying),
    ...combinationQuote(pos),
    max_profit: finiteOrNull(analysis.maxPL),
    max_profit_unlimited: analysis.maxPL === Infinity,
    max_loss: finiteOrNull(-analysis.minPL),
    max_loss_unlimited: analysis.minPL === -Infinity,
    breakevens: analysis.breakevens,
    ...rangeMetrics(analysis, pos.spot, atr, pos.days),
    ...plProbabilities(pos, analysis),
    spread_expected_value: ev,
    margin,
    ...returnMetrics(pos, analysis, margin, ev, atr),
    ...greeks,
    ...premiumMetrics(pos, perLeg),
    delta_theta_ratio: greeks.theta !== 0 ? greeks.delta / greeks.theta : null,
    gamma_theta_ratio: greeks.theta !== 0 ? greeks.gamma / greeks.theta : null,
    ...tradeGeometry(input.strategy, pos, analysis),
    scenarios: scenarios.map((shift) => scenarioMetrics(input.underlying, pos, analysis, margin, shift)),
  };
}
