/**
 * "Show the math": one trade's metrics explained step by step, so a trader can recompute each
 * number with a calculator. Every value is what the metrics functions return for the same input
 * (the ones `tradeMetrics` calls: position, quote, P/L analysis, probabilities, expected value,
 * margin, returns); this module only lays out their inputs and intermediate values beside them and
 * writes the arithmetic in words. The distribution at the horizon is explain-distribution.ts.
 */
import { formatNumber } from '../columns/number-format.ts';
import { type DistributionParameter, type DistributionView, distributionOf } from './explain-distribution.ts';
import { regTMargin } from './margin.ts';
import { piecewiseFromPosition } from './piecewise.ts';
import { analyzePL, type PLAnalysis, type PriceInterval } from './pl-analysis.ts';
import { buildPosition, type Position, type PositionLeg } from './position.ts';
import { expectedPL, plProbabilities } from './probabilities.ts';
import { combinationQuote } from './quote.ts';
import { acquisitionCapital, perDayDays, returnMetrics } from './returns.ts';
import type { TradeInput } from './types.ts';

/** How a value reads: dollars per share, a price level, a fraction (shown as %), a plain ratio. */
export type ExplainUnit = 'money' | 'price' | 'fraction' | 'ratio';

export interface ExplainStep {
  /** The metric's name (docs/METRICS.md) when the step's value is one, else a step name. */
  readonly key: string;
  readonly label: string;
  /** The definition, in words. */
  readonly formula: string;
  /** The arithmetic with this trade's numbers, ending in the value. */
  readonly working: string;
  /** Null: not defined here (unlimited, no denominator). */
  readonly value: number | null;
  readonly unit: ExplainUnit;
}

export interface ExplainSection {
  readonly key: 'price' | 'pl' | 'probabilities' | 'expected_value' | 'capital';
  readonly title: string;
  readonly steps: readonly ExplainStep[];
}

export interface ExplainLeg {
  /** 'Buy 1 Put 95 2026-02-20', 'Sell 100 Shares'. */
  readonly label: string;
  readonly weight: number;
  readonly bid: number;
  readonly ask: number;
  readonly mid: number;
  readonly fill: number;
  /** The fill's arithmetic at the bid/ask level. */
  readonly fillWorking: string;
  /** The option's implied volatility; null for shares. */
  readonly iv: number | null;
}

/** A price interval between consecutive breakevens and its probability. */
export interface ExplainRegion {
  readonly lo: number;
  /** Null: no upper end. */
  readonly hi: number | null;
  readonly outcome: 'profit' | 'loss' | 'zero';
  readonly probability: number;
  readonly working: string;
}

export interface ExplainDistribution {
  readonly model: string;
  readonly description: string;
  readonly intervalFormula: string;
  readonly parameters: readonly DistributionParameter[];
  readonly regions: readonly ExplainRegion[];
}

export interface TradeExplanation {
  readonly strategy: string;
  readonly symbol: string;
  readonly price: number;
  readonly asOfMs: number;
  readonly horizonMs: number;
  readonly days: number;
  readonly rate: number;
  readonly dividendYield: number;
  readonly drift: number;
  readonly bidAskLevel: number;
  readonly legs: readonly ExplainLeg[];
  readonly distribution: ExplainDistribution;
  readonly sections: readonly ExplainSection[];
}

const n = (x: number, decimals = 4): string => formatNumber(x, decimals);
const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);
/** '+ 1 × 2.1000' terms of a weighted sum, the first without its plus. */
const weighted = (terms: readonly { w: number; x: number }[]): string =>
  terms.map(({ w, x }, i) => `${w < 0 ? '− ' : i === 0 ? '' : '+ '}${n(Math.abs(w), 2)} × ${n(x)}`).join(' ');
/** '+ 1.50' or '− 1.50': a term after the first. */
const signed = (x: number, decimals = 4): string => `${x < 0 ? '−' : '+'} ${n(Math.abs(x), decimals)}`;
const sumOf = (values: readonly number[]): string =>
  values.length === 0 ? '0' : values.map((v, i) => (i === 0 ? n(v) : signed(v))).join(' ');
