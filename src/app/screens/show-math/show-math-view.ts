/**
 * How the "Show the math" panel reads an explanation (`#domain/metrics/explain.ts`): the value of
 * each step with its unit, the inputs as labelled facts, and each price interval in words. Pure:
 * the panel only renders these.
 */
import { formatMoney, formatNumber, formatPercent } from '#domain/columns/number-format.ts';
import { OPTION_MULTIPLIER } from '#domain/contracts/contract.ts';
import type { ExplainRegion, ExplainStep, TradeExplanation } from '#domain/metrics/explain.ts';
import type { DistributionParameter } from '#domain/metrics/explain-distribution.ts';
import { strategyDefinition } from '#domain/strategies/catalogue.ts';
import { isStrategyKey } from '#domain/strategies/strategy-key.ts';

export interface Fact {
  readonly label: string;
  readonly text: string;
}

/** Four decimals: the digits the arithmetic shows, so each line recomputes. */
const exact = (x: number) => formatNumber(x, 4);

/** A step's value: per share with the 1-lot dollars, a fraction as a percent with its decimal. */
export function stepValueText(step: ExplainStep): string {
  const { value, unit, key } = step;
  if (value === null) return key === 'max_profit' || key === 'max_loss' ? 'Unlimited' : 'Not defined';
  if (unit === 'money') return `${exact(value)} (${formatMoney(value * OPTION_MULTIPLIER, 2)})`;
  if (unit === 'fraction') return `${formatPercent(value, 2)} (${exact(value)})`;
  return exact(value);
}

const parameterText = (p: DistributionParameter): string =>
  p.unit === 'fraction' ? `${formatPercent(p.value, 2)} (${exact(p.value)})` : exact(p.value);

export const parameterFacts = (parameters: readonly DistributionParameter[]): Fact[] =>
  parameters.map((p) => ({ label: `${p.name} ${p.symbol}`, text: parameterText(p) }));

const instant = (ms: number): string => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function inputFacts(e: TradeExplanation): Fact[] {
  return [
    { label: 'Underlying price S', text: formatNumber(e.price, 2) },
    { label: 'Risk-free rate r', text: `${formatPercent(e.rate, 2)} (${exact(e.rate)})` },
    { label: 'Dividend yield q', text: `${formatPercent(e.dividendYield, 2)} (${exact(e.dividendYield)})` },
    { label: 'Drift μ', text: `${formatPercent(e.drift, 2)} (${exact(e.drift)})` },
    { label: 'Bid/ask level L', text: formatNumber(e.bidAskLevel, 2) },
    { label: 'Valued at', text: instant(e.asOfMs) },
    { label: 'Horizon', text: instant(e.horizonMs) },
    { label: 'Days to the horizon', text: exact(e.days) },
  ];
}

export const titleOf = (e: TradeExplanation): string =>
  `Show the math: ${e.symbol} ${isStrategyKey(e.strategy) ? strategyDefinition(e.strategy).title : e.strategy}`;

const OUTCOME_WORDS: Readonly<Record<ExplainRegion['outcome'], string>> = {
  profit: 'profit',
  loss: 'loss',
  zero: 'zero P/L',
};

/** 'S_T ≤ 94.05', '94.05 < S_T ≤ 105.00', 'S_T > 105.00'. */
export function regionPrices(r: ExplainRegion): string {
  if (r.hi === null) return r.lo === 0 ? 'every price' : `S_T > ${formatNumber(r.lo, 2)}`;
  return r.lo === 0
    ? `S_T ≤ ${formatNumber(r.hi, 2)}`
    : `${formatNumber(r.lo, 2)} < S_T ≤ ${formatNumber(r.hi, 2)}`;
}

export const regionOutcome = (r: ExplainRegion): string => OUTCOME_WORDS[r.outcome];

export const regionProbability = (r: ExplainRegion): string =>
  `${r.working} = ${exact(r.probability)} (${formatPercent(r.probability, 2)})`;