const inequality = (lo: number, hi: number): string =>
  hi === Infinity ? `S_T > ${n(lo, 2)}` : lo === 0 ? `S_T ≤ ${n(hi, 2)}` : `${n(lo, 2)} < S_T ≤ ${n(hi, 2)}`;
const interval = (lo: number, hi: number): string =>
  hi === Infinity ? `above ${n(lo, 2)}` : lo === 0 ? `up to ${n(hi, 2)}` : `${n(lo, 2)} to ${n(hi, 2)}`;

/** 'P(S_T ≤ 90.00) + P(S_T > 110.00) = 0.1000 + 0.2000'; 'no such prices' for none. */
function massSum(parts: readonly { lo: number; hi: number; probability: number }[]): string {
  if (parts.length === 0) return 'no such prices';
  const names = parts.map((p) => `P(${inequality(p.lo, p.hi)})`).join(' + ');
  return parts.length === 1 ? names : `${names} = ${sumOf(parts.map((p) => p.probability))}`;
}

const bounded = (r: ExplainRegion) => ({ lo: r.lo, hi: r.hi ?? Infinity, probability: r.probability });

function legLabel(leg: PositionLeg): string {
  const side = leg.quantity < 0 ? 'Sell' : 'Buy';
  const size = Math.abs(leg.quantity);
  if (leg.kind === 'stock') return `${side} ${size} Shares`;
  return `${side} ${size} ${leg.isCall ? 'Call' : 'Put'} ${n(leg.strike, 2)} ${leg.expiration}`;
}

function explainLeg(leg: PositionLeg, level: number): ExplainLeg {
  const sign = leg.quantity < 0 ? '−' : '+';
  const moved = leg.quantity === 0 ? '' : ` ${sign} ${n(level, 2)} × (${n(leg.ask)} − ${n(leg.bid)})`;
  return {
    label: legLabel(leg),
    weight: leg.weight,
    bid: leg.bid,
    ask: leg.ask,
    mid: leg.mid,
    fill: leg.fill,
    fillWorking: `${n(leg.mid)}${moved} = ${n(leg.fill)}`,
    iv: leg.kind === 'option' ? leg.iv : null,
  };
}

function priceSection(pos: Position): ExplainSection {
  const quote = combinationQuote(pos);
  const terms = pos.legs.map((l) => ({ w: l.weight, x: l.fill }));
  return {
    key: 'price',
    title: 'Price',
    steps: [
      {
        key: 'cost',
        label: 'Net cost',
        formula:
          'Σ weight × fill over the legs (+ paid, − received); a leg weighs its contracts, 100 shares weigh 1',
        working: `${weighted(terms)} = ${n(pos.cost)}`,
        value: pos.cost,
        unit: 'money',
      },
      {
        key: 'price',
        label: quote.price_type === 'credit' ? 'Credit' : 'Debit',
        formula: 'The net cost without its sign: a debit is paid, a credit received',
        working: `|${n(pos.cost)}| = ${n(quote.price)}`,
        value: quote.price,
        unit: 'money',
      },
    ],
  };
}

/** Where the P/L reaches `level`: the intervals where it stays there, else the knots that reach it. */
function whereReached(analysis: PLAnalysis, pos: Position, level: number, runs: readonly PriceInterval[]) {
  if (runs.length > 0) return runs.map((r) => interval(r.lo, r.hi)).join(', ');
  const at = [0, ...pos.strikes].filter((k) => Math.abs(analysis.pl(k) - level) <= analysis.tolerance);
  return at.length > 0 ? `at ${at.map((k) => n(k, 2)).join(', ')}` : 'between the strikes';
}

function extremeStep(pos: Position, analysis: PLAnalysis, kind: 'max_profit' | 'max_loss'): ExplainStep {
  const profit = kind === 'max_profit';
  const level = profit ? analysis.maxPL : analysis.minPL;
  const label = profit ? 'Max profit' : 'Max loss';
  const formula = profit
    ? 'The largest P/L at the horizon over every price'
    : 'The largest loss at the horizon over every price';
  if (!Number.isFinite(level)) {
    return {
      key: kind,
      label,
      formula,
      working: `Unlimited: the P/L keeps ${profit ? 'rising' : 'falling'} as the price rises`,
      value: null,
      unit: 'money',
    };
  }
  const where = whereReached(analysis, pos, level, profit ? analysis.maxRegions : analysis.minRegions);
  const value = profit ? level : -level;
  return {
    key: kind,
    label,
    formula,
    working: `PL = ${n(level)} ${where} → ${n(value)}`,
    value,
    unit: 'money',
  };
}

function plSection(pos: Position, analysis: PLAnalysis): ExplainSection {
  const shape = analysis.exact
    ? (() => {
        const p = piecewiseFromPosition(pos);
        const kinks = Array.from(p.strikes, (k, j) => ` ${signed(p.callUnits[j]!, 2)}·(s − ${n(k, 2)})⁺`);
        return `PL(s) = ${n(p.constant)} ${signed(p.stockUnits, 2)}·s${kinks.join('')}`;
      })()
    : pos.american
      ? 'Legs expiring later are valued at the horizon at their American price (Bjerksund–Stensland), at their own implied volatility'
      : 'Legs expiring later are valued by Black-Scholes-Merton at the horizon, at their own implied volatility';
  return {
    key: 'pl',
    title: 'P/L at the horizon',
    steps: [
      {
        key: 'pl_formula',
        label: 'P/L at price s',
        formula:
          'Σ weight × the leg’s value at s − net cost; an expired option is worth its intrinsic value (call (s − K)⁺, put (K − s)⁺)',
        working: shape,
        value: null,
        unit: 'money',
      },
      extremeStep(pos, analysis, 'max_profit'),
      extremeStep(pos, analysis, 'max_loss'),
      ...analysis.breakevens.map(
        (b, i): ExplainStep => ({
          key: 'breakevens',
          label: `Breakeven ${i + 1}`,
          formula: 'A price where the P/L at the horizon crosses zero',
          working: `PL(${n(b)}) = ${n(analysis.pl(b))}`,
          value: b,
          unit: 'price',
        }),
      ),
    ],
  };
}

function regionsOf(dist: DistributionView, analysis: PLAnalysis): ExplainRegion[] {
  return analysis.regions.map((r) => ({
    lo: r.lo,
    hi: finite(r.hi),
    outcome: r.sign > 0 ? 'profit' : r.sign < 0 ? 'loss' : 'zero',
    probability: dist.mass(r.lo, r.hi),
    working: dist.massWorking(r.lo, r.hi),
  }));
}

function probabilitySection(
  pos: Position,
  dist: DistributionView,
  analysis: PLAnalysis,
  regions: readonly ExplainRegion[],
): ExplainSection {
  const probs = plProbabilities(pos, analysis);
  const of = (outcome: ExplainRegion['outcome']) => regions.filter((r) => r.outcome === outcome).map(bounded);
  const extreme = (
    key: 'prob_max_profit' | 'prob_max_loss',
    runs: readonly PriceInterval[],
  ): ExplainStep => ({
    key,
    label: key === 'prob_max_profit' ? 'Probability of max profit' : 'Probability of max loss',
    formula:
      'The probability of the price intervals where the P/L stays at its extreme (0 when reached at single prices only)',
    working: `${massSum(runs.map((r) => ({ ...r, probability: dist.mass(r.lo, r.hi) })))} = ${n(probs[key])}`,
    value: probs[key],
    unit: 'fraction',
  });
  return {
    key: 'probabilities',
    title: 'Probabilities',
    steps: [
      {
        key: 'prob_profit',
        label: 'Probability of profit',
        formula: 'Σ the probabilities of the intervals where the P/L is positive',
        working: `${massSum(of('profit'))} = ${n(probs.prob_profit)}`,
        value: probs.prob_profit,
        unit: 'fraction',
      },
      {
        key: 'prob_loss',
        label: 'Probability of loss',
        formula: 'Σ the probabilities of the intervals where the P/L is negative',
        working: `${massSum(of('loss'))} = ${n(probs.prob_loss)}`,
        value: probs.prob_loss,
        unit: 'fraction',
      },
      extreme('prob_max_profit', analysis.maxRegions),
      extreme('prob_max_loss', analysis.minRegions),
    ],
  };
}

/** The expected value's terms: c + b·E[S_T] + Σ a_j·E[(S_T − K_j)⁺] when the P/L is piecewise linear. */
function evTerms(pos: Position, dist: DistributionView): ExplainStep[] {
  const p = piecewiseFromPosition(pos);
  const step = (key: string, label: string, working: string, value: number): ExplainStep => ({
    key,
    label,
    formula: 'A term of the expected value',
    working: `${working} = ${n(value)}`,
    value,
    unit: 'money',
  });
  const expectedPrice = dist.expectedPrice();
  const puts = pos.legs
    .filter((l) => l.kind === 'option' && !l.isCall)
    .map((l) => ({ w: l.weight, x: l.strike }));
  return [
    step(
      'ev_constant',
      'Constant c = Σ put weight × strike − net cost',
      `${puts.length > 0 ? `${weighted(puts)} ` : ''}− (${n(pos.cost)})`,
      p.constant,
    ),
    step(
      'ev_shares',
      'Shares term b·E[S_T]',
      `${n(p.stockUnits, 2)} × ${n(expectedPrice)}`,
      p.stockUnits * expectedPrice,
    ),
    ...Array.from(p.strikes, (k, j) => {
      const payoff = dist.expectedCallPayoff(k);
      return step(
        'ev_strike',
        `Strike ${n(k, 2)} term a·E[(S_T − ${n(k, 2)})⁺]`,
        `${n(p.callUnits[j]!, 2)} × ${n(payoff)}`,
        p.callUnits[j]! * payoff,
      );
    }),
  ];
}

function expectedValueSection(
  pos: Position,
  dist: DistributionView,
  analysis: PLAnalysis,
  ev: number,
): ExplainSection {
  const maxLoss = -analysis.minPL;
  const terms = analysis.exact ? evTerms(pos, dist) : [];
  const returns = returnMetrics(pos, analysis, regTMargin(pos, maxLoss), ev, undefined);
  const total: ExplainStep = {
    key: 'spread_expected_value',
    label: 'Expected value',
    formula: analysis.exact
      ? 'E[PL(S_T)] = c + b·E[S_T] + Σ a·E[(S_T − K)⁺] (the P/L’s formula with each price term replaced by its expectation), undiscounted'
      : 'E[PL(S_T)] by numeric integration of the P/L over the distribution, cut at every strike, undiscounted',
    working: analysis.exact ? `${sumOf(terms.map((t) => t.value ?? 0))} = ${n(ev)}` : `= ${n(ev)}`,
    value: ev,
    unit: 'money',
  };
  return {
    key: 'expected_value',
    title: 'Expected value',
    steps: [
      ...terms,
      total,
      {
        key: 'ev_ml',
        label: 'Expected value over max loss',
        formula: 'Expected value / max loss',
        working: Number.isFinite(maxLoss)
          ? `${n(ev)} / ${n(maxLoss)} = ${n(returns.ev_ml ?? Number.NaN)}`
          : 'Unlimited max loss',
        value: returns.ev_ml,
        unit: 'ratio',
      },
    ],
  };
}

function capitalSection(
  pos: Position,
  analysis: PLAnalysis,
  ev: number,
  atr: number | undefined,
): ExplainSection {
  const maxLoss = -analysis.minPL;
  const margin = regTMargin(pos, maxLoss);
  const capital = acquisitionCapital(pos, analysis, margin);
  const r = returnMetrics(pos, analysis, margin, ev, atr);
  const days = perDayDays(pos);
  const definedRisk = Number.isFinite(maxLoss)
    ? Math.max(pos.cost, maxLoss + Math.max(-pos.cost, 0), 0)
    : Number.NaN;
  const ratio = (num: number, den: number, value: number | null) =>
    value === null
      ? 'Not defined (an unlimited amount or nothing to divide by)'
      : `${n(num)} / ${n(den)} = ${n(value)}`;
  // From the return's own parts, so the rounding of the return does not carry into the product.
  const annual = (num: number, den: number, value: number | null) =>
    value === null ? 'Not defined' : `${n(num)} / ${n(den)} × 365 / ${n(days)} = ${n(value)}`;
  const plNow = analysis.pl(pos.spot);
  return {
    key: 'capital',
    title: 'Margin and returns',
    steps: [
      {
        key: 'margin',
        label: 'Margin',
        formula:
          'Defined risk (every short option covered): max(net debit, max loss + net credit). Otherwise the net debit + 150% of short shares + the short options’ requirement (docs/METRICS.md)',
        working:
          margin === definedRisk
            ? `max(${n(Math.max(pos.cost, 0))}, ${n(maxLoss)} + ${n(Math.max(-pos.cost, 0))}) = ${n(margin)}`
            : `With uncovered short options, the larger side's requirement plus the other side's premiums = ${n(margin)}`,
        value: margin,
        unit: 'money',
      },
      {
        key: 'capital',
        label: 'Capital',
        formula: 'max(net debit, max loss) when the loss is bounded, else the margin',
        working: Number.isFinite(maxLoss)
          ? `max(${n(pos.cost)}, ${n(maxLoss)}) = ${n(capital)}`
          : `the margin = ${n(capital)}`,
        value: capital,
        unit: 'money',
      },
      {
        key: 'return_acquisition',
        label: 'Return if the price is unchanged',
        formula: 'P/L at the horizon at today’s price / capital',
        working: ratio(plNow, capital, r.return_acquisition),
        value: r.return_acquisition,
        unit: 'fraction',
      },
      {
        key: 'return_acquisition_annualized',
        label: 'Return, annualized',
        formula: 'Return × 365 / days to the horizon (at least 1)',
        working: annual(plNow, capital, r.return_acquisition_annualized),
        value: r.return_acquisition_annualized,
        unit: 'fraction',
      },
      {
        key: 'max_return_margin',
        label: 'Max return on margin',
        formula: 'Max profit / margin',
        working: ratio(analysis.maxPL, margin, r.max_return_margin),
        value: r.max_return_margin,
        unit: 'fraction',
      },
      {
        key: 'spread_profit_ratio',
        label: 'Reward / risk',
        formula: 'Max profit / max loss',
        working: ratio(analysis.maxPL, maxLoss, r.spread_profit_ratio),
        value: r.spread_profit_ratio,
        unit: 'ratio',
      },
    ],
  };
}

/** The explanation of `input`'s metrics; its values are `tradeMetrics(input)`'s. */
export function explainTrade(input: TradeInput): TradeExplanation {
  const pos = buildPosition(input);
  const analysis = analyzePL(pos);
  const ev = expectedPL(pos, analysis);
  const dist = distributionOf(pos);
  const regions = regionsOf(dist, analysis);
  return {
    strategy: input.strategy,
    symbol: input.underlying.symbol,
    price: pos.spot,
    asOfMs: pos.asOfMs,
    horizonMs: pos.horizonMs,
    days: pos.days,
    rate: pos.rate,
    dividendYield: pos.dividendYield,
    drift: pos.drift,
    bidAskLevel: input.bidAskLevel,
    legs: pos.legs.map((l) => explainLeg(l, input.bidAskLevel)),
    distribution: {
      model: dist.model,
      description: dist.description,
      intervalFormula: dist.intervalFormula,
      parameters: dist.parameters,
      regions,
    },
    sections: [
      priceSection(pos),
      plSection(pos, analysis),
      probabilitySection(pos, dist, analysis, regions),
      expectedValueSection(pos, dist, analysis, ev),
      capitalSection(pos, analysis, ev, input.underlying.atr),
    ],
  };
}
